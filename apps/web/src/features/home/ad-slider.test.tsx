/**
 * The ad slider: 4 partner banners that loop, autoplay every 4000 ms, have
 * clickable pagination and open in a new tab. The real Swiper runs here; its live settings are
 * read from the instance Swiper attaches to its element (`element.swiper`), since jsdom has no
 * layout or CSS transitions to watch a whole loop go round.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdSlider from './ad-slider';
import { BANNERS } from './banners';

interface SwiperLike {
  realIndex: number;
  params: { loop: boolean; autoplay: { delay: number; enabled: boolean }; pagination: { clickable: boolean } };
  autoplay: { running: boolean };
}

const sliderOf = () => {
  const element = screen.getByTestId('ad-slider') as HTMLElement & { swiper?: SwiperLike };
  return { element, swiper: element.swiper! };
};

afterEach(() => vi.useRealTimers());

describe('AdSlider', () => {
  it('shows the 4 partner banners, each opening its site in a new tab', () => {
    render(<AdSlider />);
    const { element } = sliderOf();
    const links = within(element).getAllByRole('link');
    expect(new Set(links.map((link) => link.getAttribute('href')))).toEqual(new Set(BANNERS.map((b) => b.href)));
    expect(BANNERS).toHaveLength(4);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('loops and autoplays every 4000 ms', async () => {
    vi.useFakeTimers();
    render(<AdSlider />);
    const { swiper } = sliderOf();
    expect(swiper.params.loop).toBe(true);
    expect(swiper.params.autoplay).toMatchObject({ enabled: true, delay: 4000 });
    expect(swiper.autoplay.running).toBe(true);

    expect(swiper.realIndex).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(3990));
    expect(swiper.realIndex).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(swiper.realIndex).toBe(1);
  });

  it('has one pagination button per banner, and clicking one shows that banner', () => {
    render(<AdSlider />);
    const { element, swiper } = sliderOf();
    expect(swiper.params.pagination.clickable).toBe(true);
    const bullets = within(element).getAllByRole('button', { name: /^Go to slide \d$/ });
    expect(bullets).toHaveLength(4);
    expect(bullets[0]).toHaveAttribute('aria-current', 'true');
    act(() => {
      fireEvent.click(bullets[1]!);
    });
    expect(swiper.realIndex).toBe(1);
    expect(within(element).getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    expect(bullets[0]).not.toHaveAttribute('aria-current');
  });
});
