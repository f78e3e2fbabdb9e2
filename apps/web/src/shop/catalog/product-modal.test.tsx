import { MESSAGES, serviceDateRange, type Product } from '@pumpkart/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartApi } from '../cart/cart-api';
import { createStore } from '../../store';
import { selectCartItems } from '../../store/selectors';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { Notices } from '../layout/notices';
import { ADDED_STATE_MS, ProductModal } from './product-modal';
import { makeProduct, rawProduct } from './test-products';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const open = (product: Product, onClose = () => {}) =>
  renderWithStore(<ProductModal product={product} onClose={onClose} />);

const addButton = () => screen.getByRole('button', { name: /Add to Cart|Saving\.\.\.|Login to Buy|Unavailable/ });
const quantity = () => screen.getByRole('spinbutton', { name: 'Quantity' });

/**
 * Lets pending promises (fetch, thunk, state updates) settle until `check` passes, without touching
 * the faked timers: each round yields to the event loop through setImmediate, which is not faked.
 */
async function settleUntil(check: () => void, rounds = 500) {
  for (let i = 0; ; i += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (i >= rounds) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

/** A cart answer holding one line of the product. */
const cartWith = (product: Product, quantity: number) => ({
  items: [
    {
      _id: 'line-1',
      product: { ...rawProduct({ _id: product._id }), images: [] },
      variant: null,
      variantId: null,
      quantity,
      serviceDate: null,
      price: product.price,
      stock: product.stock,
    },
  ],
});

describe('ProductModal', () => {
  it('is closed without a product', () => {
    renderWithStore(<ProductModal product={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the title, price, the struck-through price (1.1x rounded up), category, brand, availability and description', () => {
    open(
      makeProduct({
        title: 'Diesel Flow Meter',
        price: 999,
        category: 'Testing Gear',
        brand: 'Midco',
        description: 'Measures diesel flow to within 0.5 percent.',
        images: ['/uploads/meter.webp'],
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Diesel Flow Meter' });
    expect(dialog).toHaveTextContent('₹999/-');
    // 999 x 1.1 = 1098.9, rounded up.
    expect(screen.getByText('₹1,099/-').closest('s')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Testing Gear');
    expect(dialog).toHaveTextContent('Midco');
    expect(dialog).toHaveTextContent('In Stock');
    expect(dialog).toHaveTextContent('Measures diesel flow to within 0.5 percent.');
    expect(screen.getByRole('img', { name: 'Diesel Flow Meter' })).toHaveAttribute('src', '/uploads/meter.webp');
  });

  it("shows 'Hurry! Only {n} left!' below the low-stock threshold and nothing at or above it", () => {
    const { unmount } = open(makeProduct({ stock: 3, lowStockThreshold: 5 }));
    expect(screen.getByText('Hurry! Only 3 left!')).toBeInTheDocument();
    unmount();
    open(makeProduct({ stock: 5, lowStockThreshold: 5 }));
    expect(screen.queryByText(/Hurry!/)).not.toBeInTheDocument();
  });

  it("says 'Login to Buy' when logged out; a click says 'Please login to add items to cart.' and opens login, to come back here", async () => {
    const fetch = mockFetch({});
    const product = makeProduct();
    const background = { pathname: '/category/Nozzles', search: '', hash: '' };
    const { router } = renderWithStore(
      <>
        <ProductModal product={product} onClose={() => {}} />
        <Notices />
      </>,
      {
        route: `/product/${product._id}`,
        path: '/product/:productId',
        extraRoutes: [{ path: '/login', element: <Notices /> }],
      },
    );
    await act(() => router.navigate(`/product/${product._id}`, { replace: true, state: { background } }));
    expect(addButton()).toHaveTextContent(MESSAGES.addLoginToBuy);
    await userEvent.click(addButton());
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: `/product/${product._id}`, background });
    expect(await screen.findByText(MESSAGES.loginToAddToCart)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Unavailable' and 'Out of Stock' at stock 0, and 'This product is out of stock.' on click", async () => {
    loginAs();
    const fetch = mockFetch({ 'GET /api/cart': { body: { items: [] } } });
    open(makeProduct({ stock: 0, lowStockThreshold: 5 }));
    expect(addButton()).toHaveTextContent(MESSAGES.addUnavailable);
    expect(screen.getByRole('dialog')).toHaveTextContent('Out of Stock');
    expect(quantity()).toBeDisabled();
    await userEvent.click(addButton());
    expect(screen.getByText(MESSAGES.productOutOfStock)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('selects the first variant, disables a variant without stock and shows other attributes as key: value', async () => {
    open(
      makeProduct({
        price: 0,
        variants: [
          { _id: 'v-m', size: 'M', price: 650, stock: 4, colour: 'Orange' },
          { _id: 'v-l', size: 'L', price: 700, stock: 0 },
          { _id: 'v-xl', size: 'XL', price: 750, stock: 2 },
        ],
      }),
    );
    expect(screen.getByRole('button', { name: 'M, colour: Orange' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('colour: Orange')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'L' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toHaveTextContent('₹650/-');
    await userEvent.click(screen.getByRole('button', { name: 'XL' }));
    expect(screen.getByRole('button', { name: 'XL' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('dialog')).toHaveTextContent('₹750/-');
    expect(screen.getByRole('dialog')).toHaveTextContent('₹825/-');
  });

  it("caps the quantity at the stock with 'Only {n} items in stock.' and raises anything below 1 to 1", async () => {
    open(makeProduct({ stock: 12 }));
    fireEvent.change(quantity(), { target: { value: '50' } });
    expect(quantity()).toHaveValue(12);
    expect(screen.getByText(MESSAGES.onlyNInStock(12))).toBeInTheDocument();
    fireEvent.change(quantity(), { target: { value: '0' } });
    expect(quantity()).toHaveValue(1);
    fireEvent.change(quantity(), { target: { value: '-4' } });
    expect(quantity()).toHaveValue(1);
    fireEvent.change(quantity(), { target: { value: '7' } });
    expect(quantity()).toHaveValue(7);
  });

  it('says so when the plus button goes past the stock of the selected variant', async () => {
    open(makeProduct({ variants: [{ _id: 'v1', size: '5 kg', price: 300, stock: 2 }] }));
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(plus);
    expect(quantity()).toHaveValue(2);
    await userEvent.click(plus);
    expect(quantity()).toHaveValue(2);
    expect(screen.getByText(MESSAGES.onlyNInStock(2))).toBeInTheDocument();
  });

  it("adds to the cart: 'Saving...' and inactive controls, then 'Item added to cart!', inactive for 1.2 s, quantity back to 1", async () => {
    loginAs();
    const product = makeProduct({ stock: 10 });
    let answer: ((value: unknown) => void) | null = null;
    const fetch = mockFetch({
      'GET /api/cart': { body: { items: [] } },
      'POST /api/cart/add': () => {
        throw new Error('replaced below');
      },
    });
    fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/cart/add') {
        await new Promise((resolve) => (answer = resolve));
        return new Response(JSON.stringify(cartWith(product, 3)), {
          headers: { 'content-type': 'application/json' },
        });
      }
      expect(init?.method ?? 'GET').toBe('GET');
      return new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } });
    });
    const { store } = open(product);
    fireEvent.change(quantity(), { target: { value: '3' } });
    fireEvent.click(addButton());
    expect(addButton()).toHaveTextContent(MESSAGES.addSaving);
    // Inactive but focusable (aria-disabled): focus never drops to the page.
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    expect(addButton()).toBeEnabled();
    expect(quantity()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true');
    // A second click while saving sends nothing more.
    fireEvent.click(addButton());

    await settleUntil(() => expect(answer).not.toBeNull());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer!(undefined);
    await settleUntil(() => expect(screen.getByText(MESSAGES.itemAdded)).toBeInTheDocument());
    const body = JSON.parse(String(fetch.mock.calls.find(([u]) => String(u).endsWith('/cart/add'))![1]!.body));
    expect(body).toEqual({ productId: product._id, variantId: null, quantity: 3 });
    expect(selectCartItems(store.getState())).toHaveLength(1);
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/cart/add'))).toHaveLength(1);
    expect(addButton()).toHaveTextContent(MESSAGES.addToCart);
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    expect(quantity()).toHaveValue(1);

    act(() => {
      vi.advanceTimersByTime(ADDED_STATE_MS - 50);
    });
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    expect(ADDED_STATE_MS).toBe(1200);
  });

  it("shows 'Failed to update cart.' and the cart's stored error in red when the add fails", async () => {
    loginAs();
    mockFetch({
      'POST /api/cart/add': { status: 409, body: { message: 'Only 2 units of this item are left.' } },
      'GET /api/cart': { body: { items: [] } },
    });
    open(makeProduct());
    await userEvent.click(addButton());
    expect(await screen.findByText(MESSAGES.cartUpdateFailed)).toBeInTheDocument();
    const stored = screen.getByText('Only 2 units of this item are left.');
    expect(stored).toHaveClass('text-red-600');
    expect(addButton()).toBeEnabled();
  });

  it("shows 'Loading cart…' while the cart loads", () => {
    loginAs();
    mockFetch({ 'GET /api/cart': () => new Promise(() => undefined) as never });
    const store = createStore();
    void store.dispatch(cartApi.endpoints.getCart.initiate());
    renderWithStore(<ProductModal product={makeProduct()} onClose={() => {}} />, { store });
    expect(screen.getByText(MESSAGES.loadingCart)).toBeInTheDocument();
  });

  it('resets quantity, variant and message when the product changes', async () => {
    const first = makeProduct({
      title: 'First',
      stock: 9,
      variants: [
        { _id: 'a1', size: 'Small', price: 100, stock: 5 },
        { _id: 'a2', size: 'Large', price: 200, stock: 5 },
      ],
    });
    const second = makeProduct({
      title: 'Second',
      variants: [
        { _id: 'b1', size: 'One', price: 100, stock: 5 },
        { _id: 'b2', size: 'Two', price: 200, stock: 5 },
      ],
    });
    function Harness() {
      const [product, setProduct] = useState<Product>(first);
      return (
        <>
          <button type="button" onClick={() => setProduct(second)}>
            switch
          </button>
          <ProductModal product={product} onClose={() => {}} />
        </>
      );
    }
    renderWithStore(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Large' }));
    fireEvent.change(quantity(), { target: { value: '99' } });
    expect(screen.getByText(MESSAGES.onlyNInStock(5))).toBeInTheDocument();
    fireEvent.click(screen.getByText('switch'));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
    expect(quantity()).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'One' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(MESSAGES.onlyNInStock(5))).not.toBeInTheDocument();
  });

  it('keeps focus on Add to Cart through the add, and says so in the status line', async () => {
    loginAs();
    const product = makeProduct({ stock: 10 });
    mockFetch({
      'GET /api/cart': { body: { items: [] } },
      'POST /api/cart/add': { body: cartWith(product, 1) },
    });
    open(product);
    await userEvent.click(addButton());
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(MESSAGES.itemAdded));
    expect(addButton()).toHaveFocus();
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    // A click now is ignored: no second add, focus stays.
    await userEvent.click(addButton());
    expect(addButton()).toHaveFocus();
  });

  it('a service shows its visit date beside the quantity, tomorrow at first, and adds for the chosen day', async () => {
    loginAs();
    const product = makeProduct({ title: 'CO2 Extinguisher Refill', kind: 'service', stock: 100 });
    let sent: Record<string, unknown> | undefined;
    mockFetch({
      'GET /api/cart': { body: { items: [] } },
      'POST /api/cart/add': (init) => {
        sent = JSON.parse(String(init!.body)) as Record<string, unknown>;
        return { body: cartWith(product, 1) };
      },
    });
    open(product);
    const { from, to } = serviceDateRange();
    const visit = screen.getByLabelText('Visit date');
    expect(visit).toHaveValue(from);
    expect(visit).toHaveAttribute('max', to);
    fireEvent.change(visit, { target: { value: to } });
    await userEvent.click(addButton());
    await waitFor(() =>
      expect(sent).toEqual({ productId: product._id, variantId: null, quantity: 1, serviceDate: to }),
    );
  });

  it('goods have no visit date', () => {
    open(makeProduct());
    expect(screen.queryByLabelText('Visit date')).not.toBeInTheDocument();
  });

  it('keeps focus on the minus button when it reaches 1', async () => {
    open(makeProduct({ stock: 5 }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    await userEvent.click(minus);
    expect(quantity()).toHaveValue(1);
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    expect(minus).toHaveFocus();
    await userEvent.click(minus);
    expect(quantity()).toHaveValue(1);
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    open(makeProduct(), onClose);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
