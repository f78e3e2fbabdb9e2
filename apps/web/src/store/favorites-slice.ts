/**
 * Favorites (docs/shop-rules.md#cart): ids and status. A toggle replaces the ids with the server's
 * list; logging out clears them. The ids are mirrored to localStorage under 'favorites'.
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { favoritesApi } from '../api/endpoints';
import { storage } from '../lib/storage';
import type { LoadStatus } from './products-slice';
import { loggedOut } from './session-slice';

export interface FavoritesState {
  ids: string[];
  status: LoadStatus;
}

export const fetchFavorites = createAsyncThunk('favorites/fetched', async () => {
  const ids = await favoritesApi.get();
  storage.setFavorites(ids);
  return ids;
});

export const toggleFavorite = createAsyncThunk('favorites/toggled', async (productId: string) => {
  const ids = await favoritesApi.toggle(productId);
  storage.setFavorites(ids);
  return ids;
});

const initialState = (): FavoritesState => ({ ids: storage.getToken() ? storage.getFavorites() : [], status: 'idle' });

const favoritesSlice = createSlice({
  name: 'favorites',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchFavorites.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchFavorites.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.ids = action.payload;
      })
      .addCase(fetchFavorites.rejected, (state) => {
        state.status = 'failed';
      })
      .addCase(toggleFavorite.fulfilled, (state, action) => {
        state.ids = action.payload;
      })
      .addCase(loggedOut, () => ({ ids: [], status: 'idle' }));
  },
});

export default favoritesSlice.reducer;
