/**
 * The cart (docs/shop-rules.md#cart): items, status, error text. Add and update are optimistic: the
 * line changes at once and the server's answer then replaces the list; remove drops the line; clear
 * empties the cart and refetches. A failure stores the server's message and reloads the real cart.
 *
 * Quick clicks (plus, plus, minus) must not race: the changes are sent one after another, and a
 * server list replaces the local one only when no other change is still on its way, since an older
 * answer would otherwise overwrite a newer optimistic quantity (and the next click would count from it).
 */
import { createAsyncThunk, createSlice, isPending } from '@reduxjs/toolkit';
import { cartLineKey, clampQuantity, MESSAGES, type CartLine, type Product, type Variant } from '@pumpkart/shared';
import { cartApi } from '../api/endpoints';
import { errorMessage } from '../api/http';
import type { LoadStatus } from './products-slice';
import { loggedOut } from './session-slice';

export interface CartState {
  items: CartLine[];
  status: LoadStatus;
  error: string | null;
  /** Cart changes sent and not yet answered. */
  changesInFlight?: number;
}

/**
 * Each store's cart changes in flight (keyed by its dispatch): a change starts at once when none is
 * in flight, else after the last one has been answered.
 */
const queues = new WeakMap<object, { tail: Promise<unknown>; inFlight: number }>();
function inOrder<T>(store: object, task: () => Promise<T>): Promise<T> {
  let queue = queues.get(store);
  if (!queue) {
    queue = { tail: Promise.resolve(), inFlight: 0 };
    queues.set(store, queue);
  }
  const entry = queue;
  const run = entry.inFlight === 0 ? task() : entry.tail.then(task, task);
  entry.inFlight += 1;
  const done = () => {
    entry.inFlight -= 1;
  };
  entry.tail = run.then(done, done);
  return run;
}

const initialState: CartState = { items: [], status: 'idle', error: null, changesInFlight: 0 };

const keyOf = (line: CartLine) => cartLineKey(line.product._id, line.variantId ?? line.variant?._id ?? null);

export const fetchCart = createAsyncThunk('cart/fetched', () => cartApi.get());

export interface AddToCartArgs {
  product: Product;
  variant: Variant | null;
  quantity: number;
}

export const addToCart = createAsyncThunk(
  'cart/itemAdded',
  async ({ product, variant, quantity }: AddToCartArgs, { dispatch, rejectWithValue }) => {
    try {
      return await inOrder(dispatch, () => cartApi.add(product._id, variant?._id ?? null, quantity));
    } catch (error) {
      void dispatch(fetchCart());
      return rejectWithValue(errorMessage(error, MESSAGES.cartUpdateFailed));
    }
  },
);

export const updateCartItem = createAsyncThunk(
  'cart/quantityChanged',
  async (
    { productId, variantId, quantity }: { productId: string; variantId: string | null; quantity: number },
    { dispatch, rejectWithValue },
  ) => {
    try {
      return await inOrder(dispatch, () => cartApi.update(productId, variantId, quantity));
    } catch (error) {
      void dispatch(fetchCart());
      return rejectWithValue(errorMessage(error, MESSAGES.cartUpdateFailed));
    }
  },
);

export const removeFromCart = createAsyncThunk(
  'cart/itemRemoved',
  async ({ productId, variantId }: { productId: string; variantId: string | null }, { dispatch, rejectWithValue }) => {
    try {
      return await inOrder(dispatch, () => cartApi.remove(productId, variantId));
    } catch (error) {
      // The line was dropped optimistically: bring back what the server still holds.
      void dispatch(fetchCart());
      return rejectWithValue(errorMessage(error, MESSAGES.cartUpdateFailed));
    }
  },
);

export const clearCart = createAsyncThunk('cart/cleared', async (_: void, { dispatch, rejectWithValue }) => {
  try {
    await inOrder(dispatch, () => cartApi.clear());
  } catch (error) {
    void dispatch(fetchCart());
    return rejectWithValue(errorMessage(error, MESSAGES.cartUpdateFailed));
  }
  await dispatch(fetchCart());
});

function optimisticLine({ product, variant, quantity }: AddToCartArgs): CartLine {
  const stock = variant?.stock ?? product.stock;
  return {
    _id: `pending-${cartLineKey(product._id, variant?._id ?? null)}`,
    product: {
      _id: product._id,
      title: product.title,
      brand: product.brand,
      category: product.category,
      price: product.price,
      stock: product.stock,
      active: product.active,
      images: product.images.map((image) => ({
        url: image.url,
        public_id: image.public_id ?? '',
        width: image.width ?? null,
        height: image.height ?? null,
        sizes: image.sizes ?? [],
      })),
    },
    variant: variant ? { _id: variant._id, size: variant.size, price: variant.price, stock: variant.stock } : null,
    variantId: variant?._id ?? null,
    quantity: Math.min(quantity, stock),
    price: variant?.price ?? product.price,
    stock,
  };
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCart.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchCart.fulfilled, (state, action) => {
        state.status = 'succeeded';
        // A change still on its way will answer with a newer list.
        if (!state.changesInFlight) state.items = action.payload;
      })
      .addCase(fetchCart.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.error.message ?? 'Failed to load cart.';
      })
      .addCase(addToCart.pending, (state, action) => {
        state.error = null;
        const line = optimisticLine(action.meta.arg);
        const existing = state.items.find((item) => keyOf(item) === keyOf(line));
        if (existing) existing.quantity = Math.min(existing.quantity + action.meta.arg.quantity, line.stock);
        else state.items.push(line);
      })
      .addCase(updateCartItem.pending, (state, action) => {
        state.error = null;
        const { productId, variantId, quantity } = action.meta.arg;
        const line = state.items.find((item) => keyOf(item) === cartLineKey(productId, variantId));
        if (line) line.quantity = clampQuantity(quantity, line.variant?.stock ?? line.stock);
      })
      .addCase(removeFromCart.pending, (state, action) => {
        state.error = null;
        const key = cartLineKey(action.meta.arg.productId, action.meta.arg.variantId);
        state.items = state.items.filter((item) => keyOf(item) !== key);
      })
      .addCase(clearCart.pending, (state) => {
        state.error = null;
        state.items = [];
      })
      .addCase(clearCart.rejected, (state, action) => {
        state.error = String(action.payload ?? action.error.message ?? MESSAGES.cartUpdateFailed);
      })
      .addCase(loggedOut, () => initialState);
    for (const thunk of [addToCart, updateCartItem, removeFromCart]) {
      builder.addCase(thunk.fulfilled, (state, action) => {
        state.changesInFlight = Math.max(0, (state.changesInFlight ?? 1) - 1);
        state.status = 'succeeded';
        if (state.changesInFlight === 0) state.items = action.payload;
      });
      builder.addCase(thunk.rejected, (state, action) => {
        state.changesInFlight = Math.max(0, (state.changesInFlight ?? 1) - 1);
        state.error = String(action.payload ?? action.error.message ?? MESSAGES.cartUpdateFailed);
      });
    }
    builder.addMatcher(isPending(addToCart, updateCartItem, removeFromCart), (state) => {
      state.changesInFlight = (state.changesInFlight ?? 0) + 1;
    });
  },
});

export default cartSlice.reducer;
