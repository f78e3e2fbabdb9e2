/**
 * The first partner banner is the home page's largest picture: it must be on the page at once, in
 * the slider's box, loaded eagerly with high priority, and the slider's chunk must not be fetched until
 * it has loaded (bench/README: the page's largest paint waited for the 97.5 KB slider chunk, Swiper's then).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithStore } from '../../test/render';
import { BANNERS, WIDE_BANNER_MEDIA } from './banners';
import { HomePage } from './home-page';

// The slider's chunk: its request is recorded, and it arrives only when the test lets it.
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { requested: false, arrive: () => arrive(), arrived };
});
vi.mock('./ad-slider', async (importOriginal) => {
  chunk.requested = true;
  await chunk.arrived;
  return importOriginal();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serveHomeView() {
  mockFetch({ 'GET /api/products': { body: { sections: [], total: 0 } } });
}

const firstBanner = BANNERS[0]!;
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('PartnerOffers', () => {
  it('shows the first banner at once with high priority, and fetches the slider only once it has loaded', async () => {
    // A page still loading: the slider waits for the banner's picture, not for the page's load event.
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    serveHomeView();
    const { unmount } = renderWithStore(<HomePage />);

    const region = screen.getByRole('region', { name: 'Partner offers' });
    expect(region).toHaveClass('aspect-[2/1]', 'sm:aspect-[4/1]', 'overflow-hidden');
    const image = within(region).getByRole('img', { name: firstBanner.alt });
    expect(image).toHaveAttribute('src', firstBanner.narrow);
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).not.toHaveAttribute('decoding', 'async');
    expect(image).toHaveClass('h-full', 'w-full', 'object-cover');
    const wide = region.querySelector('picture > source')!;
    expect(wide).toHaveAttribute('srcset', firstBanner.wide);
    expect(wide).toHaveAttribute('media', WIDE_BANNER_MEDIA);
    expect(wide).toHaveAttribute('width', '1600');
    expect(wide).toHaveAttribute('height', '400');
    const link = within(region).getByRole('link');
    expect(link).toHaveAttribute('href', firstBanner.href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await tick();
    expect(chunk.requested).toBe(false);
    expect(screen.queryByTestId('ad-slider')).not.toBeInTheDocument();

    // The picture has loaded: the chunk is fetched; the banner stays until it arrives.
    fireEvent.load(image);
    await waitFor(() => expect(chunk.requested).toBe(true));
    expect(within(region).getByRole('img', { name: firstBanner.alt })).toBe(image);

    chunk.arrive();
    const slider = await within(region).findByTestId('ad-slider');
    expect(image).not.toBeInTheDocument();
    // Every banner is in the slider; only the shown one is reachable (the others are inert).
    const links = within(slider).getAllByRole('link', { hidden: true });
    expect(new Set(links.map((a) => a.getAttribute('href')))).toEqual(new Set(BANNERS.map((b) => b.href)));

    // Coming back to the home page, the slider is there straight away.
    unmount();
    renderWithStore(<HomePage />);
    expect(screen.getByTestId('ad-slider')).toBeInTheDocument();
  });
});
