/**
 * The Redux store: server state in the RTK Query cache (api/shop-api.ts), client state in slices
 * (session, cart selection errors, filters, on-page notices), the session persisted by its listener. Types are
 * inferred from the reducers; the typed hooks are in hooks.ts.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { onUnauthorized, onUserReceived } from '../api/http';
import { shopApi } from '../api/shop-api';
import { favoritesApi } from '../shop/favorites/favorites-api';
import { storage } from '../lib/storage';
import cart from './cart-slice';
import filters from './filters-slice';
import notices from './notices-slice';
import { createSessionListener } from './session-listener';
import session, { loggedOut, profileUpdated } from './session-slice';

const rootReducer = combineReducers({
  session,
  cart,
  filters,
  notices,
  [shopApi.reducerPath]: shopApi.reducer,
});

/**
 * `connect: false` leaves the store out of the HTTP clients' events (a 401, a user in an answer): a store that only
 * renders a page shell (shell/page-shells.tsx, many per server process) must not stay registered there.
 */
export function createStore(preloadedState?: Partial<RootState>, { connect = true }: { connect?: boolean } = {}) {
  const sessionListener = createSessionListener();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(sessionListener.middleware).concat(shopApi.middleware),
    // Subscribers hear the api's batched updates at the end of the tick (not on an animation frame).
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
  // The favorite hearts show the ids kept from the last visit until the server's list arrives.
  const keptFavorites = store.getState().session.token ? storage.getFavorites() : null;
  if (keptFavorites) {
    store.dispatch(
      favoritesApi.util.upsertQueryEntries([{ endpointName: 'getFavorites', arg: undefined, value: keptFavorites }]),
    );
  }
  if (connect) {
    onUnauthorized(({ clearUser }) => store.dispatch(loggedOut({ expired: true, clearUser })));
    onUserReceived((user) => store.dispatch(profileUpdated(user)));
  }
  return store;
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
