import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { Notices } from '../../shop/layout/notices';
import { NO_PENDING_ORDER_DELAY_MS, PaymentPage } from './payment-page';
import { orderDto, savedAddress } from '../../test/fixtures';

const pendingOrder = {
  customer: { name: 'Asha', email: 'asha@example.com', phone: '9876543210' },
  address: savedAddress(),
  items: [
    { product: '00000000-0000-4000-8000-000000000001', variantId: null, title: 'Nozzle', price: 500, quantity: 1 },
  ],
  shipping: 40,
  total: 540,
  paymentMode: 'cod',
};

const renderPage = () =>
  renderWithStore(<PaymentPage />, {
    route: '/payment',
    extraRoutes: [
      { path: '/order', element: <h1>My Orders page</h1> },
      {
        path: '/order/:orderId',
        element: (
          <>
            <h1>Order confirmation page</h1>
            <Notices />
          </>
        ),
      },
      { path: '/cart', element: <h1>Cart page</h1> },
    ],
  });

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('PaymentPage', () => {
  // Changed on purpose: a COD order lands on its confirmation page with 'Order placed successfully'.
  it('posts the stored pending order, clears it, refreshes the cart and goes to its confirmation page', async () => {
    localStorage.setItem('pendingOrder', JSON.stringify(pendingOrder));
    const fetchMock = mockFetch({
      'POST /api/orders': { status: 201, body: { message: 'Order placed', order: orderDto({ _id: 'order-1' }) } },
      'GET /api/cart': { body: { items: [] } },
    });
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-1'));
    const post = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/api/orders') && init?.method === 'POST',
    );
    expect(JSON.parse(String(post![1]!.body))).toEqual(pendingOrder);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/cart'))).toBe(true);
    expect(localStorage.getItem('pendingOrder')).toBeNull();
    expect(await screen.findByText(MESSAGES.orderPlaced)).toBeInTheDocument();
  });

  it("sends the checkout attempt's Idempotency-Key as a header, not in the order", async () => {
    localStorage.setItem('pendingOrder', JSON.stringify({ ...pendingOrder, idempotencyKey: 'attempt-key-1' }));
    const fetchMock = mockFetch({
      'POST /api/orders': { status: 201, body: { message: 'Order placed', order: orderDto({ _id: 'order-1' }) } },
      'GET /api/cart': { body: { items: [] } },
    });
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-1'));
    const post = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/api/orders') && init?.method === 'POST',
    );
    expect((post![1]!.headers as Record<string, string>)['Idempotency-Key']).toBe('attempt-key-1');
    expect(JSON.parse(String(post![1]!.body))).toEqual(pendingOrder);
  });

  it("says 'No pending order found' and goes to /cart when nothing is stored", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({});
    const { router } = renderPage();
    expect(await screen.findByText(MESSAGES.noPendingOrder)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    await act(async () => vi.advanceTimersByTime(NO_PENDING_ORDER_DELAY_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Failed to create order after payment.' with the server's reason when the post fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('pendingOrder', JSON.stringify(pendingOrder));
    mockFetch({ 'POST /api/orders': { status: 409, body: { message: 'Only 1 left of Nozzle.' } } });
    const { router } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.orderAfterPaymentFailed);
    expect(alert).toHaveTextContent('Only 1 left of Nozzle.');
    expect(router.state.location.pathname).toBe('/payment');
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
  });
});
