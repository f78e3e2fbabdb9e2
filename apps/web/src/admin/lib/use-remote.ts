/**
 * Loads one thing from the server for an admin page: 'loading' first, then 'ready' with the data or
 * 'failed'. `reload` fetches again and keeps the current data on screen meanwhile (used after every
 * admin action). `load` must be a stable function (e.g. `ordersApi.all`).
 */
import { useCallback, useEffect, useState } from 'react';

export type RemoteState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'failed'; data: T | undefined; error: unknown };

export function useRemote<T>(load: () => Promise<T>, what: string) {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading', data: undefined, error: undefined });

  const settle = useCallback(
    (promise: Promise<T>, isCurrent: () => boolean = () => true) =>
      promise.then(
        (data) => {
          if (isCurrent()) setState({ status: 'ready', data, error: undefined });
        },
        (error: unknown) => {
          console.error(`Failed to load ${what}`, error);
          if (isCurrent()) setState((previous) => ({ status: 'failed', data: previous.data, error }));
        },
      ),
    [what],
  );

  useEffect(() => {
    let current = true;
    void settle(load(), () => current);
    return () => {
      current = false;
    };
  }, [load, settle]);

  const reload = useCallback(() => settle(load()), [load, settle]);
  return { ...state, reload };
}
