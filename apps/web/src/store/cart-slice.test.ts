import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, normalizeProduct } from '@pumpkart/shared';
import { cartLine } from '../test/fixtures';
import { loginAs, mockFetch } from '../test/render';
import { cartApi } from '../shop/cart/cart-api';
import { createStore } from './index';
import { selectCartItems } from './selectors';

const { getCart, addToCart, updateCartItem, removeFromCart, clearCart } = cartApi.endpoints;
const fetchCart = () => getCart.initiate();

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const nozzle = cartLine({ title: 'Nozzle', quantity: 2, stock: 4 });
const variantOf = (line: typeof nozzle) => ({ ...line.variant!, size: line.variant!.size ?? 'Default', extra: {} });

describe('cart slice', () => {
  it('adds optimistically to an existing line, capped at the stock, then takes the server list', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    mockFetch({ 'GET /api/cart': { body: { items: [nozzle] } } });
    const store = createStore();
    await store.dispatch(fetchCart());
    vi.mocked(fetch).mockImplementationOnce(async () => {
      await gate;
      return new Response(JSON.stringify({ items: [{ ...nozzle, quantity: 4 }] }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const product = normalizeProduct({ ...nozzle.product, variants: [nozzle.variant] });
    const pending = store.dispatch(addToCart.initiate({ product, variant: variantOf(nozzle), quantity: 5 }));
    expect(selectCartItems(store.getState())[0]!.quantity).toBe(4);
    answer();
    await pending;
    expect(selectCartItems(store.getState())).toEqual([{ ...nozzle, quantity: 4 }]);
  });

  it('clamps an optimistic update between 1 and the stock', async () => {
    mockFetch({
      'GET /api/cart': { body: { items: [nozzle] } },
      'PUT /api/cart/update': () => new Promise(() => undefined) as never,
    });
    const store = createStore();
    await store.dispatch(fetchCart());
    void store.dispatch(
      updateCartItem.initiate({ productId: nozzle.product._id, variantId: nozzle.variantId, quantity: 9 }),
    );
    expect(selectCartItems(store.getState())[0]!.quantity).toBe(4);
    void store.dispatch(
      updateCartItem.initiate({ productId: nozzle.product._id, variantId: nozzle.variantId, quantity: 0 }),
    );
    expect(selectCartItems(store.getState())[0]!.quantity).toBe(1);
  });

  it('a failed remove stores the error and brings the line back', async () => {
    mockFetch({
      'GET /api/cart': { body: { items: [nozzle] } },
      'DELETE /api/cart/remove': { status: 500, body: { message: 'Database unavailable' } },
    });
    const store = createStore();
    await store.dispatch(fetchCart());
    await store.dispatch(removeFromCart.initiate({ productId: nozzle.product._id, variantId: nozzle.variantId }));
    expect(store.getState().cart.error).toBe('Database unavailable');
    await vi.waitFor(() => expect(selectCartItems(store.getState())).toHaveLength(1));
  });

  it.each([
    ['add', 'POST /api/cart/add'],
    ['update', 'PUT /api/cart/update'],
    ['remove', 'DELETE /api/cart/remove'],
  ] as const)("a failed %s without a server message stores 'Failed to update cart.'", async (change, route) => {
    mockFetch({ 'GET /api/cart': { body: { items: [nozzle] } }, [route]: { status: 500, body: {} } });
    const store = createStore();
    await store.dispatch(fetchCart());
    const ids = { productId: nozzle.product._id, variantId: nozzle.variantId };
    const product = normalizeProduct({ ...nozzle.product, variants: [nozzle.variant] });
    if (change === 'add')
      await store.dispatch(addToCart.initiate({ product, variant: variantOf(nozzle), quantity: 1 }));
    else if (change === 'update') await store.dispatch(updateCartItem.initiate({ ...ids, quantity: 3 }));
    else await store.dispatch(removeFromCart.initiate(ids));
    expect(store.getState().cart.error).toBe(MESSAGES.cartUpdateFailed);
    expect(MESSAGES.cartUpdateFailed).toBe('Failed to update cart.');
  });

  it('clear empties the cart and refetches; a failure stores the error', async () => {
    mockFetch({
      'GET /api/cart': { body: { items: [nozzle] } },
      'DELETE /api/cart/clear': { status: 500, body: {} },
    });
    const store = createStore();
    await store.dispatch(fetchCart());
    await store.dispatch(clearCart.initiate());
    expect(store.getState().cart.error).toBe(MESSAGES.cartUpdateFailed);
    await vi.waitFor(() => expect(selectCartItems(store.getState())).toHaveLength(1));
  });

  it('sends quick changes one at a time, and an older answer never overwrites a newer quantity', async () => {
    const answers: ((quantity: number) => void)[] = [];
    mockFetch({ 'GET /api/cart': { body: { items: [{ ...nozzle, quantity: 1 }] } } });
    const store = createStore();
    await store.dispatch(fetchCart());
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((resolve) =>
          answers.push(() =>
            resolve(
              new Response(
                JSON.stringify({ items: [{ ...nozzle, quantity: JSON.parse(String(init!.body)).quantity }] }),
                { headers: { 'content-type': 'application/json' } },
              ),
            ),
          ),
        ),
    );
    const change = (quantity: number) =>
      store.dispatch(updateCartItem.initiate({ productId: nozzle.product._id, variantId: nozzle.variantId, quantity }));
    const quantity = () => selectCartItems(store.getState())[0]!.quantity;

    const first = change(2);
    const second = change(3);
    expect(quantity()).toBe(3);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!(0);
    await first;
    // The first answer (quantity 2) arrives while the second change is on its way: it is not shown.
    expect(quantity()).toBe(3);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const third = change(2);
    expect(quantity()).toBe(2);
    answers[1]!(0);
    await second;
    expect(quantity()).toBe(2);
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[2]!(0);
    await third;
    expect(quantity()).toBe(2);
    const sent = fetchMock.mock.calls.slice(-3).map(([, init]) => JSON.parse(String(init!.body)).quantity);
    expect(sent).toEqual([2, 3, 2]);
  });
});
