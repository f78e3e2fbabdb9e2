/**
 * Reading the cached server state the storefront frame keeps loaded (the cart and the favorites),
 * without subscribing: components that only show them (navbar, product modal, favorite hearts) ask
 * for nothing. Without a session there are none.
 */
import type { CartLine } from '@pumpkart/shared';
import { shopApi } from '../api/shop-api';

const selectCartEntry = shopApi.endpoints.getCart.select();
const selectFavoritesEntry = shopApi.endpoints.getFavorites.select();
const NO_LINES: CartLine[] = [];
const NO_IDS: string[] = [];
type State = Parameters<typeof selectCartEntry>[0] & { session: { token: string | null } };

/** The cart's lines as shown now (none without a session). Reads the cache; asks for nothing. */
export const selectCartItems = (state: State): CartLine[] =>
  (state.session.token && selectCartEntry(state).data) || NO_LINES;

/** The cart is being loaded. */
export const selectCartLoading = (state: State): boolean =>
  Boolean(state.session.token) && selectCartEntry(state).isLoading;

/** The ids of the buyer's favorite products (none without a session). Reads the cache; asks for nothing. */
export const selectFavoriteIds = (state: State): string[] =>
  (state.session.token && selectFavoritesEntry(state).data) || NO_IDS;
