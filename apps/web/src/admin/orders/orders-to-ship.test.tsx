/**
 * The Orders page's To ship view and the opened order's address (docs/shop-rules.md#to-ship, #admin-lists):
 * ?view=to-ship shows the one queue, ?order=<id> opens that order's detail.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { makeOrder } from '../test-data';
import { ORDER_FILTERS_TEXT } from './orders-filters';
import { OrdersPage } from './orders-page';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const oldCodPaid = makeOrder('ord-cod-paid-AAA111', { paymentMode: 'cod', payment: { status: 'success' } });
const onlinePaid = makeOrder('ord-online-paid-BBB222', { status: 'processing', payment: { status: 'success' } });
const codUnpaid = makeOrder('ord-cod-unpaid-CCC333', { paymentMode: 'cod' });
const elsewhere = makeOrder('ord-elsewhere-DDD444', { status: 'delivered', payment: { status: 'success' } });

/** GET /api/orders: the to-ship queue (in the server's order) for view=to-ship, else every order of the mode. */
function ordersRoute(_init: RequestInit | undefined, url: URL): FakeResponse {
  const query = url.searchParams;
  const limit = Number(query.get('limit') ?? 20);
  const matches =
    query.get('view') === 'to-ship'
      ? [oldCodPaid, onlinePaid]
      : [oldCodPaid, onlinePaid, codUnpaid].filter((order) => order.paymentMode === query.get('paymentMode'));
  return { body: { data: matches.slice(0, limit), total: matches.length } };
}

function renderOrders(route: string, extra: Record<string, FakeResponse> = {}) {
  const fetchMock = mockFetch({ 'GET /api/orders': ordersRoute, ...extra });
  const { router } = renderWithStore(
    <>
      <OrdersPage />
      <Notices />
    </>,
    { route, path: '/admin/orders' },
  );
  return { fetchMock, router, user: userEvent.setup() };
}

const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname === '/api/orders')
    .map((url) => Object.fromEntries(url.searchParams));
const views = () => screen.getByRole('navigation', { name: 'Orders view' });
const firstCells = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('Admin orders: the To ship view', () => {
  it('shows the one queue from ?view=to-ship, oldest first as the server answers, with its count', async () => {
    const { fetchMock } = renderOrders('/admin/orders?view=to-ship');
    await screen.findByRole('region', { name: 'To ship' });
    expect(firstCells('To ship')).toEqual(['AAA111', 'BBB222']);
    expect(screen.queryByRole('region', { name: 'COD Orders' })).not.toBeInTheDocument();
    // The page asks for the queue without a sort (the server's default for it is oldest first) and shows that sort.
    expect(listQueries(fetchMock)).toContainEqual({ page: '1', limit: '20', view: 'to-ship' });
    const form = screen.getByRole('search', { name: ORDER_FILTERS_TEXT.form });
    expect(within(form).getByLabelText('Sort by')).toHaveValue('oldest');
    await waitFor(() => expect(within(views()).getByRole('button', { name: 'To ship (2)' })).toBeInTheDocument());
    expect(within(views()).getByRole('button', { name: 'To ship (2)' })).toHaveAttribute('aria-current', 'page');
  });

  it('switches views in the address, and Back returns to the tables', async () => {
    const { router, user } = renderOrders('/admin/orders?codPage=2');
    await screen.findByRole('region', { name: 'COD Orders' });
    await user.click(await within(views()).findByRole('button', { name: 'To ship (2)' }));
    expect(router.state.location.search).toBe('?view=to-ship');
    await screen.findByRole('region', { name: 'To ship' });

    await user.click(within(views()).getByRole('button', { name: 'All orders' }));
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate(-1));
    await screen.findByRole('region', { name: 'To ship' });
    await act(() => router.navigate(-1));
    await screen.findByRole('region', { name: 'COD Orders' });
  });
});

describe('Admin orders: the opened order in the address', () => {
  it('puts ?order=<id> in the address when an order is opened; closing or Back removes it', async () => {
    const { router, user } = renderOrders('/admin/orders?view=to-ship');
    await user.click(await screen.findByRole('button', { name: 'View order BBB222' }));
    expect(router.state.location.search).toBe(`?view=to-ship&order=${onlinePaid._id}`);
    expect(screen.getByRole('dialog', { name: 'Order BBB222' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?view=to-ship');

    await user.click(screen.getByRole('button', { name: 'View order AAA111' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?view=to-ship');
  });

  it('opens the order of a loaded ?order=<id>, read from the server when it is not on the page', async () => {
    renderOrders(`/admin/orders?order=${onlinePaid._id}`);
    expect(await screen.findByRole('dialog', { name: 'Order BBB222' })).toBeInTheDocument();
  });

  it('reads an order that no table shows, and says so when there is none', async () => {
    const { fetchMock } = renderOrders(`/admin/orders?order=${elsewhere._id}`, {
      [`GET /api/orders/${elsewhere._id}`]: { body: { data: elsewhere } },
    });
    expect(await screen.findByRole('dialog', { name: 'Order DDD444' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(`/api/orders/${elsewhere._id}`))).toBe(true);
  });

  it('closes an order the server does not know, with its message', async () => {
    const { router } = renderOrders('/admin/orders?order=ord-gone-EEE555', {
      'GET /api/orders/ord-gone-EEE555': { status: 404, body: { message: 'Order not found.' } },
    });
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
