/**
 * A message that clears itself after a while (toasts and messages last 2 seconds).
 * Showing a new message restarts the timer; the timer is cleared on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const MESSAGE_DURATION_MS = 2000;

export function useTimedMessage(durationMs = MESSAGE_DURATION_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, clear };
}
