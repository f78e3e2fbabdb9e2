import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLine, savedAddress } from '../test/fixtures';
import { cartApi } from '../shop/cart/cart-api';
import { favoritesApi } from '../shop/favorites/favorites-api';
import { loginAs, mockFetch } from '../test/render';
import { createStore } from './index';
import { selectCartItems, selectFavoriteIds } from './selectors';
import { loggedOut, profileUpdated, tokenRenewed } from './session-slice';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session slice', () => {
  it('profileUpdated keeps what the server sent in the session and localStorage, and nothing else changes', () => {
    loginAs('customer', 'Asha');
    const store = createStore();
    store.dispatch(profileUpdated({ name: 'Asha K', phone: '9000000001', addresses: [savedAddress()] }));
    expect(store.getState().session).toMatchObject({
      token: 'test-token',
      name: 'Asha K',
      email: 'asha@example.com',
      role: 'customer',
      phone: '9000000001',
      addresses: [savedAddress()],
    });
    expect(localStorage.getItem('userName')).toBe('Asha K');
    expect(localStorage.getItem('userEmail')).toBe('asha@example.com');
    expect(JSON.parse(localStorage.getItem('userAddresses')!)).toEqual([savedAddress()]);
  });

  it('tokenRenewed replaces the token in the session and localStorage, keeping the rest', () => {
    loginAs('customer', 'Asha');
    const store = createStore();
    store.dispatch(tokenRenewed('fresh-token'));
    expect(store.getState().session).toMatchObject({ token: 'fresh-token', name: 'Asha', role: 'customer' });
    expect(localStorage.getItem('token')).toBe('fresh-token');
  });

  it('logging out empties the session, the cart and the favorites', async () => {
    loginAs();
    mockFetch({
      'GET /api/cart': { body: { items: [cartLine({ title: 'Nozzle' })] } },
      'GET /api/favorites/': { body: { ids: ['p1', 'p2'] } },
    });
    const store = createStore();
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    await store.dispatch(favoritesApi.endpoints.getFavorites.initiate());
    expect(selectCartItems(store.getState())).toHaveLength(1);
    expect(selectFavoriteIds(store.getState())).toEqual(['p1', 'p2']);
    store.dispatch(loggedOut());
    expect(store.getState().session).toEqual({
      token: null,
      name: null,
      email: null,
      role: null,
      phone: null,
      addresses: [],
      businessName: null,
      gstin: null,
    });
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectFavoriteIds(store.getState())).toEqual([]);
  });

  it('a 401 from any call ends the session', async () => {
    loginAs();
    mockFetch({ 'GET /api/cart': { status: 401, body: { message: 'Your session has expired.' } } });
    const store = createStore();
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
