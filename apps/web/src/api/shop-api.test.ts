import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../store';
import { cartLine } from '../test/fixtures';
import { loginAs, mockFetch } from '../test/render';
import { cartApi } from '../shop/cart/cart-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the data layer checks answers against the shared contracts (development and tests)', () => {
  it('takes an answer that matches the contract', async () => {
    loginAs();
    const line = cartLine({ title: 'Nozzle' });
    mockFetch({ 'GET /api/cart': { body: { items: [line] } } });
    const result = await createStore().dispatch(cartApi.endpoints.getCart.initiate());
    expect(result.data).toEqual([line]);
  });

  it('refuses an answer that drifted from the contract, so a stale fixture fails its test', async () => {
    loginAs();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The shape of an older server: the lines under `cart`.
    mockFetch({ 'GET /api/cart': { body: { cart: { items: [cartLine({ title: 'Nozzle' })] } } } });
    const result = await createStore().dispatch(cartApi.endpoints.getCart.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 'SCHEMA_MISMATCH' });
    expect(error.mock.calls[0]![0]).toContain('GET /cart: the answer does not match the shared contract');
  });
});
