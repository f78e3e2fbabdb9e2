import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRevealedCount } from './use-revealed-count';

afterEach(() => {
  vi.useRealTimers();
});

describe('useRevealedCount', () => {
  it('shows the first items at once and one more in each following task until all are shown', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRevealedCount(5, 2));
    expect(result.current).toBe(2);
    for (const expected of [3, 4, 5, 5]) {
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      expect(result.current).toBe(expected);
    }
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never shows more than there are, and reveals items that arrive later the same way', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ total }) => useRevealedCount(total, 2), { initialProps: { total: 0 } });
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 1 });
    expect(result.current).toBe(1);
    rerender({ total: 4 });
    expect(result.current).toBe(2);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(result.current).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
    // Fewer items (a new answer): the ones shown stay; more again: shown at once up to what was revealed.
    rerender({ total: 3 });
    expect(result.current).toBe(3);
    rerender({ total: 4 });
    expect(result.current).toBe(4);
  });
});
