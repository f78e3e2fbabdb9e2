/**
 * The product gallery: one picture has no gallery chrome; several have thumbnails and a zoomed
 * view (keyboard: Enter opens, Escape closes only the zoom) wider than a phone, and a swipeable
 * strip with pagination dots on a phone (Swiper, loaded on demand). jsdom has no matchMedia: the
 * width is set through window.innerWidth (use-media-query.ts).
 */
import type { ProductImage as Image } from '@pumpkart/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGallery } from './product-gallery';
import { ProductModal } from './product-modal';
import { makeProduct } from './test-products';
import { renderWithStore } from '../../test/render';

const images = (n: number): Image[] => Array.from({ length: n }, (_, i) => ({ url: `/uploads/p${i + 1}.webp` }));

interface SwiperLike {
  slides: unknown[];
  params: { pagination: { clickable: boolean } };
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

const width = window.innerWidth;
afterEach(() => setWidth(width));

describe('ProductGallery', () => {
  it('shows one picture without gallery chrome', () => {
    setWidth(1280);
    render(<ProductGallery images={images(1)} title="Nozzle" sizes="300px" />);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.queryByTestId('product-gallery')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show picture/ })).not.toBeInTheDocument();
  });

  it('shows several pictures as thumbnails that choose the main picture', async () => {
    setWidth(1280);
    render(<ProductGallery images={images(3)} title="Nozzle" sizes="300px" />);
    const thumbs = within(screen.getByRole('group', { name: 'Pictures' })).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Show picture 3 of 3' }));
    expect(screen.getByRole('img', { name: 'Nozzle' })).toHaveAttribute('src', '/uploads/p3.webp');
    expect(thumbs[2]).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens a zoomed view from the keyboard, changes picture with the arrows, and Escape closes only the zoom', async () => {
    setWidth(1280);
    const onClose = vi.fn();
    renderWithStore(<ProductModal product={makeProduct({ title: 'Nozzle', images: images(3) })} onClose={onClose} />);
    const zoom = screen.getByRole('button', { name: 'Zoom picture of Nozzle' });
    zoom.focus();
    await userEvent.keyboard('{Enter}');
    const view = screen.getByRole('dialog', { name: 'Nozzle: zoomed picture 1 of 3' });
    expect(within(view).getByRole('button', { name: 'Close zoom' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(view).getByRole('img', { name: 'Nozzle' })).toHaveAttribute('src', '/uploads/p2.webp');
    expect(view).toHaveAccessibleName('Nozzle: zoomed picture 2 of 3');
    // Tab stays in the zoomed view.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(view).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('image-zoom')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Nozzle' })).toBeInTheDocument();
    expect(zoom).toHaveFocus();
  });

  it('on a phone, shows several pictures as a swipeable strip with pagination dots', async () => {
    setWidth(360);
    render(<ProductGallery images={images(3)} title="Nozzle" sizes="300px" />);
    const strip = await screen.findByTestId('product-gallery-swiper');
    expect(within(strip).getAllByRole('img')).toHaveLength(3);
    // jsdom has no layout for Swiper to count pages from: its live settings are read instead (the
    // browser journey e2e/product.e2e.ts swipes and counts the dots).
    const swiper = (strip as HTMLElement & { swiper?: SwiperLike }).swiper!;
    expect(swiper.slides).toHaveLength(3);
    expect(swiper.params.pagination.clickable).toBe(true);
    expect(strip.querySelector('.swiper-pagination')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Zoom/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show picture/ })).not.toBeInTheDocument();
  });

  it('on a phone, one picture is just the picture', () => {
    setWidth(360);
    render(<ProductGallery images={images(1)} title="Nozzle" sizes="300px" />);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.queryByTestId('product-gallery-swiper')).not.toBeInTheDocument();
  });
});
