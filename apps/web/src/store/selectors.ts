/**
 * Reading the cached server state the storefront frame keeps loaded (the cart and the favorites),
 * without subscribing: components that only show them (navbar, product modal, favorite hearts) ask
 * for nothing. Without a session there are none.
 */
import type { CartLine } from '@pumpkart/shared';
import { cartApi } from '../shop/cart/cart-api';
import { favoritesApi } from '../shop/favorites/favorites-api';

const selectCartEntry = cartApi.endpoints.getCart.select();
const selectFavoritesEntry = favoritesApi.endpoints.getFavorites.select();
const NO_LINES: CartLine[] = [];
const NO_IDS: string[] = [];
type State = Parameters<typeof selectCartEntry>[0] & { session: { token: string | null } };
/** The same store: both endpoints keep their entries in the one shopApi cache, their types name different endpoints. */
type FavoritesState = Parameters<typeof selectFavoritesEntry>[0];

/** The cart's lines as shown now (none without a session). Reads the cache; asks for nothing. */
export const selectCartItems = (state: State): CartLine[] =>
  (state.session.token && selectCartEntry(state).data) || NO_LINES;

/** The cart is being loaded. */
export const selectCartLoading = (state: State): boolean =>
  Boolean(state.session.token) && selectCartEntry(state).isLoading;

/** The ids of the buyer's favorite products (none without a session). Reads the cache; asks for nothing. */
export const selectFavoriteIds = (state: State): string[] =>
  (state.session.token && selectFavoritesEntry(state as unknown as FavoritesState).data) || NO_IDS;
