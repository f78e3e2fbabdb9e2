/**
 * The one place the session is persisted: a listener middleware that writes localStorage after the
 * session actions (lib/storage.ts holds the keys) and mirrors the favorite ids, and the one effect
 * of the logout, which also lets go of every cached answer that belonged to the user.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { shopApi, USER_TAGS } from '../api/shop-api';
import { favoritesApi } from '../shop/favorites/favorites-api';
import { storage } from '../lib/storage';
import { loggedIn, loggedOut, profileUpdated, tokenRenewed } from './session-slice';

export function createSessionListener() {
  const listener = createListenerMiddleware();

  listener.startListening({
    actionCreator: loggedIn,
    effect: ({ payload }) => {
      storage.setToken(payload.token);
      storage.storeUser(payload.user);
    },
  });
  for (const endpoint of [favoritesApi.endpoints.getFavorites, favoritesApi.endpoints.toggleFavorite]) {
    listener.startListening({
      matcher: endpoint.matchFulfilled,
      effect: ({ payload }) => storage.setFavorites(payload),
    });
  }
  listener.startListening({ actionCreator: profileUpdated, effect: ({ payload }) => storage.storeUser(payload) });
  listener.startListening({ actionCreator: tokenRenewed, effect: ({ payload }) => storage.setToken(payload) });
  listener.startListening({
    actionCreator: loggedOut,
    effect: ({ payload }, api) => {
      if (!payload.expired) storage.clearAll();
      else {
        storage.removeToken();
        if (payload.clearUser) storage.removeUserDetails();
      }
      // Cached answers of the user: dropped when no screen shows them, else asked again (and
      // answered without a request, since the session is gone).
      api.dispatch(shopApi.util.invalidateTags([...USER_TAGS]));
    },
  });

  return listener;
}
