/**
 * Whether a CSS media query matches, kept up to date (useSyncExternalStore over matchMedia). Where
 * matchMedia is missing (jsdom), a `min-width`/`max-width` query is answered from window.innerWidth.
 */
import { useSyncExternalStore } from 'react';

/** Phones: below Tailwind's `sm` breakpoint (640 px), where the product is a page and swipes. */
export const PHONE_QUERY = '(max-width: 639px)';

/** A `min-width`/`max-width` query answered for a viewport this wide. */
function matchesWidth(query: string, width: number): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

function matches(query: string): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(query).matches;
  return matchesWidth(query, window.innerWidth);
}

/** The viewport width a render without a window answers queries for (renderForWidth); none: no query matches. */
let assumedWidth: number | undefined;

/**
 * Runs a render without a window (renderToStaticMarkup: page shells, shell/page-shells.tsx) as a viewport `width`
 * pixels wide would show it, e.g. the product page as a phone's first render shows it.
 */
export function renderForWidth<T>(width: number, render: () => T): T {
  assumedWidth = width;
  try {
    return render();
  } finally {
    assumedWidth = undefined;
  }
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
    () => assumedWidth !== undefined && matchesWidth(query, assumedWidth),
  );
}

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
