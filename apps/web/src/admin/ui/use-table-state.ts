/**
 * The state of a server-paged admin table (filters, sort, page, view, the opened row) held in the address's query,
 * so that Back, a reload and a shared link show the same view (the admin lists' contract:
 * docs/shop-rules.md#admin-lists). Each table declares its keys once, as a `TableSpec` of params; one hook reads
 * them (a value the server would refuse falls back to its default) and writes them (only what differs from the
 * defaults, so the plain address is the first page).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_COUNT_CAP, totalIsCapped } from '@pumpkart/shared';

/** One key of the address: how its text reads, and the value when it is missing or refused. */
export interface Param<Value> {
  /** The value of the address's text, or undefined for one the server would refuse. */
  parse: (text: string) => Value | undefined;
  fallback: Value;
}

/** A table's state in the address: one param per key, in the order the address lists them. */
export interface TableSpec<State> {
  params: { [Key in keyof State]: Param<State[Key]> };
  /** Defaults that hang on other keys (the orders' sort on the view); they replace the params' fallbacks. */
  defaultsOf?: (state: State) => Partial<State>;
  /** A rule across keys that the server would otherwise refuse (a range that ends before it starts). */
  refine?: (state: State) => State;
}

/** The state a spec reads. */
export type StateOf<Spec> = Spec extends TableSpec<infer State> ? State : never;

/** A page number: a whole number from 1, else the first page. */
export const pageParam = (): Param<number> => ({
  parse: (text) => {
    const page = Number(text);
    return Number.isInteger(page) && page >= 1 ? page : undefined;
  },
  fallback: 1,
});

/** One of `allowed`, else `fallback`. */
export const choiceParam = <const Value extends string, Fallback extends string = ''>(
  allowed: readonly Value[],
  fallback: Fallback = '' as Fallback,
): Param<Value | Fallback> => ({
  parse: (text) => ((allowed as readonly string[]).includes(text) ? (text as Value) : undefined),
  fallback,
});

/** Free text, trimmed and cut at `max` characters; '' when missing. */
export const textParam = (max: number): Param<string> => ({
  parse: (text) => text.trim().slice(0, max),
  fallback: '',
});

/** Text that `pattern` matches whole (an account's uuid), else ''. */
export const matchParam = (pattern: RegExp): Param<string> => ({
  parse: (text) => (pattern.test(text) ? text : undefined),
  fallback: '',
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD, else ''. */
export const dayParam = (): Param<string> => ({
  parse: (text) => {
    if (!DAY.test(text)) return undefined;
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
  },
  fallback: '',
});

/** Declares a table's spec; only there to infer `State` from the params. */
export const tableSpec = <State>(spec: TableSpec<State>): TableSpec<State> => spec;

const keysOf = <State>(spec: TableSpec<State>) => Object.keys(spec.params) as (keyof State & string)[];

/** The defaults of every key for `state` (the params' fallbacks, then those that hang on other keys). */
export function defaultsOf<State>(spec: TableSpec<State>, state?: State): State {
  const fallbacks = Object.fromEntries(keysOf(spec).map((key) => [key, spec.params[key].fallback])) as State;
  return { ...fallbacks, ...spec.defaultsOf?.(state ?? fallbacks) };
}

/** The state of `params`: each key parsed, a missing or refused one at its default. */
export function readTableState<State>(spec: TableSpec<State>, params: URLSearchParams): State {
  const read: Partial<State> = {};
  for (const key of keysOf(spec)) {
    const text = params.get(key);
    const value = text === null ? undefined : spec.params[key].parse(text);
    if (value !== undefined) read[key] = value;
  }
  const state = { ...defaultsOf(spec), ...read };
  const full = { ...defaultsOf(spec, state), ...read };
  return spec.refine ? spec.refine(full) : full;
}

/** The address of `state`: only the keys that differ from their defaults (or are blank), in the spec's order. */
export function writeTableState<State>(spec: TableSpec<State>, state: State): URLSearchParams {
  const defaults = defaultsOf(spec, state);
  const params = new URLSearchParams();
  for (const key of keysOf(spec)) {
    const text = String(state[key]).trim();
    if (text !== '' && text !== String(defaults[key])) params.set(key, text);
  }
  return params;
}

export interface TableState<State> {
  /** The state of the address (the same object until the address changes). */
  state: State;
  /** Writes a whole new state into the address, as a new history entry (Back returns to the one before). */
  show: (next: State) => void;
  /** Writes the state with `patch`'s keys changed. */
  change: (patch: Partial<State>) => void;
}

/** The table state of the address, read and written through `spec` (a module constant). */
export function useTableState<State>(spec: TableSpec<State>): TableState<State> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readTableState(spec, params), [spec, params]);
  const show = useCallback((next: State) => setParams(writeTableState(spec, next)), [setParams, spec]);
  const change = useCallback((patch: Partial<State>) => show({ ...state, ...patch }), [show, state]);
  return { state, show, change };
}

/** How many pages `total` rows fill, at least one (past the count cap, the pages the cap fills). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.min(total, ADMIN_COUNT_CAP) / pageSize));

/** A list's total as shown: '1,234', or '1,000+' when the server counted no further (docs/shop-rules.md#admin-lists). */
export const totalLabel = (total: number) =>
  totalIsCapped(total) ? `${ADMIN_COUNT_CAP.toLocaleString('en-IN')}+` : total.toLocaleString('en-IN');
