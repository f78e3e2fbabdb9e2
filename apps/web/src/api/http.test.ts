import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { createStore } from '../store';
import { loginAs, mockFetch } from '../test/render';
import {
  api,
  createHttpClient,
  errorMessage,
  HttpError,
  NoResponseError,
  onUnauthorized,
  SHARED_CLIENT_TIMEOUT_MS,
  sharedApi,
} from './http';

beforeEach(() => {
  loginAs('customer', 'Asha');
  localStorage.setItem('userAddresses', '[]');
  // The clients write nothing themselves: the store's session listener persists what they report.
  createStore();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('HTTP clients', () => {
  it('attaches the stored token as a bearer header, and none without one', async () => {
    const fetchMock = mockFetch({ 'GET /api/cart': { body: { items: [] } } });
    await api.get('/cart');
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer test-token');
    localStorage.removeItem('token');
    await api.get('/cart');
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('authorization')).toBeNull();
  });

  it('sends JSON bodies and query strings under the API base', async () => {
    const fetchMock = mockFetch({ 'POST /api/cart/add': { body: { items: [] } } });
    await api.post('/cart/add', { productId: 'p', quantity: 2 }, { query: { a: 1, b: undefined, c: '' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/cart/add?a=1');
    expect(init!.body).toBe(JSON.stringify({ productId: 'p', quantity: 2 }));
    expect(new Headers(init!.headers).get('content-type')).toBe('application/json');
  });

  it('on 401 the first client removes only the token, and the session listeners hear it', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    mockFetch({ 'GET /api/cart': { status: 401, body: { message: 'Please log in to continue.' } } });
    await expect(api.get('/cart')).rejects.toMatchObject({ status: 401, message: 'Please log in to continue.' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userName')).toBe('Asha');
    expect(localStorage.getItem('userEmail')).toBe('asha@example.com');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('on 401 the second client also removes userName, userEmail, userRole and userAddresses', async () => {
    mockFetch({ 'GET /api/orders': { status: 401, body: { message: 'expired' } } });
    await expect(sharedApi.get('/orders')).rejects.toBeInstanceOf(HttpError);
    for (const key of ['token', 'userName', 'userEmail', 'userRole', 'userAddresses']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it.each([403, 404])('on %i only logs a warning and rejects, keeping the session', async (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/orders': { status, body: { message: 'Only an admin can do this.' } } });
    await expect(sharedApi.get('/orders')).rejects.toMatchObject({ status });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain(String(status));
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(localStorage.getItem('userName')).toBe('Asha');
  });

  it("logs 'No response from server' when the request gets no answer", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await api.get('/cart').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NoResponseError);
    expect((failure as NoResponseError).timedOut).toBe(false);
    expect(error).toHaveBeenCalledWith(MESSAGES.noResponseFromServer);
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('the shared client gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const outcome = sharedApi.get('/products/stats').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SHARED_CLIENT_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const failure = await outcome;
    expect(SHARED_CLIENT_TIMEOUT_MS).toBe(10_000);
    expect(failure).toBeInstanceOf(NoResponseError);
    expect((failure as NoResponseError).timedOut).toBe(true);
    expect(error).toHaveBeenCalledWith(MESSAGES.noResponseFromServer);
  });

  it("a caller's own abort is passed through, not reported as no response", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const outcome = api.get('/products', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await outcome).toBeInstanceOf(DOMException);
    expect(error).not.toHaveBeenCalled();
  });

  it('stores the user object of any response', async () => {
    localStorage.clear();
    mockFetch({
      'PUT /api/auth/update-profile': {
        body: {
          message: 'Profile updated',
          user: {
            _id: 'u1',
            name: 'Meera',
            email: 'meera@example.com',
            role: 'customer',
            phone: '9123456780',
            addresses: [{ recipientName: 'Meera', city: 'Pune' }],
          },
        },
      },
    });
    await sharedApi.put('/auth/update-profile', { name: 'Meera' });
    expect(localStorage.getItem('userName')).toBe('Meera');
    expect(localStorage.getItem('userEmail')).toBe('meera@example.com');
    expect(localStorage.getItem('userRole')).toBe('customer');
    expect(localStorage.getItem('userPhone')).toBe('9123456780');
    expect(JSON.parse(localStorage.getItem('userAddresses')!)).toEqual([{ recipientName: 'Meera', city: 'Pune' }]);
  });

  it("errorMessage answers the server's message, else the fallback", () => {
    expect(errorMessage(new HttpError(409, { message: 'Out of stock' }), 'fallback')).toBe('Out of stock');
    expect(errorMessage(new HttpError(500, {}), 'fallback')).toBe('fallback');
    expect(errorMessage(new NoResponseError(), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });

  it('reads a 204 answer as null', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    const client = createHttpClient({ baseUrl: '/api' });
    expect((await client.delete('/cart/clear')).data).toBeNull();
  });
});

describe('HTTP clients and an already aborted signal', () => {
  it('does not send a request whose signal was aborted before it started', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      init.signal!.aborted
        ? Promise.reject(new DOMException('aborted', 'AbortError'))
        : Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/products', { signal: controller.signal })).rejects.toBeInstanceOf(DOMException);
  });
});
