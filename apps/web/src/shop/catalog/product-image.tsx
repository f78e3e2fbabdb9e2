/**
 * A product picture that never shifts the layout and never downloads more than it shows: width and
 * height set, lazy-loaded by default, and a srcset of the server's WebP renditions.
 */
import type { ProductImage as Image } from '@pumpkart/shared';

export interface ProductImageProps {
  image: Image | undefined;
  alt: string;
  /** The CSS width the image is shown at, for the browser to pick a rendition. */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  /** fetchpriority=high; by default when eager. */
  highPriority?: boolean;
}

export function ProductImage({
  image,
  alt,
  sizes,
  width,
  height,
  className = '',
  eager,
  highPriority = eager,
}: ProductImageProps) {
  if (!image) {
    return (
      <div
        className={`flex items-center justify-center bg-slate-100 text-sm text-slate-500 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        No Image
      </div>
    );
  }
  const srcSet = image.sizes?.length ? image.sizes.map((s) => `${s.url} ${s.width}w`).join(', ') : undefined;
  return (
    <img
      src={image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={highPriority ? 'high' : undefined}
      decoding="async"
      className={`object-contain ${className}`}
    />
  );
}
