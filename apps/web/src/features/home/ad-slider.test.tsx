/**
 * The ad slider: 4 partner banners that loop, autoplay every 4000 ms (pausing while the pointer rests on the
 * slider or focus is inside it), have clickable pagination and open in a new tab. The shown banner is the
 * one slide that is not hidden from assistive technology and the keyboard.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdSlider from './ad-slider';
import { BANNERS, SLIDE_DELAY_MS } from './banners';

const slider = () => screen.getByTestId('ad-slider');
const bullets = () => within(slider()).getAllByRole('button', { name: /^Go to slide \d$/ });
/** The index of the bullet marked current, and of the one slide shown. */
const current = () => bullets().findIndex((bullet) => bullet.getAttribute('aria-current') === 'true');
const shownSlide = () => {
  const slides = slider().querySelectorAll('[aria-roledescription="slide"]');
  const shown = [...slides].filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(shown).toHaveLength(1);
  expect(shown[0]).not.toHaveAttribute('inert');
  return [...slides].indexOf(shown[0]!);
};
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => vi.useRealTimers());

describe('AdSlider', () => {
  it('shows the 4 partner banners, each opening its site in a new tab', () => {
    render(<AdSlider />);
    const links = within(slider()).getAllByRole('link', { hidden: true });
    expect(new Set(links.map((link) => link.getAttribute('href')))).toEqual(new Set(BANNERS.map((b) => b.href)));
    expect(BANNERS).toHaveLength(4);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // Only the shown banner's link is reachable.
    expect(within(slider()).getAllByRole('link')).toHaveLength(1);
    expect(shownSlide()).toBe(0);
  });

  it('loops and autoplays every 4000 ms', async () => {
    vi.useFakeTimers();
    render(<AdSlider />);
    expect(SLIDE_DELAY_MS).toBe(4000);
    expect(current()).toBe(0);
    await wait(3990);
    expect(current()).toBe(0);
    await wait(20);
    expect(current()).toBe(1);
    expect(shownSlide()).toBe(1);
    for (const next of [2, 3, 0]) {
      await wait(SLIDE_DELAY_MS);
      expect(current()).toBe(next); // after the last banner, the first again
    }
    expect(shownSlide()).toBe(0);
  });

  it('pauses while the pointer rests on it or focus is inside it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<AdSlider />);
    await user.hover(slider());
    await wait(3 * SLIDE_DELAY_MS);
    expect(current()).toBe(0);
    await user.unhover(slider());
    await wait(SLIDE_DELAY_MS + 10);
    expect(current()).toBe(1);

    await user.tab(); // into the slider
    expect(slider()).toContainElement(document.activeElement as HTMLElement);
    await wait(3 * SLIDE_DELAY_MS);
    expect(current()).toBe(1);
    act(() => (document.activeElement as HTMLElement).blur());
    await wait(SLIDE_DELAY_MS + 10);
    expect(current()).toBe(2);
  });

  it('goes on after a click on a bullet once the pointer leaves (a click does not take focus)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<AdSlider />);
    await user.click(bullets()[2]!);
    expect(current()).toBe(2);
    expect(slider()).not.toContainElement(document.activeElement as HTMLElement);
    await user.unhover(slider());
    await wait(SLIDE_DELAY_MS + 10);
    expect(current()).toBe(3);
  });

  it('has one pagination button per banner, and clicking one shows that banner', () => {
    render(<AdSlider />);
    expect(bullets()).toHaveLength(4);
    expect(bullets()[0]).toHaveAttribute('aria-current', 'true');
    fireEvent.click(bullets()[2]!);
    expect(current()).toBe(2);
    expect(shownSlide()).toBe(2);
    expect(bullets()[0]).not.toHaveAttribute('aria-current');
    expect(within(slider()).getByRole('link')).toHaveAttribute('href', BANNERS[2]!.href);
  });
});
