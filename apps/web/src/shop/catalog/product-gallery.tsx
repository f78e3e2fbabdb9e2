/**
 * The product's pictures in the product view (docs/shop-rules.md#catalog). One picture (or none) is
 * shown as it is, with no gallery chrome. Several pictures are a gallery:
 * - wider than a phone: the main picture and a row of thumbnails that choose it;
 * - on a phone (below 640 px): a swipeable strip with pagination dots (Swiper, loaded only then,
 *   from product-gallery-swiper.tsx, so the main bundle stays small).
 * Wider than a phone, the main picture is a button: a click, Enter or Space opens the zoomed view
 * (image-zoom.tsx), which Escape closes.
 */
import type { ProductImage as Image } from '@pumpkart/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { ImageZoom } from './image-zoom';
import { ProductImage } from './product-image';
import { useIsPhone } from '../../ui/use-media-query';

const GallerySwiper = lazy(() => import('./product-gallery-swiper'));

/** The main picture's box (4:3), the same as the card's proportions. */
const MAIN = { width: 600, height: 450 } as const;

export interface ProductGalleryProps {
  images: Image[];
  title: string;
  /** The CSS width of the main picture (srcset `sizes`). */
  sizes: string;
}

export function ProductGallery({ images, title, sizes }: ProductGalleryProps) {
  const phone = useIsPhone();
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const several = images.length > 1;
  const image = images[index] ?? images[0];
  const mainClass = 'aspect-[4/3] h-auto w-full rounded-lg bg-white';

  const main = (
    <ProductImage
      image={image}
      alt={title}
      width={MAIN.width}
      height={MAIN.height}
      sizes={sizes}
      eager
      className={mainClass}
    />
  );

  if (phone && several) {
    return (
      <div data-testid="product-gallery">
        <Suspense fallback={main}>
          <GallerySwiper images={images} title={title} sizes={sizes} />
        </Suspense>
      </div>
    );
  }

  if (phone || !image) return main;

  return (
    <div data-testid={several ? 'product-gallery' : undefined}>
      <button
        ref={zoomButton}
        type="button"
        onClick={() => setZoomed(true)}
        aria-haspopup="dialog"
        aria-label={`Zoom picture of ${title}`}
        className="group relative block w-full cursor-zoom-in rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {main}
        <span className="pointer-events-none absolute bottom-2 right-2 inline-flex items-center gap-1 rounded-md bg-slate-900/75 px-2 py-1 text-xs font-medium text-white">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5M11 8v6M8 11h6" strokeLinecap="round" />
          </svg>
          Zoom
        </span>
      </button>
      {several && (
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Pictures">
          {images.map((img, position) => (
            <button
              key={img.url}
              type="button"
              onClick={() => setIndex(position)}
              aria-label={`Show picture ${position + 1} of ${images.length}`}
              aria-pressed={position === index}
              className={`overflow-hidden rounded-md ring-2 ${position === index ? 'ring-brand-600' : 'ring-slate-200'}`}
            >
              <ProductImage image={img} alt="" width={64} height={48} sizes="64px" className="h-12 w-16 bg-white" />
            </button>
          ))}
        </div>
      )}
      {zoomed && (
        <ImageZoom
          images={images}
          index={index}
          onIndexChange={setIndex}
          title={title}
          onClose={() => {
            setZoomed(false);
            zoomButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}
