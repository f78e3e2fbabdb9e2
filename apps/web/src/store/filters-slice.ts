/**
 * The catalog filters (docs/shop-rules.md#filters): the one shared search term of the navbar and
 * home, the filter panel's applied values (changes take effect only on Apply Filters, or when a
 * chip removes one), and the order the home results were asked in ('' = the default order).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogSort } from '@pumpkart/shared';
import type { CatalogFilters } from '../api/shop-api';

export interface FiltersState {
  search: string;
  /** The search exactly as typed, not its corrected words ("Search instead for ..."); a new term clears it. */
  exact: boolean;
  category: string;
  brand: string;
  priceRange: NonNullable<CatalogFilters['priceRange']>;
  availability: NonNullable<CatalogFilters['availability']>;
  /** The order chosen for the home results; '' until one is chosen (see effectiveSort). */
  sort: CatalogSort | '';
}

/** The filter panel's part: what Apply Filters sets and a chip can remove. */
export type FilterKey = 'category' | 'brand' | 'priceRange' | 'availability';
export type AppliedFilters = Pick<FiltersState, FilterKey>;

const initialState: FiltersState = {
  search: '',
  exact: false,
  category: '',
  brand: '',
  priceRange: '',
  availability: '',
  sort: '',
};

const filtersSlice = createSlice({
  name: 'filters',
  initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
      state.exact = false;
    },
    exactSearchAsked(state) {
      state.exact = true;
    },
    filtersApplied(state, action: PayloadAction<AppliedFilters>) {
      const { category, brand, priceRange, availability } = action.payload;
      Object.assign(state, { category, brand, priceRange, availability });
    },
    /** A chip's ×: that one filter is gone. */
    filterRemoved(state, action: PayloadAction<FilterKey>) {
      state[action.payload] = '';
    },
    filtersReset(state) {
      return { ...initialState, search: state.search, sort: state.sort };
    },
    sortChanged(state, action: PayloadAction<CatalogSort>) {
      state.sort = action.payload;
    },
    /** Clear all: the search term, every filter and the chosen order. */
    allCleared() {
      return initialState;
    },
  },
});

export const { searchChanged, exactSearchAsked, filtersApplied, filterRemoved, filtersReset, sortChanged, allCleared } =
  filtersSlice.actions;
export default filtersSlice.reducer;
