/**
 * index.html preloads the home page's first banner (its largest picture) so that it does not wait
 * for the scripts: the links must name the pictures the banner shows, with the <picture>'s media
 * queries, or the browser would fetch one picture for nothing and the real one late. (Every route
 * is served index.html, so other pages fetch the 2-3 KB picture too: cheaper than a script.)
 */
import { describe, expect, it } from 'vitest';
import html from '../../../index.html?raw';
import { BANNERS, WIDE_BANNER_MEDIA } from './banners';

const head = new DOMParser().parseFromString(html, 'text/html').head;
const publicBanners = Object.keys(import.meta.glob('../../../public/banners/*.svg')).map((file) =>
  file.replace('../../../public', ''),
);

describe('index.html', () => {
  it("preloads the first banner's narrow picture below the wide breakpoint and its wide one above, with high priority", () => {
    const links = [...head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
      href: link.getAttribute('href'),
      media: link.getAttribute('media'),
      fetchpriority: link.getAttribute('fetchpriority'),
    }));
    expect(links).toEqual([
      { href: BANNERS[0]!.narrow, media: `not all and ${WIDE_BANNER_MEDIA}`, fetchpriority: 'high' },
      { href: BANNERS[0]!.wide, media: WIDE_BANNER_MEDIA, fetchpriority: 'high' },
    ]);
  });

  it('names pictures that exist in public/', () => {
    expect(publicBanners).toEqual(expect.arrayContaining([BANNERS[0]!.narrow, BANNERS[0]!.wide]));
  });
});
