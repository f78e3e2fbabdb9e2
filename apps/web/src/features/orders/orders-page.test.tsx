import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { orderDto } from '../../test/fixtures';
import { confirmCancelText, OrdersPage } from './orders-page';

const ID = 'a1b2c3d4-0000-4000-8000-00000abc123f';

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => renderWithStore(<OrdersPage />, { route: '/order' });

describe('OrdersPage', () => {
  it('shows each order as a card with number, status, total, payment, date, items and address', async () => {
    mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto()] } } });
    renderPage();
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByRole('heading', { name: 'Order #bc123f' })).toBeInTheDocument();
    expect(card).toHaveTextContent('pending');
    expect(card).toHaveTextContent('Total₹1,060/-');
    expect(card).toHaveTextContent('Online · Success');
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
    expect(card).toHaveTextContent('COD · Pending');
  });

  it('hides Cancel Order on a cancelled order', async () => {
    mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto({ status: 'cancelled' })] } } });
    renderPage();
    const card = await screen.findByTestId('order-card');
    expect(card).toHaveTextContent('cancelled');
    expect(within(card).queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument();
  });

  it("says 'You have no orders yet.' when there are none", async () => {
    mockFetch({ 'GET /api/orders/me': { body: { orders: [] } } });
    renderPage();
    expect(await screen.findByText(MESSAGES.noOrders)).toBeInTheDocument();
  });

  it("says 'Failed to load orders. Please try again.' when loading fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/orders/me': { status: 500, body: {} } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ordersLoadFailed);
  });

  it('asks before cancelling, and does nothing when the buyer declines', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const fetchMock = mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto()] } } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    expect(confirm).toHaveBeenCalledWith(confirmCancelText(ID));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("cancels after confirmation, alerts the server's message and reloads the list", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
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
    expect(alert).toHaveBeenCalledWith('Order cancelled successfully. Your refund will follow shortly.');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument());
    expect(screen.getByTestId('order-card')).toHaveTextContent('cancelled');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/orders/me'))).toHaveLength(2);
  });

  it("alerts 'Order cancelled successfully' when the server sends no message", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto()] } },
      [`PATCH /api/orders/${ID}/cancel`]: { body: { data: orderDto({ status: 'cancelled' }) } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.orderCancelled);
  });

  it("alerts exactly 'Failed to cancel order. Please try again.' when the server refuses, without its reason", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto({ status: 'shipped' })] } },
      [`PATCH /api/orders/${ID}/cancel`]: {
        status: 409,
        body: { message: 'This order has already been shipped and can no longer be cancelled.' },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Failed to cancel order. Please try again.');
    // The list stays as it was: no reload after a refusal.
    expect(screen.getByRole('button', { name: /Cancel Order/ })).toBeEnabled();
  });

  it("alerts 'Failed to cancel order. Please try again.' when the server cannot be reached", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto()] } },
      [`PATCH /api/orders/${ID}/cancel`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel Order/ }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.cancelOrderFailed);
  });
});
