/** One advert: the partner's picture (narrow on phones, wide above), linking to its site in a new tab. */
import { BANNER_SIZE, WIDE_BANNER_MEDIA, type Banner } from './banners';

export function BannerLink({
  banner,
  priority = false,
  onSettled,
}: {
  banner: Banner;
  /**
   * The first banner, the page's largest picture: fetched at once with high priority and decoded
   * with the frame rather than after it. The others wait until they are about to be shown.
   */
  priority?: boolean;
  /** Called once the picture has loaded (or failed to). */
  onSettled?: () => void;
}) {
  return (
    <a href={banner.href} target="_blank" rel="noopener noreferrer" className="block h-full w-full">
      <picture>
        <source media={WIDE_BANNER_MEDIA} srcSet={banner.wide} {...BANNER_SIZE.wide} />
        <img
          src={banner.narrow}
          alt={banner.alt}
          {...BANNER_SIZE.narrow}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
          onLoad={onSettled}
          onError={onSettled}
          className="block h-full w-full object-cover"
        />
      </picture>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
