/**
 * The value, once it has stopped changing for `delayMs`. The search box shows every keystroke at
 * once; only the request it triggers waits (about 300 ms), so typing a word sends one request.
 */
import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
