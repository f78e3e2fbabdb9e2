/**
 * The catalog filters (docs/shop-rules.md#filters): the one shared search term of the navbar and
 * home, and the filter panel's applied values (changes take effect only on Apply Filters).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogFilters } from '../api/shop-api';

export interface FiltersState {
  search: string;
  category: string;
  brand: string;
  priceRange: NonNullable<CatalogFilters['priceRange']>;
  availability: NonNullable<CatalogFilters['availability']>;
}

const initialState: FiltersState = { search: '', category: '', brand: '', priceRange: '', availability: '' };

const filtersSlice = createSlice({
  name: 'filters',
  initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    filtersApplied(state, action: PayloadAction<Omit<FiltersState, 'search'>>) {
      Object.assign(state, action.payload);
    },
    filtersReset(state) {
      return { ...initialState, search: state.search };
    },
  },
});

export const { searchChanged, filtersApplied, filtersReset } = filtersSlice.actions;
export default filtersSlice.reducer;
