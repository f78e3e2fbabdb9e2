import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type CartLine } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { cartLine, checkoutConfig, FakeRazorpay } from '../../test/fixtures';
import { resetPaymentScriptState } from '../../shop/payment/use-payment-script';
import { CartPage } from './cart-page';

function renderCart(items: CartLine[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/cart': { body: { items } },
    'GET /api/payments/config': { body: checkoutConfig() },
    ...extra,
  });
  const view = renderWithStore(<CartPage />, {
    route: '/cart',
    extraRoutes: [{ path: '/', element: <p>Home page</p> }],
  });
  return { ...view, fetchMock };
}

const lineOf = (title: string) => screen.getByText(title).closest('li')!;

beforeEach(() => {
  loginAs();
  window.Razorpay = FakeRazorpay;
  FakeRazorpay.reset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Razorpay;
  resetPaymentScriptState();
});

describe('CartPage', () => {
  it("shows a skeleton that says 'Loading cart…' until the cart arrives", async () => {
    renderCart([cartLine({ title: 'Fuel Nozzle' })]);
    expect(screen.getByTestId('list-skeleton')).toHaveTextContent(MESSAGES.loadingCart);
    expect(await screen.findByText('Fuel Nozzle')).toBeInTheDocument();
  });

  // The shared empty state's link reads 'Continue shopping' (changed on purpose from 'Continue Shopping').
  it("shows 'Your cart is empty' and a Continue shopping link that goes to /", async () => {
    const { router } = renderCart([]);
    expect(await screen.findByText(MESSAGES.emptyCart)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Continue shopping' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('says the cart could not be loaded, with Try again, and never that it is empty', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    renderCart([], {
      'GET /api/cart': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: {} } : { body: { items: [cartLine({ title: 'Fuel Nozzle' })] } };
      },
    });
    const failed = await screen.findByTestId('load-failed');
    expect(failed).toHaveTextContent(MESSAGES.cartLoadFailed);
    expect(screen.queryByText(MESSAGES.emptyCart)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fuel Nozzle')).toBeInTheDocument();
  });

  it('shows two panes: the items and an Order Summary', async () => {
    renderCart([cartLine({ title: 'Fuel Nozzle' })]);
    expect(await screen.findByRole('heading', { name: /Items \(1\)/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order Summary' })).toBeInTheDocument();
  });

  // Changed on purpose: the storefront's one price format (docs/decisions/0008-one-price-format.md).
  it('shows amounts in the price format: Indian grouping, /-, paise only when present', async () => {
    renderCart([
      cartLine({ title: 'Dispenser', price: 125000.5, quantity: 2, stock: 5 }),
      cartLine({ title: 'Hose', price: 1850, quantity: 1, stock: 5 }),
    ]);
    const line = lineOf(await screen.findByText('Dispenser').then((el) => el.textContent!));
    expect(line).toHaveTextContent('₹1,25,000.50/- each');
    expect(within(line).getByLabelText('Amount for Dispenser')).toHaveTextContent('₹2,50,001/-');
    expect(lineOf('Hose')).toHaveTextContent('₹1,850/- each');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹2,51,851/-');
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('₹5,037.02/-');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹2,56,888.02/-');
  });

  it('does not let an out-of-stock line be selected and shows it as such', async () => {
    renderCart([cartLine({ title: 'Sold Out Hose', stock: 0 }), cartLine({ title: 'Gloves', stock: 3 })]);
    await screen.findByText('Sold Out Hose');
    const soldOut = lineOf('Sold Out Hose');
    const soldOutBox = within(soldOut).getByRole('checkbox');
    const glovesBox = within(lineOf('Gloves')).getByRole('checkbox');
    expect(soldOutBox).toBeDisabled();
    expect(soldOutBox).not.toBeChecked();
    expect(within(soldOut).getByText(MESSAGES.outOfStock)).toBeInTheDocument();
    expect(glovesBox).toBeEnabled();

    // Every in-stock line starts selected; Select all then clears and restores only those.
    expect(glovesBox).toBeChecked();
    expect(screen.getByLabelText('Select all')).toBeChecked();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹100/-');
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(glovesBox).not.toBeChecked();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹0/-');
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(glovesBox).toBeChecked();
    expect(soldOutBox).not.toBeChecked();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹100/-');
  });

  it('disables minus at 1 and plus at the stock, and sends the new quantity', async () => {
    const nozzle = cartLine({ title: 'Nozzle', quantity: 1, stock: 2, price: 50 });
    const { fetchMock } = renderCart([nozzle], {
      'PUT /api/cart/update': (init) => {
        const body = JSON.parse(String(init?.body));
        return { body: { items: [{ ...nozzle, quantity: body.quantity }] } };
      },
    });
    await screen.findByText('Nozzle');
    const minus = screen.getByRole('button', { name: 'Decrease quantity of Nozzle' });
    const plus = screen.getByRole('button', { name: 'Increase quantity of Nozzle' });
    expect(minus).toBeDisabled();
    expect(plus).toBeEnabled();

    await userEvent.click(plus);
    await waitFor(() => expect(screen.getByTestId('quantity')).toHaveValue(2));
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();
    const update = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/cart/update'));
    expect(JSON.parse(String(update![1]!.body))).toEqual({
      productId: nozzle.product._id,
      variantId: nozzle.variantId,
      quantity: 2,
    });
  });

  it('removes a line with its remove control', async () => {
    const gloves = cartLine({ title: 'Gloves' });
    const helmet = cartLine({ title: 'Helmet' });
    const { fetchMock } = renderCart([gloves, helmet], { 'DELETE /api/cart/remove': { body: { items: [helmet] } } });
    await screen.findByText('Gloves');
    await userEvent.click(screen.getByRole('button', { name: /Remove Gloves/ }));
    await waitFor(() => expect(screen.queryByText('Gloves')).not.toBeInTheDocument());
    expect(screen.getByText('Helmet')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/cart/remove'));
    expect(call![1]!.method).toBe('DELETE');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ productId: gloves.product._id, variantId: gloves.variantId });
  });

  it.each([
    { price: 500, quantity: 1, subtotal: '₹500/-', delivery: '₹40/-', total: '₹540/-', percent: 8 },
    { price: 1000, quantity: 1, subtotal: '₹1,000/-', delivery: '₹60/-', total: '₹1,060/-', percent: 6 },
    { price: 2500, quantity: 4, subtotal: '₹10,000/-', delivery: '₹400/-', total: '₹10,400/-', percent: 4 },
    { price: 25000, quantity: 2, subtotal: '₹50,000/-', delivery: '₹1,000/-', total: '₹51,000/-', percent: 2 },
    { price: 999.99, quantity: 1, subtotal: '₹999.99/-', delivery: '₹80/-', total: '₹1,079.99/-', percent: 8 },
  ])(
    'totals $subtotal with the $percent% delivery tier',
    async ({ price, quantity, subtotal, delivery, total, percent }) => {
      renderCart([cartLine({ title: 'Line', price, quantity, stock: 10 })]);
      await screen.findByText('Line');
      expect(screen.getByTestId('summary-subtotal')).toHaveTextContent(subtotal);
      expect(screen.getByTestId('summary-delivery')).toHaveTextContent(delivery);
      expect(screen.getByText(`Delivery charge (${percent}%)`)).toBeInTheDocument();
      expect(screen.getByTestId('summary-total')).toHaveTextContent(total);
      await userEvent.click(screen.getByRole('checkbox', { name: /Select Line/ }));
      expect(screen.getByTestId('summary-total')).toHaveTextContent('₹0/-');
    },
  );

  it('counts only the selected lines', async () => {
    renderCart([cartLine({ title: 'A', price: 300 }), cartLine({ title: 'B', price: 900 })]);
    await screen.findByText('A');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹1,200/-');
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('₹72/-');
    expect(screen.getByText('Delivery charge (6%)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Select A/ }));
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹900/-');
    // ₹900 falls below ₹1,000: the 8% tier (₹1,200 paid 6%).
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('₹72/-');
    expect(screen.getByText('Delivery charge (8%)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Select B/ }));
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹0/-');
    await userEvent.click(screen.getByRole('checkbox', { name: /Select A/ }));
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹300/-');
  });

  it('disables Checkout with no selection', async () => {
    renderCart([cartLine({ title: 'A' })]);
    await screen.findByText('A');
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    await waitFor(() => expect(checkout).toBeEnabled());
    await userEvent.click(screen.getByRole('checkbox', { name: /Select A/ }));
    expect(checkout).toBeDisabled();
    expect(screen.getByText('Select the items you want to check out.')).toBeInTheDocument();
  });

  it('disables Checkout until the payment script has loaded', async () => {
    delete window.Razorpay;
    renderCart([cartLine({ title: 'A' })]);
    await screen.findByText('A');
    expect(screen.getByRole('checkbox', { name: /Select A/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByText('Loading the payment system…')).toBeInTheDocument();
    // The script named by the server's config is added to the page once.
    await waitFor(() =>
      expect(document.querySelectorAll('script[src="/api/payments/sandbox/checkout.js"]')).toHaveLength(1),
    );
  });

  it('disables Checkout when the total is 0 or less', async () => {
    renderCart([cartLine({ title: 'Free sample', price: 0 })]);
    await screen.findByText('Free sample');
    expect(screen.getByRole('checkbox', { name: /Select Free sample/ })).toBeChecked();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹0/-');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('shows a failed cart change as red text', async () => {
    const nozzle = cartLine({ title: 'Nozzle', quantity: 1, stock: 5 });
    renderCart([nozzle], { 'PUT /api/cart/update': { status: 409, body: { message: 'Only 1 left in stock.' } } });
    await screen.findByText('Nozzle');
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Nozzle' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only 1 left in stock.');
    expect(alert).toHaveClass('text-red-600');
    // The real cart is reloaded: the optimistic quantity is undone.
    await waitFor(() => expect(screen.getByTestId('quantity')).toHaveValue(1));
  });

  it('warns when a line asks for more than is left in stock', async () => {
    renderCart([cartLine({ title: 'Nozzle', quantity: 5, stock: 3 })]);
    await screen.findByText('Nozzle');
    expect(screen.getByText(MESSAGES.onlyNInStock(3))).toBeInTheDocument();
  });
});
