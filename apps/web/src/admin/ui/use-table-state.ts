/**
 * The state of a server-paged admin table (page, filters, sort) held in the address's query, so that Back, a
 * reload and a shared link show the same view (the admin lists' contract: docs/shop-rules.md#admin-lists).
 * A page reads its state with its own `read` (a value the server would refuse is left out) and writes it with
 * `write` (only what differs from the defaults, so the plain address is the first page).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_COUNT_CAP, totalIsCapped } from '@pumpkart/shared';

/** A page number of the address: 1 when it is missing or not a whole number from 1. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `value` when it is one of `allowed`, else `fallback`. */
export function oneOf<Value extends string, Fallback extends string>(
  allowed: readonly Value[],
  value: string | null,
  fallback: Fallback,
): Value | Fallback {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as Value) : fallback;
}

/** How many pages `total` rows fill, at least one (past the count cap, the pages the cap fills). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.min(total, ADMIN_COUNT_CAP) / pageSize));

/** A list's total as shown: '1,234', or '1,000+' when the server counted no further (docs/shop-rules.md#admin-lists). */
export const totalLabel = (total: number) =>
  totalIsCapped(total) ? `${ADMIN_COUNT_CAP.toLocaleString('en-IN')}+` : total.toLocaleString('en-IN');

/** Sets `key` to `value` in `params`, or leaves it out when the value is the default (empty, or the page 1). */
export function setParam(
  params: URLSearchParams,
  key: string,
  value: string | number,
  byDefault: string | number = '',
) {
  const text = String(value).trim();
  if (text !== '' && text !== String(byDefault)) params.set(key, text);
}

/** The table state of the address, and `show(next)`, which writes a new state into it (a new history entry). */
export function useTableState<State>(
  read: (params: URLSearchParams) => State,
  write: (state: State) => URLSearchParams,
): { state: State; show: (next: State) => void } {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  const show = useCallback((next: State) => setParams(write(next)), [setParams, write]);
  return { state, show };
}
