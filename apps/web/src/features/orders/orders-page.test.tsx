import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { checkoutConfig, FakeRazorpay, orderDto } from '../../test/fixtures';
import { Notices } from '../../shop/layout/notices';
import { resetPaymentScriptState } from '../../shop/payment/use-payment-script';
import { confirmCancelText, OrdersPage } from './orders-page';

const ID = 'a1b2c3d4-0000-4000-8000-00000abc123f';

let alertSpy: ReturnType<typeof vi.spyOn>;
let confirmSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  loginAs();
  window.Razorpay = FakeRazorpay;
  FakeRazorpay.reset('pay');
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  confirmSpy = vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  // My Orders never uses the browser's alert or confirm: its own dialog and notices instead.
  expect(alertSpy).not.toHaveBeenCalled();
  expect(confirmSpy).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Razorpay;
  resetPaymentScriptState();
});

const renderPage = () =>
  renderWithStore(
    <>
      <OrdersPage />
      <Notices />
    </>,
    {
      route: '/order',
      extraRoutes: [
        {
          path: '/order/:orderId',
          element: (
            <>
              <h1>Order confirmation page</h1>
              <Notices />
            </>
          ),
        },
      ],
    },
  );

/** The shop's own confirmation dialog: answers it. */
async function answerCancelDialog(answer: 'Yes, cancel it' | 'Keep order') {
  const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
  return dialog;
}

