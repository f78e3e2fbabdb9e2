/** The Redux store: types inferred from the reducers, typed hooks in hooks.ts. */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { onUnauthorized } from '../api/http';
import cart from './cart-slice';
import favorites from './favorites-slice';
import filters from './filters-slice';
import products from './products-slice';
import session, { sessionExpired } from './session-slice';

const rootReducer = combineReducers({ session, products, cart, favorites, filters });

export function createStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({ reducer: rootReducer, preloadedState });
  onUnauthorized(() => store.dispatch(sessionExpired()));
  return store;
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
