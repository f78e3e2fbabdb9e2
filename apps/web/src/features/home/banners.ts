/**
 * The home page's partner adverts: 4 slides, each linking to a
 * fuel-equipment maker's own site. The pictures are local SVGs in /public/banners, one wide (4:1)
 * and one narrow (2:1, for phones), so the slider box can reserve its height before they load.
 */
export interface Banner {
  partner: string;
  href: string;
  /** What the picture says, for people who cannot see it. */
  alt: string;
  wide: string;
  narrow: string;
}

export const BANNERS: readonly Banner[] = [
  {
    partner: 'Tokheim',
    href: 'https://www.tokheim.com/',
    alt: 'Tokheim: fuel dispensers built for Indian forecourts. Visit tokheim.com',
    wide: '/banners/tokheim-wide.svg',
    narrow: '/banners/tokheim-narrow.svg',
  },
  {
    partner: 'Gilbarco',
    href: 'https://www.gilbarco.com/',
    alt: 'Gilbarco: dispensers, tank gauges and forecourt automation. Visit gilbarco.com',
    wide: '/banners/gilbarco-wide.svg',
    narrow: '/banners/gilbarco-narrow.svg',
  },
  {
    partner: 'ELGi',
    href: 'https://www.elgi.com/',
    alt: 'ELGi: air compressors and tyre inflators for every pump. Visit elgi.com',
    wide: '/banners/elgi-wide.svg',
    narrow: '/banners/elgi-narrow.svg',
  },
  {
    partner: 'Dover Fueling Solutions',
    href: 'https://www.doverfuelingsolutions.com/',
    alt: 'Dover Fueling Solutions: nozzles, meters and dispensers. Visit doverfuelingsolutions.com',
    wide: '/banners/dover-wide.svg',
    narrow: '/banners/dover-narrow.svg',
  },
];

/** Autoplay interval of the slider. */
export const SLIDE_DELAY_MS = 4000;

/** The box every banner fills: 2:1 on phones, 4:1 from the small breakpoint up. */
export const BANNER_BOX_CLASS = 'aspect-[2/1] sm:aspect-[4/1]';

/**
 * Where the wide picture replaces the narrow one: Tailwind's `sm` breakpoint, as in
 * BANNER_BOX_CLASS. index.html preloads the first banner's pictures with the same media queries.
 */
export const WIDE_BANNER_MEDIA = '(min-width: 640px)';

/** The pictures' own sizes (their SVG viewBox), as width and height attributes. */
export const BANNER_SIZE = {
  narrow: { width: 800, height: 400 },
  wide: { width: 1600, height: 400 },
} as const;
