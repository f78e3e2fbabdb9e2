/**
 * A product list's state in its address (docs/shop-rules.md#filters): the search term, the filter panel's values
 * and the order, so that a reload, Back and a shared link keep them. The one place that reads and writes them:
 * the home page keeps all of them, the category page its order.
 *
 * `?q=water&exact=1&category=Fuel%20Dispensers&brand=Gilbarco&price=1000%2B&availability=In%20Stock&minPrice=500&maxPrice=20000&sort=price_asc`
 *
 * A value the app does not know (a mistyped link) reads as no filter rather than an error.
 */
import {
  AVAILABILITY,
  parsePriceBound,
  PRICE_RANGES,
  type Availability,
  type CatalogSort,
  type PriceRange,
} from '@pumpkart/shared';
import { createContext, useContext, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseSort } from './sort-select';

export interface ListingState {
  /** The search term (trimmed). */
  search: string;
  /** The search exactly as typed, not its corrected words ("Search instead for ..."). */
  exact: boolean;
  category: string;
  brand: string;
  priceRange: PriceRange | '';
  /** Whole rupees, inclusive; undefined: no bound. */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  availability: Availability | '';
  /** The chosen order; '' until one is chosen (see effectiveSort). */
  sort: CatalogSort | '';
}

/** The filter panel's part: what Apply Filters sets and a chip can remove. */
export type FilterKey = 'category' | 'brand' | 'priceRange' | 'minPrice' | 'maxPrice' | 'availability';
export type AppliedFilters = Pick<ListingState, FilterKey>;

export const NO_FILTERS: AppliedFilters = {
  category: '',
  brand: '',
  priceRange: '',
  minPrice: undefined,
  maxPrice: undefined,
  availability: '',
};

export const EMPTY_LISTING: ListingState = { search: '', exact: false, ...NO_FILTERS, sort: '' };

/** The address's names, in the order they are written. */
const KEYS = {
  search: 'q',
  exact: 'exact',
  category: 'category',
  brand: 'brand',
  priceRange: 'price',
  availability: 'availability',
  minPrice: 'minPrice',
  maxPrice: 'maxPrice',
  sort: 'sort',
} as const satisfies Record<keyof ListingState, string>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.find((known) => known === value) ?? '';

/** The state an address's query holds (anything unknown or malformed left out). */
export function parseListingState(params: URLSearchParams): ListingState {
  const search = params.get(KEYS.search)?.trim() ?? '';
  let minPrice = parsePriceBound(params.get(KEYS.minPrice));
  let maxPrice = parsePriceBound(params.get(KEYS.maxPrice));
  // Bounds typed the wrong way round mean the same range.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    search,
    exact: search !== '' && params.get(KEYS.exact) === '1',
    category: params.get(KEYS.category)?.trim() ?? '',
    brand: params.get(KEYS.brand)?.trim() ?? '',
    priceRange: oneOf(PRICE_RANGES, params.get(KEYS.priceRange)),
    minPrice,
    maxPrice,
    availability: oneOf(AVAILABILITY, params.get(KEYS.availability)),
    sort: parseSort(params.get(KEYS.sort)) ?? '',
  };
}

/**
 * The words the search box starts with at an address (main.tsx, shell/page-shells.tsx): the home page's term, so
 * that the first render, and the page shell, show the box as the page then stands.
 */
export function initialSearchOf(pathname: string, search: string): string {
  return pathname === '/' ? parseListingState(new URLSearchParams(search)).search : '';
}

/**
 * `params` with the state's names set to `state` (the defaults left out), other names kept: the shortest address
 * that parses back to the same state.
 */
export function withListingState(params: URLSearchParams, state: Partial<ListingState>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, name] of Object.entries(KEYS) as [keyof ListingState, string][]) {
    if (!(key in state)) continue;
    const value = state[key];
    next.delete(name);
    if (value === true) next.set(name, '1');
    else if (typeof value === 'number' || (typeof value === 'string' && value !== '')) next.set(name, String(value));
  }
  if (!next.get(KEYS.search)) next.delete(KEYS.exact);
  return next;
}

/** The address's query for a state ('' when it is the default one). */
export function listingSearch(state: Partial<ListingState>): string {
  const query = withListingState(new URLSearchParams(), state).toString();
  return query ? `?${query}` : '';
}

/** Whether the state asks for a flat list of matches (a search or a filter) rather than the grouped home page. */
export const isFiltering = (state: ListingState) => state.search !== '' || countFilters(state) > 0;

/** How many filters are set (shown on the funnel button); a minimum and a maximum price count as one. */
export const countFilters = ({ category, brand, priceRange, minPrice, maxPrice, availability }: AppliedFilters) =>
  [category, brand, priceRange, minPrice !== undefined || maxPrice !== undefined, availability].filter(Boolean).length;

/**
 * The list's state in the current address, and the function that changes it (replacing the address's entry: Back
 * leaves the page rather than undoing a filter or a sort).
 *
 * The router takes a new address in a transition (BrowserRouter), so it renders the new state only later, while
 * the browser's address changes at once; a select bound to that state would meanwhile show the old value (React
 * puts a controlled select back after its change event). The state written is therefore also kept here, as a
 * synchronous update, until the router's location is a new one: the address and what the page shows change in the
 * same task, whether the buyer chose or the page shell's hand-over did (main.tsx).
 */
/**
 * True for a page rendered behind a product opened over it (features/product/storefront-routes.tsx): its location
 * is the background's, not the address's, so it must not write its list into the address (that would replace the
 * product's entry and close it).
 */
export const PageInBackground = createContext(false);

/** Whether this page shows behind a product opened over it (see PageInBackground). */
export const useIsPageInBackground = () => useContext(PageInBackground);

/**
 * Whether the browser's address is already another page's (a product opened while a typed search waited to be
 * written): the router renders a new address later, and a write now would replace that page's entry and close it.
 * Only a browser router keeps its entries in window.history (its state has a key); a memory router is never ahead.
 */
const leftForAnotherPage = (pathname: string) =>
  typeof window !== 'undefined' &&
  (window.history.state as { key?: string } | null)?.key !== undefined &&
  window.location.pathname !== pathname;

export function useListingState(): [ListingState, (next: Partial<ListingState>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const inBackground = useIsPageInBackground();
  const [written, setWritten] = useState<{ key: string; search: string } | null>(null);
  // Kept for the entry it was written from only: the write replaces that entry, so once the router's location is
  // another one (the written one, or any later), what was kept no longer applies.
  const current = written && written.key === location.key ? written.search : location.search;
  const state = parseListingState(new URLSearchParams(current));
  const write = (next: Partial<ListingState>) => {
    if (inBackground || leftForAnotherPage(location.pathname)) return;
    const query = withListingState(new URLSearchParams(current), next).toString();
    const search = query ? `?${query}` : '';
    if (search === current) return;
    setWritten({ key: location.key, search });
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: location.state },
    );
  };
  return [state, write];
}
