/**
 * How many of `total` items to show: `first` at once, then one more in each following task until all are shown.
 * A long list's first render is one long task on a phone (every card's render, its DOM and its layout); mounted a
 * part at a time, the page stays responsive between the parts (docs/decisions/0016-storefront-weight.md, fourth
 * part). Items already shown stay shown; more items (a new answer) are revealed the same way.
 */
import { useEffect, useState } from 'react';

export function useRevealedCount(total: number, first: number): number {
  const [revealed, setRevealed] = useState(first);
  useEffect(() => {
    if (revealed >= total) return;
    const timer = setTimeout(() => setRevealed((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [revealed, total]);
  return Math.min(revealed, total);
}
