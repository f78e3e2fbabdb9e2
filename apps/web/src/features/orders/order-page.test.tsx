import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { checkoutConfig, FakeRazorpay, orderDto } from '../../test/fixtures';
import { Notices } from '../../shop/layout/notices';
import { resetPaymentScriptState } from '../../shop/payment/use-payment-script';
import { expectedDeliveryDate, formatDeliveryDate } from './expected-delivery';
import { OrderPage } from './order-page';

const ID = 'a1b2c3d4-0000-4000-8000-00000abc123f';
const unpaidPayment = {
  _id: 'p1',
  mode: 'online' as const,
  status: 'pending' as const,
  amount: 1060,
  transactionId: null,
  razorpayOrderId: null,
};

beforeEach(() => {
  loginAs();
  window.Razorpay = FakeRazorpay;
  FakeRazorpay.reset('pay');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Razorpay;
  resetPaymentScriptState();
});

const renderPage = (id = ID) =>
  renderWithStore(
    <>
      <OrderPage />
      <Notices />
    </>,
    {
      route: `/order/${id}`,
      path: '/order/:orderId',
      extraRoutes: [
        { path: '/order', element: <h1>My Orders page</h1> },
        { path: '/', element: <h1>Home page</h1> },
      ],
    },
  );

describe('OrderPage (order confirmation)', () => {
  it('thanks the buyer and shows the number, items, money, payment, status, address and expected date', async () => {
    const order = orderDto({ status: 'processing' });
    mockFetch({ [`GET /api/orders/${ID}`]: { body: { data: order } } });
    renderPage();
    expect(screen.getByTestId('list-skeleton')).toHaveTextContent(MESSAGES.loadingOrder);
    const page = await screen.findByTestId('order-confirmation');
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.orderConfirmed })).toBeInTheDocument();
    expect(page).toHaveTextContent('Order #bc123f');
    expect(within(page).getByTestId('order-status')).toHaveTextContent('Processing');
    expect(page).toHaveTextContent('Fuel Nozzle');
    expect(page).toHaveTextContent('Size: 3/4 inch');
    expect(page).toHaveTextContent('2 x ₹500/- = ₹1,000/-');
    expect(page).toHaveTextContent('Subtotal₹1,000/-');
    expect(page).toHaveTextContent('Delivery charge₹60/-');
    expect(page).toHaveTextContent('Total₹1,060/-');
    expect(page).toHaveTextContent('Paid online');
    expect(page).toHaveTextContent('Asha Rao, 9876543210');
    expect(page).toHaveTextContent('Bengaluru, Karnataka 560001, India');
    const expected = formatDeliveryDate(expectedDeliveryDate(new Date(order.createdAt)));
    expect(page).toHaveTextContent(MESSAGES.expectedBy(expected));
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: MESSAGES.payNow })).not.toBeInTheDocument();
  });

  it('a COD order is placed: thanks, Pending, cash on delivery', async () => {
    mockFetch({
      [`GET /api/orders/${ID}`]: {
        body: { data: orderDto({ paymentMode: 'cod', payment: { ...unpaidPayment, mode: 'cod' } }) },
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderConfirmed })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^Pending$/);
    expect(screen.getByTestId('order-confirmation')).toHaveTextContent('Cash on delivery · pay when it arrives');
    expect(screen.queryByRole('button', { name: MESSAGES.payNow })).not.toBeInTheDocument();
  });

  it('an unpaid online order awaits payment: its pay-by time and Pay now for the same order', async () => {
    const payBy = new Date(new Date().setHours(23, 50, 0, 0)).toISOString();
    let paid = false;
    const fetchMock = mockFetch({
      [`GET /api/orders/${ID}`]: () => ({
        body: {
          data: paid ? orderDto({ status: 'processing' }) : orderDto({ payBy, payment: unpaidPayment }),
        },
      }),
      'GET /api/payments/config': { body: checkoutConfig() },
      'POST /api/payments/create': {
        body: { rzpOrderId: 'order_sb_1', amount: 106000, currency: 'INR', key: 'rzp_test_sandbox', orderId: ID },
      },
      'POST /api/payments/verify': () => {
        paid = true;
        return { body: { message: 'Payment verified', status: 'success', orderId: ID } };
      },
      'GET /api/cart': { body: { items: [] } },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderAwaitingPayment })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(MESSAGES.awaitingPayment);
    const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' }).format(new Date(payBy));
    expect(screen.getByTestId('order-confirmation')).toHaveTextContent(MESSAGES.payBy(time));
    expect(screen.getByTestId('order-confirmation')).not.toHaveTextContent(/Expected by/);
    const payNow = screen.getByRole('button', { name: MESSAGES.payNow });
    await waitFor(() => expect(payNow).toBeEnabled());
    await userEvent.click(payNow);
    expect(await screen.findByText(MESSAGES.paymentSucceeded)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderConfirmed })).toBeInTheDocument();
    const creates = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/payments/create'));
    expect(creates.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ orderId: ID }]);
  });

  it('a cancelled order says so, without Pay now or an expected date', async () => {
    mockFetch({ [`GET /api/orders/${ID}`]: { body: { data: orderDto({ status: 'cancelled' }) } } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderWasCancelled })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(screen.getByTestId('order-confirmation')).not.toHaveTextContent(/Expected by/);
  });

  it("says 'Order not found.' with a way back for an order that is not the buyer's (404)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ [`GET /api/orders/${ID}`]: { status: 404, body: { message: 'Order not found.' } } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderNotFound })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'View My Orders' }));
    expect(await screen.findByText('My Orders page')).toBeInTheDocument();
  });

  it('says the order could not be loaded, with Try again, on any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockFetch({
      [`GET /api/orders/${ID}`]: () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: {} } : { body: { data: orderDto({ status: 'processing' }) } };
      },
    });
    renderPage();
    expect(await screen.findByTestId('load-failed')).toHaveTextContent(MESSAGES.orderLoadFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.orderConfirmed })).toBeInTheDocument();
  });
});