describe('OrdersPage', () => {
  // Status and payment are now said in words (changed on purpose); the money shows subtotal, delivery and total.
  it('shows each order as a card with number, status, money, payment, date, items and address', async () => {
    mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto({ status: 'processing' })] } } });
    renderPage();
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByRole('heading', { name: 'Order #bc123f' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Order #bc123f' })).toHaveAttribute(
      'href',
      '/order/a1b2c3d4-0000-4000-8000-00000abc123f',
    );
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Processing');
    expect(card).toHaveTextContent('Subtotal₹1,000/-');
    expect(card).toHaveTextContent('Delivery charge₹60/-');
    expect(card).toHaveTextContent('Total₹1,060/-');
    expect(card).toHaveTextContent('Paid online');
    expect(within(card).getByText(/2025/).closest('time')).toHaveAttribute('datetime', '2025-03-15T10:30:00.000Z');
    expect(card).toHaveTextContent(
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2025-03-15T10:30:00Z'),
      ),
    );
    expect(card).toHaveTextContent('Fuel Nozzle');
    expect(card).toHaveTextContent('Size: 3/4 inch');
    expect(card).toHaveTextContent('2 x ₹500/- = ₹1,000/-');
    expect(within(card).getByText('No Image')).toBeInTheDocument();
    expect(card).toHaveTextContent('Asha Rao, 9876543210');
    expect(card).toHaveTextContent('Bengaluru, Karnataka 560001, India');
    expect(within(card).getByRole('button', { name: 'Cancel Order #bc123f' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
  });

  it('shows amounts in the price format: rupees, Indian grouping, /-, paise to 2 digits', async () => {
    const order = orderDto({ subtotal: 125000, shipping: 2500.4, total: 127500.4 });
    order.items[0] = { ...order.items[0]!, quantity: 2, price: 62500, subtotal: 125000 };
    mockFetch({ 'GET /api/orders/me': { body: { orders: [order] } } });
    renderPage();
    const card = await screen.findByTestId('order-card');
    expect(card).toHaveTextContent('Total₹1,27,500.40/-');
    expect(card).toHaveTextContent('2 x ₹62,500/- = ₹1,25,000/-');
  });

  it('shows the item image with its width and height, and COD orders as COD', async () => {
    const order = orderDto({ paymentMode: 'cod', payment: null });
    order.items[0]!.image = '/uploads/nozzle.webp';
    mockFetch({ 'GET /api/orders/me': { body: { orders: [order] } } });
    renderPage();
    const card = await screen.findByTestId('order-card');
    const image = within(card).getByRole('img', { name: 'Fuel Nozzle' });
    expect(image).toHaveAttribute('src', '/uploads/nozzle.webp');
    expect(image).toHaveAttribute('width', '56');
    expect(image).toHaveAttribute('height', '56');
    // A COD order not yet delivered is 'Pending' (placed, paid on delivery), never 'Awaiting payment'.
    expect(within(card).getByTestId('order-status')).toHaveTextContent(/^Pending$/);
    expect(card).toHaveTextContent('Cash on delivery · pay when it arrives');
    expect(within(card).queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
  });

  it('hides Cancel Order on a cancelled order', async () => {
    mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto({ status: 'cancelled' })] } } });
    renderPage();
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(within(card).queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument();
  });

  it.each(['shipped', 'delivered'] as const)(
    'hides Cancel Order on a %s order (the buyer may no longer cancel)',
    async (status) => {
      mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto({ status })] } } });
      renderPage();
      const card = await screen.findByTestId('order-card');
      expect(within(card).queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument();
    },
  );

  it("shows an unpaid online order as 'Awaiting payment' with its pay-by time and Pay now, which pays that same order", async () => {
    const payBy = new Date(new Date().setHours(23, 45, 0, 0)).toISOString();
    const unpaid = orderDto({
      payBy,
      payment: {
        _id: 'p1',
        mode: 'online',
        status: 'pending',
        amount: 1060,
        transactionId: null,
        razorpayOrderId: null,
      },
    });
    const fetchMock = mockFetch({
      'GET /api/orders/me': { body: { orders: [unpaid] } },
      'GET /api/payments/config': { body: checkoutConfig() },
      'POST /api/payments/create': {
        body: { rzpOrderId: 'order_sb_9', amount: 106000, currency: 'INR', key: 'rzp_test_sandbox', orderId: ID },
      },
      'POST /api/payments/verify': { body: { message: 'Payment verified', status: 'success', orderId: ID } },
      'GET /api/cart': { body: { items: [] } },
    });
    const { router } = renderPage();
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-status')).toHaveTextContent(MESSAGES.awaitingPayment);
    expect(card).not.toHaveTextContent(/PENDING|CANCELLED/);
    const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' }).format(new Date(payBy));
    expect(card).toHaveTextContent(MESSAGES.payBy(time));
    const payNow = within(card).getByRole('button', { name: 'Pay now for Order #bc123f' });
    await waitFor(() => expect(payNow).toBeEnabled());
    await userEvent.click(payNow);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${ID}`));
    expect(await screen.findByText(MESSAGES.paymentSucceeded)).toBeInTheDocument();
    const creates = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/payments/create'));
    expect(creates.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ orderId: ID }]);
    expect(FakeRazorpay.instances[0]!.options).toMatchObject({ order_id: 'order_sb_9', amount: 106000 });
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/orders') && init?.method === 'POST'),
    ).toBe(false);
  });

  it('Pay now closed without paying says so in a notice, and the order stays awaiting payment', async () => {
    FakeRazorpay.reset('dismiss');
    const unpaid = orderDto({
      payBy: new Date(Date.now() + 20 * 60_000).toISOString(),
      payment: {
        _id: 'p1',
        mode: 'online',
        status: 'pending',
        amount: 1060,
        transactionId: null,
        razorpayOrderId: null,
      },
    });
    const fetchMock = mockFetch({
      'GET /api/orders/me': { body: { orders: [unpaid] } },
      'GET /api/payments/config': { body: checkoutConfig() },
      'POST /api/payments/create': {
        body: { rzpOrderId: 'order_sb_9', amount: 106000, currency: 'INR', key: 'rzp_test_sandbox', orderId: ID },
      },
    });
    const { router } = renderPage();
    const payNow = await screen.findByRole('button', { name: /Pay now/ });
    await waitFor(() => expect(payNow).toBeEnabled());
    await userEvent.click(payNow);
    expect(await screen.findByText(MESSAGES.paymentCancelled)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    // Focus goes back to Pay now, never to the page's body.
    await waitFor(() => expect(screen.getByRole('button', { name: /Pay now/ })).toHaveFocus());
  });

  it("shows a skeleton while loading, then 'You have no orders yet.' with Continue shopping when there are none", async () => {
    mockFetch({ 'GET /api/orders/me': { body: { orders: [] } } });
    renderPage();
    expect(screen.getByTestId('list-skeleton')).toHaveTextContent(MESSAGES.loadingOrders);
    expect(await screen.findByText(MESSAGES.noOrders)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it("says 'Failed to load orders. Please try again.' with Try again when loading fails, never 'no orders'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockFetch({
      'GET /api/orders/me': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: {} } : { body: { orders: [orderDto()] } };
      },
    });
    renderPage();
    expect(await screen.findByTestId('load-failed')).toHaveTextContent(MESSAGES.ordersLoadFailed);
    expect(screen.queryByText(MESSAGES.noOrders)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
  });

  // Changed on purpose: the shop's own dialog and notices replace the browser's confirm and alert (same texts).
  it('asks before cancelling in its own dialog, and does nothing when the buyer declines', async () => {
    const fetchMock = mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto()] } } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(dialog).toHaveTextContent(confirmCancelText(ID));
    await answerCancelDialog('Keep order');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("cancels after confirmation, shows the server's message as a notice and reloads the list", async () => {
    let cancelled = false;
    const fetchMock = mockFetch({
      'GET /api/orders/me': () => ({ body: { orders: [orderDto({ status: cancelled ? 'cancelled' : 'pending' })] } }),
      [`PATCH /api/orders/${ID}/cancel`]: () => {
        cancelled = true;
        return {
          body: {
            message: 'Order cancelled successfully. Your refund will follow shortly.',
            data: orderDto({ status: 'cancelled' }),
          },
        };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    await answerCancelDialog('Yes, cancel it');
    expect(
      await screen.findByText('Order cancelled successfully. Your refund will follow shortly.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument());
    expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/orders/me'))).toHaveLength(2);
  });

  it("shows 'Order cancelled successfully' when the server sends no message", async () => {
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto()] } },
      [`PATCH /api/orders/${ID}/cancel`]: { body: { data: orderDto({ status: 'cancelled' }) } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    await answerCancelDialog('Yes, cancel it');
    expect(await screen.findByText(MESSAGES.orderCancelled)).toBeInTheDocument();
  });

  it("says exactly 'Failed to cancel order. Please try again.' when the server refuses, without its reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto({ status: 'processing' })] } },
      [`PATCH /api/orders/${ID}/cancel`]: {
        status: 409,
        body: { message: 'This order has already been shipped and can no longer be cancelled.' },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    await answerCancelDialog('Yes, cancel it');
    const alert = await screen.findByText('Failed to cancel order. Please try again.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/already been shipped/)).not.toBeInTheDocument();
    // The list stays as it was: no reload after a refusal.
    expect(screen.getByRole('button', { name: /Cancel Order/ })).toBeEnabled();
  });

  it("says 'Failed to cancel order. Please try again.' when the server cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto()] } },
      [`PATCH /api/orders/${ID}/cancel`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    await answerCancelDialog('Yes, cancel it');
    expect(await screen.findByText(MESSAGES.cancelOrderFailed)).toBeInTheDocument();
  });
});
