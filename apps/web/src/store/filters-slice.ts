/**
 * The navbar's search box: its words as typed, shared by the home page and a category page, which search for them
 * once typing pauses. Everything else about a list (the committed term, the filters, the order) is in the page's
 * address (shop/catalog/listing-state.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FiltersState {
  search: string;
}

const initialState: FiltersState = { search: '' };

const filtersSlice = createSlice({
  name: 'filters',
  initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
  },
});

export const { searchChanged } = filtersSlice.actions;
export default filtersSlice.reducer;
