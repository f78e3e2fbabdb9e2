/**
 * The admin area's products: items, status, error. A delete removes the product from the list, and
 * a failure stores the error message.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '@pumpkart/shared';
import { adminCatalogApi } from '../api/endpoints';
import { errorMessage } from '../api/http';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface ProductsState {
  items: Product[];
  status: LoadStatus;
  error: string | null;
  /** How many products the admin list holds. */
  total: number;
}

const initialState: ProductsState = { items: [], status: 'idle', error: null, total: 0 };

export const fetchAdminProducts = createAsyncThunk('products/adminFetched', () => adminCatalogApi.all());

export const destroyProduct = createAsyncThunk('products/destroyed', async (id: string, { rejectWithValue }) => {
  try {
    await adminCatalogApi.destroy(id);
    return id;
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to delete product. Please try again.'));
  }
});

export const setProductActive = createAsyncThunk(
  'products/activeToggled',
  async ({ id, active }: { id: string; active: boolean }, { rejectWithValue }) => {
    try {
      return await adminCatalogApi.setActive(id, active);
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'Failed to update product.'));
    }
  },
);

const failed = (state: ProductsState, message: string) => {
  state.status = 'failed';
  state.error = message;
};

const productsSlice = createSlice({
  name: 'products',
  initialState,
  reducers: {
    /** A product created or edited in the admin form. */
    productSaved(state, action: PayloadAction<Product>) {
      const index = state.items.findIndex((p) => p._id === action.payload._id);
      if (index >= 0) state.items[index] = action.payload;
      else state.items.unshift(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchAdminProducts.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchAdminProducts.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.items = action.payload;
        state.total = action.payload.length;
      })
      .addCase(fetchAdminProducts.rejected, (state, action) => failed(state, action.error.message ?? 'Failed to load'))
      .addCase(destroyProduct.fulfilled, (state, action) => {
        state.items = state.items.filter((p) => p._id !== action.payload);
      })
      .addCase(destroyProduct.rejected, (state, action) => {
        state.error = String(action.payload ?? action.error.message);
      })
      .addCase(setProductActive.fulfilled, (state, action) => {
        const index = state.items.findIndex((p) => p._id === action.payload._id);
        if (index >= 0) state.items[index] = action.payload;
      })
      .addCase(setProductActive.rejected, (state, action) => {
        state.error = String(action.payload ?? action.error.message);
      });
  },
});

export const { productSaved } = productsSlice.actions;
export default productsSlice.reducer;
