/**
 * The `sizes` of the card and modal pictures say how wide each picture is really shown, at every
 * viewport width, so that a phone downloads the rendition it needs and no larger (bench/README:
 * a 360 px phone at 2x got the 640 px rendition for a 162 px card). The widths expected here are
 * worked out from the layout's own classes, not copied from the `sizes` strings.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render';
import { CARD_IMAGE_SIZES } from '@pumpkart/shared';
import { PRODUCT_GRID_CLASS, ProductCard } from './product-card';
import { MODAL_IMAGE_SIZES, ProductModal } from './product-modal';
import { makeProduct } from './test-products';

/** The server's renditions (apps/server/src/modules/products/images.ts RENDITION_WIDTHS). */
const RENDITIONS = [320, 480, 640, 1024];
const picture = {
  url: '/uploads/products/p/640.webp',
  public_id: 'products/p',
  width: 640,
  height: 480,
  sizes: RENDITIONS.map((width) => ({ width, url: `/uploads/products/p/${width}.webp` })),
};

/** Tailwind's breakpoints, in px. */
const BREAKPOINTS: Record<string, number> = { '': 0, sm: 640, md: 768, lg: 1024, xl: 1280 };
/** The page frame of layout.tsx: `max-w-7xl px-3 sm:px-6`. */
const FRAME_MAX = 1280;
const framePadding = (viewport: number) => (viewport >= 640 ? 24 : 12);

/** Reads a responsive Tailwind utility (e.g. `grid-cols-` or `gap-`) at a viewport width. */
function utilityAt(classes: string, utility: string, viewport: number): number {
  let value: number | undefined;
  let from = -1;
  for (const token of classes.split(/\s+/)) {
    const match = new RegExp(`^(?:(\\w+):)?${utility}(\\d+)$`).exec(token);
    if (!match) continue;
    const breakpoint = BREAKPOINTS[match[1] ?? '']!;
    if (viewport >= breakpoint && breakpoint >= from) {
      value = Number(match[2]);
      from = breakpoint;
    }
  }
  if (value === undefined) throw new Error(`no ${utility} in '${classes}'`);
  return value;
}

/** The width a grid card really has: the frame's content shared by the columns, less the gaps. */
function cardWidth(viewport: number): number {
  const columns = utilityAt(PRODUCT_GRID_CLASS, 'grid-cols-', viewport);
  const gap = utilityAt(PRODUCT_GRID_CLASS, 'gap-', viewport) * 4;
  const content = Math.min(viewport, FRAME_MAX) - 2 * framePadding(viewport);
  return (content - (columns - 1) * gap) / columns;
}

/** The product modal's picture: `max-w-3xl` panel, 16 px margin from `sm`, `px-5` body, 2 columns gap-5 from `sm`. */
function modalPictureWidth(viewport: number): number {
  const panel = Math.min(viewport - (viewport >= 640 ? 32 : 0), 768);
  const body = panel - 40;
  return viewport >= 640 ? (body - 20) / 2 : body;
}

/** What a browser makes of a `sizes` list of `(min-width: Npx) <length>` entries at a viewport width. */
function evaluateSizes(sizes: string, viewport: number): number {
  for (const entry of sizes.split(/,\s*/)) {
    const media = /^\(min-width: (\d+)px\)\s+(.+)$/.exec(entry);
    if (media && viewport < Number(media[1])) continue;
    const length = media ? media[2]! : entry;
    let match: RegExpExecArray | null;
    if ((match = /^(\d+)px$/.exec(length))) return Number(match[1]);
    if ((match = /^calc\(\(100vw - (\d+)px\) \/ (\d+)\)$/.exec(length))) {
      return (viewport - Number(match[1])) / Number(match[2]);
    }
    if ((match = /^calc\(100vw - (\d+)px\)$/.exec(length))) return viewport - Number(match[1]);
    throw new Error(`cannot read '${length}'`);
  }
  throw new Error(`no entry of '${sizes}' applies at ${viewport} px`);
}

/** The rendition a browser picks: the narrowest at least as wide as the device pixels to fill. */
const pick = (cssWidth: number, density: number) =>
  RENDITIONS.find((width) => width >= cssWidth * density) ?? RENDITIONS.at(-1)!;

const viewports = Array.from({ length: 1700 - 320 + 1 }, (_, i) => 320 + i);

describe('product card picture sizes', () => {
  it('gives the card image every rendition and the sizes of the grid', () => {
    renderWithStore(<ProductCard product={makeProduct({ title: 'Nozzle', images: [picture] })} />);
    const image = screen.getByRole('img', { name: 'Nozzle' });
    expect(image).toHaveAttribute('sizes', CARD_IMAGE_SIZES);
    expect(image.getAttribute('srcset')).toBe(
      RENDITIONS.map((width) => `/uploads/products/p/${width}.webp ${width}w`).join(', '),
    );
    expect(image).toHaveAttribute('src', '/uploads/products/p/640.webp');
  });

  it('describes the real card width at every viewport width, 162 px on a 360 px phone', () => {
    for (const viewport of viewports) {
      expect(evaluateSizes(CARD_IMAGE_SIZES, viewport), `at ${viewport} px`).toBeCloseTo(cardWidth(viewport), 5);
    }
    expect(evaluateSizes(CARD_IMAGE_SIZES, 360)).toBe(162);
    expect(evaluateSizes(CARD_IMAGE_SIZES, 1366)).toBe(296);
  });

  it('lets a 360 px phone at 2x take the 480 px rendition, and a desktop the 320 px one', () => {
    expect(pick(evaluateSizes(CARD_IMAGE_SIZES, 360), 2)).toBe(480);
    expect(pick(evaluateSizes(CARD_IMAGE_SIZES, 412), 1.75)).toBe(480);
    expect(pick(evaluateSizes(CARD_IMAGE_SIZES, 1366), 1)).toBe(320);
  });
});

describe('product modal picture sizes', () => {
  it('gives the modal picture the sizes of its column', () => {
    renderWithStore(<ProductModal product={makeProduct({ title: 'Nozzle', images: [picture] })} onClose={() => {}} />);
    expect(screen.getByRole('img', { name: 'Nozzle' })).toHaveAttribute('sizes', MODAL_IMAGE_SIZES);
  });

  it('describes the real picture width at every viewport width', () => {
    for (const viewport of viewports) {
      expect(evaluateSizes(MODAL_IMAGE_SIZES, viewport), `at ${viewport} px`).toBeCloseTo(
        modalPictureWidth(viewport),
        5,
      );
    }
    // A 360 px phone at 2x: 320 px shown, the 640 px rendition (the 1024 one before).
    expect(pick(evaluateSizes(MODAL_IMAGE_SIZES, 360), 2)).toBe(640);
    expect(pick(evaluateSizes(MODAL_IMAGE_SIZES, 1366), 1)).toBe(480);
  });
});
