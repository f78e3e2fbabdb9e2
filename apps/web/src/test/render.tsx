/**
 * Component-test helpers: render a screen inside the real store and a memory router, and answer
 * the API calls it makes with a fake fetch keyed by "METHOD /path" (query strings ignored unless
 * the key includes one).
 */
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { CartLine, Role } from '@pumpkart/shared';
import { vi } from 'vitest';
import { cartApi } from '../shop/cart/cart-api';
import { favoritesApi } from '../shop/favorites/favorites-api';
import { createStore, type AppStore, type RootState } from '../store';

export interface RenderWithStoreOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the memory router starts at. */
  route?: string;
  /** The route pattern the element is mounted at, e.g. '/category/:categoryName'. */
  path?: string;
  /** Other routes to mount beside it, e.g. a '/login' stub to check redirects. */
  extraRoutes?: RouteObject[];
  preloadedState?: Partial<RootState>;
  /** A store prepared by the test (e.g. by storeWith); else a new one. */
  store?: AppStore;
}

export function renderWithStore(ui: ReactElement, options: RenderWithStoreOptions = {}) {
  const {
    route = '/',
    path = route.split('?')[0],
    extraRoutes = [],
    preloadedState,
    store = createStore(preloadedState),
    ...renderOptions
  } = options;
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes], { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    renderOptions,
  );
  return { ...result, store, router };
}

/** A store whose cache already holds the cart lines and favorite ids the storefront frame loads. */
export function storeWith({ cart, favorites }: { cart?: CartLine[]; favorites?: string[] }): AppStore {
  const store = createStore();
  if (cart) store.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: undefined, value: cart }]));
  if (favorites) {
    store.dispatch(
      favoritesApi.util.upsertQueryEntries([{ endpointName: 'getFavorites', arg: undefined, value: favorites }]),
    );
  }
  return store;
}

/** An answer; a promise stands for one still on its way (settled by the test, or never). */
export type FakeResponse =
  { status?: number; body?: unknown; headers?: Record<string, string> } | Promise<Response> | (() => never);

/**
 * Replaces global fetch. `routes` maps 'GET /api/cart' (or with a query) to a response, or to a
 * function answering one. Unknown calls answer 404. Returns the mock to assert calls on.
 */
export function mockFetch(
  routes: Record<string, FakeResponse | ((init: RequestInit | undefined, url: URL) => FakeResponse)>,
) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { message: `No fake for ${method} ${url.pathname}` });
    const answer =
      typeof handler === 'function' ? (handler as (i?: RequestInit, u?: URL) => FakeResponse)(init, url) : handler;
    // A promise stands for an answer still on its way (one that never settles: no answer yet).
    if (answer instanceof Promise) return answer;
    if (typeof answer === 'function') return answer();
    return jsonResponse(answer.status ?? 200, answer.body ?? null, answer.headers);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Logs a user in for a test by writing the localStorage keys the app reads. */
export function loginAs(role: Role = 'customer', name = 'Asha') {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('userName', name);
  localStorage.setItem('userEmail', 'asha@example.com');
  localStorage.setItem('userRole', role);
  localStorage.setItem('userPhone', '9876543210');
}
