/**
 * Whether a CSS media query matches, kept up to date (useSyncExternalStore over matchMedia). Where
 * matchMedia is missing (jsdom), a `min-width`/`max-width` query is answered from window.innerWidth.
 */
import { useSyncExternalStore } from 'react';

/** Phones: below Tailwind's `sm` breakpoint (640 px), where the product is a page and swipes. */
export const PHONE_QUERY = '(max-width: 639px)';

function matches(query: string): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(query).matches;
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  const width = window.innerWidth;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

function subscribe(query: string, onChange: () => void): () => void {
  if (typeof window.matchMedia === 'function') {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => subscribe(query, onChange),
    () => matches(query),
    () => false,
  );
}

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
