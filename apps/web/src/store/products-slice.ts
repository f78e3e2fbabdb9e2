/**
 * Products as the client holds them: items, status, error. The home page loads the server's home
 * view (at most 4 per category plus counts), the category page one page at a time, the admin area
 * every product. A delete removes the product from the list, and a failure stores the error message.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '@pumpkart/shared';
import { adminCatalogApi, catalogApi, type CatalogFilters, type HomeSection } from '../api/endpoints';
import { errorMessage } from '../api/http';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface ProductsState {
  items: Product[];
  status: LoadStatus;
  error: string | null;
  /** Home view: each category's shown products (at most 4) and how many match in all. */
  sections: HomeSection[];
  /** Category page / admin list: how many products match in all. */
  total: number;
  /**
   * The home or category request whose answer the screen waits for. Typing in the search box starts
   * a new request before the last one answers; an older answer arriving late is ignored.
   */
  latestRequestId: string | null;
  /** Which screen's request the state last started: the home view, a category page or the admin list. */
  view: 'home' | 'category' | 'admin' | null;
  /** The category whose page the items are, when view is 'category'. */
  category: string | null;
}

const initialState: ProductsState = {
  items: [],
  status: 'idle',
  error: null,
  sections: [],
  total: 0,
  latestRequestId: null,
  view: null,
  category: null,
};

export const fetchHomeProducts = createAsyncThunk('products/homeFetched', (filters: CatalogFilters) =>
  catalogApi.home(filters),
);

export const fetchCategoryProducts = createAsyncThunk(
  'products/categoryFetched',
  (args: { category: string; page: number; limit: number; filters?: CatalogFilters }) =>
    catalogApi.list({ ...args.filters, category: args.category, page: args.page, limit: args.limit }),
);

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
      .addCase(fetchHomeProducts.pending, (state, action) => {
        state.status = 'loading';
        state.error = null;
        state.latestRequestId = action.meta.requestId;
        state.view = 'home';
      })
      .addCase(fetchHomeProducts.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.latestRequestId) return;
        state.status = 'succeeded';
        state.items = action.payload.sections.flatMap((s) => s.products);
        state.sections = action.payload.sections;
        state.total = action.payload.total;
      })
      .addCase(fetchHomeProducts.rejected, (state, action) => {
        if (action.meta.requestId !== state.latestRequestId || action.meta.aborted) return;
        failed(state, action.error.message ?? 'Failed to load');
      })
      .addCase(fetchCategoryProducts.pending, (state, action) => {
        state.status = 'loading';
        state.error = null;
        state.latestRequestId = action.meta.requestId;
        state.view = 'category';
        state.category = action.meta.arg.category;
        if (action.meta.arg.page === 1) {
          state.items = [];
          state.total = 0;
        }
      })
      .addCase(fetchCategoryProducts.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.latestRequestId) return;
        state.status = 'succeeded';
        const { items, total } = action.payload;
        if (action.meta.arg.page === 1) state.items = items;
        else {
          // A product may have moved between pages since the last one was read: show it once.
          const seen = new Set(state.items.map((p) => p._id));
          state.items = [...state.items, ...items.filter((p) => !seen.has(p._id))];
        }
        state.total = total;
      })
      .addCase(fetchCategoryProducts.rejected, (state, action) => {
        if (action.meta.requestId !== state.latestRequestId || action.meta.aborted) return;
        failed(state, action.error.message ?? 'Failed to load');
      })
      .addCase(fetchAdminProducts.pending, (state) => {
        state.status = 'loading';
        state.error = null;
        state.latestRequestId = null;
        state.view = 'admin';
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
