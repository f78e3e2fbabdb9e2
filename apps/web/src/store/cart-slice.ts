/**
 * The cart screen state that is not server data (docs/shop-rules.md#cart): the text of the last
 * failed cart change or load, shown in red by the cart page and the product modal. The lines
 * themselves are server state, in the RTK Query cache (shop/cart/cart-api.ts): a change shows at once,
 * then the server's list; a failure stores the server's message here and the real cart comes back.
 */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { MESSAGES } from '@pumpkart/shared';
import { errorMessage, type ApiFailure } from '../api/http';
import { cartApi } from '../shop/cart/cart-api';
import { loggedOut } from './session-slice';

export interface CartState {
  error: string | null;
}

const initialState: CartState = { error: null };

const { addToCart, updateCartItem, removeFromCart, clearCart, getCart } = cartApi.endpoints;

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(
        isAnyOf(
          addToCart.matchPending,
          updateCartItem.matchPending,
          removeFromCart.matchPending,
          clearCart.matchPending,
        ),
        (state) => {
          state.error = null;
        },
      )
      .addMatcher(
        isAnyOf(
          addToCart.matchRejected,
          updateCartItem.matchRejected,
          removeFromCart.matchRejected,
          clearCart.matchRejected,
        ),
        (state, action) => {
          state.error = errorMessage(action.payload, MESSAGES.cartUpdateFailed);
        },
      )
      .addMatcher(getCart.matchRejected, (state, action) => {
        if (action.meta.condition) return;
        state.error = (action.payload as ApiFailure | undefined)?.message ?? 'Failed to load cart.';
      });
  },
});

export default cartSlice.reducer;
