import { MESSAGES, SERVER_MESSAGES, type OrderDto } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { formatDateTime } from '../lib/format';
import { makeOrder, makePayment } from '../test-data';
import { MOVE_BACK_TEXT } from './move-back-dialog';
import { ORDER_FILTERS_TEXT } from './orders-filters';
import { OrdersPage } from './orders-page';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const codUnpaid = makeOrder('ord-cod-unpaid-AAA111', { paymentMode: 'cod' });
const codPaid = makeOrder('ord-cod-paid-BBB222', { paymentMode: 'cod', payment: { status: 'success' } });
const onlinePaid = makeOrder('ord-online-paid-CCC333', {
  status: 'processing',
  payment: { status: 'success', transactionId: 'pay_TXN42' },
  customer: { name: 'Vikram Singh', email: 'vikram@example.com', phone: '9123456780' },
});
const onlinePending = makeOrder('ord-online-pend-DDD444');

/** The server's to-ship rule (docs/shop-rules.md#to-ship), for the fake list. */
const isToShip = (order: OrderDto) =>
  order.payment?.status === 'success' && ['pending', 'processing'].includes(order.status) && !order.shippedAt;

/**
 * Answers GET /api/orders as the server does for the fields the page sends: one payment mode, the filters, a
 * page at a time, with the count of all matches (the given orders are taken as newest first).
 */
function ordersRoute(orders: OrderDto[] | (() => unknown[])) {
  return (_init: RequestInit | undefined, url: URL): FakeResponse => {
    const query = url.searchParams;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const search = query.get('search')?.toLowerCase();
    const matches = ((typeof orders === 'function' ? orders() : orders) as OrderDto[]).filter(
      (order) =>
        (!query.get('paymentMode') || order.paymentMode === query.get('paymentMode')) &&
        (!query.get('status') || order.status === query.get('status')) &&
        (!query.get('paymentStatus') || order.payment?.status === query.get('paymentStatus')) &&
        (query.get('view') !== 'to-ship' || isToShip(order)) &&
        (!search ||
          order._id.toLowerCase().endsWith(search) ||
          order.customer.name.toLowerCase().includes(search) ||
          order.customer.email.toLowerCase().includes(search) ||
          order.customer.phone.includes(search)),
    );
    const data = matches.slice((page - 1) * limit, page * limit);
    return { body: { data, total: matches.length }, headers: { 'X-Total-Count': String(matches.length) } };
  };
}

const table = (name: string) => screen.getByRole('region', { name });
const rowsOf = (name: string) => within(table(name)).getAllByRole('row').slice(1);

/** Renders the orders page at `route`; with `notices`, the page's notices too (their live regions are roles status and alert). */
function renderOrders(
  routes: Parameters<typeof mockFetch>[0],
  { notices = false, route = '/admin/orders' }: { notices?: boolean; route?: string } = {},
) {
  const fetchMock = mockFetch(routes);
  const { router } = renderWithStore(
    <>
      <OrdersPage />
      {notices && <Notices />}
    </>,
    { route, path: '/admin/orders' },
  );
  return { fetchMock, router, user: userEvent.setup() };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
  );

describe('Admin orders: tables', () => {
  it('splits the orders into COD and Online tables with the specified columns', async () => {
    renderOrders({ 'GET /api/orders': ordersRoute([codUnpaid, codPaid, onlinePaid, onlinePending]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    await screen.findByRole('region', { name: 'COD Orders' });
    // Both order tables have the same columns, Txn ID included (unlike the
    // payments tables, where Txn ID is online only).
    const headersOf = (name: string) =>
      within(table(name))
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    const specified = ['Order ID', 'Buyer', 'Total', 'Payment', 'Status', 'Placed', 'Txn ID', 'Action'];
    expect(headersOf('COD Orders')).toEqual(specified);
    expect(headersOf('Online Orders')).toEqual(specified);

    expect(rowsOf('COD Orders').map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'AAA111',
      'BBB222',
    ]);
    expect(rowsOf('Online Orders').map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'CCC333',
      'DDD444',
    ]);

    const cells = within(rowsOf('Online Orders')[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'CCC333',
      'Vikram Singh',
      '₹2,120.00',
      'Onlinesuccess',
      'Processing',
      '05 Jun 2026',
      'pay_TXN42',
      'View',
    ]);
    // A COD order has no transaction id: its Txn ID cell shows a dash.
    expect(
      within(rowsOf('COD Orders')[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['AAA111', 'Asha Rao', '₹2,120.00', 'CODpending', 'Pending', '05 Jun 2026', '—', 'View']);
  });

  it('scrolls each table sideways on a narrow screen instead of pinning the View column over other cells', async () => {
    renderOrders({ 'GET /api/orders': ordersRoute([codUnpaid, onlinePaid]) });
    await screen.findByRole('region', { name: 'COD Orders' });
    for (const name of ['COD Orders', 'Online Orders']) {
      expect(screen.getByRole('region', { name: `${name} table` })).toHaveClass('overflow-x-auto');
      const cells = [...within(table(name)).getAllByRole('columnheader'), ...within(table(name)).getAllByRole('cell')];
      for (const cell of cells) {
        expect(cell).toHaveClass('whitespace-nowrap');
        expect(cell.className).not.toMatch(/\bsticky\b/);
      }
    }
  });

  it("says 'No orders found' in an empty table", async () => {
    renderOrders({ 'GET /api/orders': ordersRoute([onlinePaid]) });
    await screen.findByRole('region', { name: 'COD Orders' });
    expect(table('COD Orders')).toHaveTextContent(MESSAGES.noOrdersFound);
    expect(table('Online Orders')).not.toHaveTextContent(MESSAGES.noOrdersFound);
  });

  it('says the load failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderOrders({ 'GET /api/orders': { status: 500, body: { message: 'down' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ordersLoadFailed);
    expect(screen.queryByRole('region', { name: 'COD Orders' })).not.toBeInTheDocument();
  });
});

describe('Admin orders: detail modal', () => {
  it('shows customer, items, address and the payment block with the transaction id for online', async () => {
    const { user } = renderOrders({ 'GET /api/orders': ordersRoute([onlinePaid]) });
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Vikram Singh');
    expect(dialog).toHaveTextContent('vikram@example.com');
    expect(dialog).toHaveTextContent('9123456780');
    expect(within(dialog).getByText('Fuel Nozzle x 2 = ₹2,000.00')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('12 MG Road, Near Petrol Pump');
    expect(dialog).toHaveTextContent('Bengaluru, Karnataka, 560001, India');
    const payment = within(dialog).getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('ModeOnline');
    expect(payment).toHaveTextContent('Statussuccess');
    expect(payment).toHaveTextContent('Amount₹2,120.00');
    expect(payment).toHaveTextContent('Transaction IDpay_TXN42');
    expect(within(dialog).queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
    const status = within(dialog).getByRole('combobox', { name: 'Order status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    expect(status).toHaveValue('processing');
    expect(status).toBeEnabled();
  });

  it('disables the status dropdown until the payment succeeded (online and COD)', async () => {
    const { user } = renderOrders({ 'GET /api/orders': ordersRoute([onlinePending, codUnpaid]) });
    await user.click(await screen.findByRole('button', { name: 'View order DDD444' }));
    expect(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' })).toBeDisabled();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'View order AAA111' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Order status' })).toBeDisabled();
    expect(within(dialog).getByRole('region', { name: 'Payment' })).not.toHaveTextContent('Transaction ID');
  });

  it('disables the status dropdown of a cancelled order, paid or not (the shared rule)', async () => {
    const cancelledPaid = makeOrder('ord-online-canc-EEE555', {
      status: 'cancelled',
      payment: { status: 'success', transactionId: 'pay_TXN43' },
    });
    const { user } = renderOrders({ 'GET /api/orders': ordersRoute([cancelledPaid]) });
    await user.click(await screen.findByRole('button', { name: 'View order EEE555' }));
    expect(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' })).toBeDisabled();
  });

  it('offers Mark as Paid only for an unpaid COD payment; after it the order is reloaded and the dropdown enabled', async () => {
    let paid = false;
    const current = () =>
      paid ? { ...codUnpaid, payment: { ...codUnpaid.payment!, status: 'success' as const } } : codUnpaid;
    const { user, fetchMock } = renderOrders({
      'GET /api/orders': ordersRoute(() => [current(), codPaid]),
      [`GET /api/orders/${codUnpaid._id}`]: () => ({ body: { data: current() } }),
      [`PATCH /api/payments/${codUnpaid._id}/cod`]: () => {
        paid = true;
        return { body: { message: 'Marked as paid', payment: makePayment('cod-1', { mode: 'cod' }) } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View order BBB222' }));
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'View order AAA111' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('combobox', { name: 'Order status' })).toBeEnabled();
    expect(calls(fetchMock, 'PATCH', `/api/payments/${codUnpaid._id}/cod`)).toHaveLength(1);
    expect(calls(fetchMock, 'GET', `/api/orders/${codUnpaid._id}`)).toHaveLength(1);
    // The three tables (COD, online, bank transfer) and the to-ship count load, then all four reload after the
    // change (a paid COD order is to ship).
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/orders')).toHaveLength(8));
    await waitFor(() => expect(within(rowsOf('COD Orders')[0]!).getAllByRole('cell')[3]).toHaveTextContent('success'));
  });

  it("shows 'COD update failed' in an error notice when marking paid fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert');
    const { user } = renderOrders(
      {
        'GET /api/orders': ordersRoute([codUnpaid]),
        [`PATCH /api/payments/${codUnpaid._id}/cod`]: { status: 500, body: { message: 'nope' } },
      },
      { notices: true },
    );
    await user.click(await screen.findByRole('button', { name: 'View order AAA111' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.codUpdateFailed));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Paid' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('changes the status of a paid order, then reloads it and refreshes the list', async () => {
    let status = 'processing';
    const current = () => ({ ...onlinePaid, status });
    const { user, fetchMock } = renderOrders({
      'GET /api/orders': ordersRoute(() => [current()]),
      [`GET /api/orders/${onlinePaid._id}`]: () => ({ body: { data: current() } }),
      [`PUT /api/orders/${onlinePaid._id}/status`]: (init) => {
        status = JSON.parse(String(init?.body)).status;
        return { body: { message: 'Status updated', data: current() } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const select = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' });
    // "shipped" asks for the shipment first (docs/shop-rules.md#order-status): nothing is sent yet.
    await user.selectOptions(select, 'shipped');
    expect(calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`)).toHaveLength(0);
    const form = within(screen.getByRole('dialog')).getByRole('form', { name: 'Ship order #CCC333' });
    await user.type(within(form).getByLabelText('Courier'), 'Delhivery');
    await user.type(within(form).getByLabelText('Tracking number'), 'DLV-42');
    await user.click(within(form).getByRole('button', { name: MESSAGES.shipmentFormSubmit }));
    const put = calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`);
    expect(put).toHaveLength(1);
    expect(JSON.parse(String(put[0]![1]!.body))).toEqual({
      status: 'shipped',
      shipment: { courier: 'Delhivery', trackingNumber: 'DLV-42', trackingUrl: null },
    });
    await waitFor(() => expect(calls(fetchMock, 'GET', `/api/orders/${onlinePaid._id}`)).toHaveLength(1));
    await waitFor(() => expect(select).toHaveValue('shipped'));
    await waitFor(() =>
      expect(within(rowsOf('Online Orders')[0]!).getAllByRole('cell')[4]).toHaveTextContent('Shipped'),
    );
  });

  it('asks for a reason before moving a delivered order back, sends it, and sends nothing when the admin keeps it', async () => {
    const delivered = { ...onlinePaid, status: 'delivered' as const, shippedAt: '2026-06-06T10:00:00.000Z' };
    let status: string = delivered.status;
    const { user, fetchMock } = renderOrders({
      'GET /api/orders': ordersRoute(() => [{ ...delivered, status }]),
      [`GET /api/orders/${onlinePaid._id}`]: () => ({ body: { data: { ...delivered, status } } }),
      [`PUT /api/orders/${onlinePaid._id}/status`]: (init) => {
        status = JSON.parse(String(init?.body)).status;
        return { body: { message: 'Status updated', data: { ...delivered, status } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const select = within(screen.getAllByRole('dialog')[0]!).getByRole('combobox', { name: 'Order status' });
    const puts = () => calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`);

    await user.selectOptions(select, 'pending');
    let question = await screen.findByRole('dialog', { name: MOVE_BACK_TEXT.title('pending') });
    expect(question).toHaveTextContent('Nothing is refunded, restocked or credited');
    await user.click(within(question).getByRole('button', { name: MOVE_BACK_TEXT.keep }));
    expect(puts()).toHaveLength(0);
    expect(select).toHaveValue('delivered');

    await user.selectOptions(select, 'processing');
    question = await screen.findByRole('dialog', { name: MOVE_BACK_TEXT.title('processing') });
    // The reason is required: an empty one is named, and nothing is sent.
    await user.click(within(question).getByRole('button', { name: MOVE_BACK_TEXT.confirm }));
    expect(question).toHaveTextContent(MOVE_BACK_TEXT.reasonRequired);
    expect(puts()).toHaveLength(0);
    await user.type(within(question).getByLabelText(MOVE_BACK_TEXT.reason), 'Courier returned it');
    await user.click(within(question).getByRole('button', { name: MOVE_BACK_TEXT.confirm }));
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0]![1]!.body))).toEqual({ status: 'processing', reason: 'Courier returned it' });
    await waitFor(() => expect(select).toHaveValue('processing'));
  });

  it("shows 'Failed to update status' in an error notice when the change fails and keeps the old status", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert');
    const { user } = renderOrders(
      {
        'GET /api/orders': ordersRoute([onlinePaid]),
        [`PUT /api/orders/${onlinePaid._id}/status`]: { status: 409, body: { message: 'Not paid' } },
      },
      { notices: true },
    );
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const select = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' });
    await user.selectOptions(select, 'delivered');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.statusUpdateFailed));
    expect(select).toHaveValue('processing');
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('Admin orders: cancelling asks first', () => {
  /** A server that records status changes; answers the order as it is now. */
  function statusServer(initial: ReturnType<typeof makeOrder>) {
    let status: string = initial.status;
    const current = () => ({ ...initial, status });
    return renderOrders({
      'GET /api/orders': ordersRoute(() => [current()]),
      [`GET /api/orders/${initial._id}`]: () => ({ body: { data: current() } }),
      [`PUT /api/orders/${initial._id}/status`]: (init) => {
        status = JSON.parse(String(init?.body)).status;
        return { body: { message: 'Status updated', data: current() } };
      },
    });
  }

  it('names the refund of a paid online order, and Keep order changes nothing', async () => {
    const { user, fetchMock } = statusServer(onlinePaid);
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const select = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' });
    await user.selectOptions(select, 'cancelled');

    const confirm = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(confirm).toHaveTextContent(
      `${MESSAGES.adminCancelOrderQuestion('CCC333')} ${MESSAGES.adminCancelRefundNote('₹2,120.00')}`,
    );
    expect(confirm).toHaveTextContent("Cancel order #CCC333? The buyer's payment of ₹2,120.00 will be refunded.");
    expect(within(confirm).getByRole('button', { name: 'Keep order' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Keep order' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).not.toBeInTheDocument());
    expect(calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`)).toHaveLength(0);
    expect(select).toHaveValue('processing');
    // The order's dialog is still open, and focus is back on the status dropdown.
    expect(screen.getByRole('dialog', { name: 'Order CCC333' })).toBeInTheDocument();
    expect(select).toHaveFocus();
  });

  it('Escape answers the confirmation only: the order dialog stays open', async () => {
    const { user, fetchMock } = statusServer(onlinePaid);
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    await user.selectOptions(
      within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' }),
      'cancelled',
    );
    await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Order CCC333' })).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`)).toHaveLength(0);
  });

  it('cancels after Cancel order is confirmed', async () => {
    const { user, fetchMock } = statusServer(onlinePaid);
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const select = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' });
    await user.selectOptions(select, 'cancelled');
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`)).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`)[0]![1]!.body))).toEqual({
      status: 'cancelled',
    });
    await waitFor(() => expect(select).toHaveValue('cancelled'));
  });

  it('has no refund sentence for a paid COD order', async () => {
    const codProcessing = { ...codPaid, status: 'processing' as const };
    const { user } = statusServer(codProcessing);
    await user.click(await screen.findByRole('button', { name: 'View order BBB222' }));
    await user.selectOptions(
      within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' }),
      'cancelled',
    );
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(confirm).toHaveTextContent(MESSAGES.adminCancelOrderQuestion('BBB222'));
    expect(confirm).not.toHaveTextContent(/refunded/);
  });

  it('does not ask before other status changes', async () => {
    const { user, fetchMock } = statusServer(onlinePaid);
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    await user.selectOptions(
      within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Order status' }),
      'delivered',
    );
    await waitFor(() => expect(calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).not.toBeInTheDocument();
  });
});

describe('Admin orders: tax documents', () => {
  const invoiced = makeOrder('ord-invoiced-EEE555', {
    status: 'cancelled',
    paymentMode: 'cod',
    payment: { status: 'success' },
    businessName: 'Shree Petroleum',
    gstin: '27AAHCP4821K1Z6',
    invoice: { number: 'PK/26-27/000042', issuedAt: '2026-06-05T10:30:00.000Z' },
    creditNote: { number: 'CN/26-27/000007', issuedAt: '2026-06-06T10:30:00.000Z' },
  });

  it("shows the buyer's business name and GSTIN, and downloads the invoice and the credit note", async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/doc');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const pdf = (name: string) =>
      (() =>
        Promise.resolve(
          new Response('%PDF-1.7', {
            headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
          }),
        )) as never;
    const { user, fetchMock } = renderOrders({
      'GET /api/orders': ordersRoute([invoiced]),
      [`GET /api/orders/${invoiced._id}/invoice`]: pdf('Invoice-PK-26-27-000042.pdf'),
      [`GET /api/orders/${invoiced._id}/credit-note`]: pdf('Credit-Note-CN-26-27-000007.pdf'),
    });
    await user.click(await screen.findByRole('button', { name: 'View order EEE555' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Business nameShree Petroleum');
    expect(dialog).toHaveTextContent('GSTIN27AAHCP4821K1Z6');
    const documents = within(dialog).getByRole('region', { name: 'Tax documents' });
    await user.click(within(documents).getByRole('button', { name: 'Download invoice PK/26-27/000042' }));
    await waitFor(() => expect(saved).toEqual(['Invoice-PK-26-27-000042.pdf']));
    await user.click(within(documents).getByRole('button', { name: 'Download credit note CN/26-27/000007' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('Credit-Note-CN-26-27-000007.pdf');
    expect(calls(fetchMock, 'GET', `/api/orders/${invoiced._id}/invoice`)).toHaveLength(1);
  });

  it('has no tax documents before an invoice is issued', async () => {
    const { user } = renderOrders({ 'GET /api/orders': ordersRoute([onlinePaid]) });
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    expect(within(screen.getByRole('dialog')).queryByRole('region', { name: 'Tax documents' })).toBeNull();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: /Download/ })).toBeNull();
  });
});

describe('Admin orders: shipment tracking', () => {
  const shipped = makeOrder('ord-shipped-EEE555', {
    status: 'shipped',
    payment: { status: 'success' },
    shipment: {
      courier: 'Blue Dart',
      trackingNumber: '12345678901',
      trackingUrl: 'https://www.bluedart.com/track?no=12345678901',
      ewayBillNumber: null,
      vehicleNumber: null,
      transporterId: null,
      shippedAt: '2026-06-06T09:00:00.000Z',
    },
  });

  it('checks the form with the shared rules before sending, and sends nothing when cancelled', async () => {
    const { user, fetchMock } = renderOrders({ 'GET /api/orders': ordersRoute([onlinePaid]) });
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Order status' }), 'shipped');
    const form = within(dialog).getByRole('form', { name: 'Ship order #CCC333' });
    expect(within(form).getByLabelText('Courier')).toHaveFocus();
    await user.type(within(form).getByLabelText('Tracking number'), 'AB#12');
    await user.type(within(form).getByLabelText('Tracking URL (optional)'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: MESSAGES.shipmentFormSubmit }));
    expect(within(form).getByLabelText('Courier')).toHaveAccessibleDescription(SERVER_MESSAGES.courierInvalid);
    expect(within(form).getByLabelText('Tracking number')).toHaveAccessibleDescription(
      SERVER_MESSAGES.trackingNumberInvalid,
    );
    expect(within(form).getByLabelText('Tracking URL (optional)')).toHaveAccessibleDescription(
      SERVER_MESSAGES.trackingUrlInvalid,
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Order status' })).toHaveValue('processing');
    expect(calls(fetchMock, 'PUT', `/api/orders/${onlinePaid._id}/status`)).toHaveLength(0);
  });

  it("shows the server's refusal of the shipment in an error notice", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderOrders(
      {
        'GET /api/orders': ordersRoute([onlinePaid]),
        [`PUT /api/orders/${onlinePaid._id}/status`]: {
          status: 400,
          body: { message: SERVER_MESSAGES.trackingUrlInvalid, details: [] },
        },
      },
      { notices: true },
    );
    await user.click(await screen.findByRole('button', { name: 'View order CCC333' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Order status' }), 'shipped');
    await user.type(within(dialog).getByLabelText('Courier'), 'DTDC');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'D12345678');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.shipmentFormSubmit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.trackingUrlInvalid));
    expect(within(dialog).getByRole('form', { name: 'Ship order #CCC333' })).toBeInTheDocument();
  });

  it('shows when a delivered order arrived, and offers no correction once delivered', async () => {
    const delivered = { ...shipped, status: 'delivered' as const, deliveredAt: '2026-06-09T12:00:00.000Z' };
    const { user } = renderOrders({ 'GET /api/orders': ordersRoute([delivered]) });
    await user.click(await screen.findByRole('button', { name: 'View order EEE555' }));
    const status = within(screen.getByRole('dialog')).getByRole('region', { name: 'Order status' });
    expect(status).toHaveTextContent(`Delivered${formatDateTime(delivered.deliveredAt)}`);
    expect(status).toHaveTextContent('Blue Dart');
    expect(within(status).queryByRole('button', { name: 'Correct tracking details' })).not.toBeInTheDocument();
  });

  it('shows the stored tracking data and lets a shipped order correct them', async () => {
    let current = shipped;
    const { user, fetchMock } = renderOrders({
      'GET /api/orders': ordersRoute(() => [current]),
      [`GET /api/orders/${shipped._id}`]: () => ({ body: { data: current } }),
      [`PUT /api/orders/${shipped._id}/status`]: (init) => {
        const body = JSON.parse(String(init?.body));
        current = {
          ...shipped,
          shipment: {
            ewayBillNumber: null,
            vehicleNumber: null,
            transporterId: null,
            ...body.shipment,
            shippedAt: '2026-06-07T09:00:00.000Z',
          },
        };
        return { body: { message: 'Order status updated', data: current } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View order EEE555' }));
    const dialog = screen.getByRole('dialog');
    const status = within(dialog).getByRole('region', { name: 'Order status' });
    expect(status).toHaveTextContent('Blue Dart');
    expect(status).toHaveTextContent('12345678901');
    const link = within(status).getByRole('link', { name: shipped.shipment!.trackingUrl! });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await user.click(within(status).getByRole('button', { name: 'Correct tracking details' }));
    const form = within(dialog).getByRole('form', { name: 'Ship order #EEE555' });
    const number = within(form).getByLabelText('Tracking number');
    expect(number).toHaveValue('12345678901');
    await user.clear(number);
    await user.type(number, '12345678902');
    await user.click(within(form).getByRole('button', { name: MESSAGES.shipmentFormSubmit }));
    const put = calls(fetchMock, 'PUT', `/api/orders/${shipped._id}/status`);
    expect(JSON.parse(String(put[0]![1]!.body))).toEqual({
      status: 'shipped',
      shipment: { courier: 'Blue Dart', trackingNumber: '12345678902', trackingUrl: shipped.shipment!.trackingUrl },
    });
    await waitFor(() => expect(status).toHaveTextContent('12345678902'));
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('Admin orders: pages, filters and sort held in the address', () => {
  /** 45 COD orders (three pages of 20) and 2 online ones. */
  const manyCod = Array.from({ length: 45 }, (_, index) =>
    makeOrder(`ord-cod-bulk-${String(index).padStart(6, '0')}`, { paymentMode: 'cod' }),
  );
  const everyOrder = [...manyCod, onlinePaid, onlinePending];

  /** The list requests of one table, as query objects. */
  const listQueries = (fetchMock: ReturnType<typeof mockFetch>, mode: string) =>
    calls(fetchMock, 'GET', '/api/orders')
      .map(([input]) => Object.fromEntries(new URL(String(input), 'http://x').searchParams))
      .filter((query) => query.paymentMode === mode);
  const lastQuery = (fetchMock: ReturnType<typeof mockFetch>, mode: string) => listQueries(fetchMock, mode).at(-1);
  const firstCells = (name: string) => rowsOf(name).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
  const pager = (noun: string) => screen.getByRole('navigation', { name: `Pages of ${noun}` });

  it('asks the server for one page of each table and pages each on its own, in the address', async () => {
    const { fetchMock, router, user } = renderOrders({ 'GET /api/orders': ordersRoute(everyOrder) });
    await screen.findByRole('region', { name: 'COD Orders' });
    expect(lastQuery(fetchMock, 'cod')).toEqual({ page: '1', limit: '20', paymentMode: 'cod' });
    expect(lastQuery(fetchMock, 'online')).toEqual({ page: '1', limit: '20', paymentMode: 'online' });
    expect(rowsOf('COD Orders')).toHaveLength(20);
    // The heading counts every match, not the rows of the page.
    expect(within(table('COD Orders')).getByRole('heading')).toHaveTextContent('COD Orders (45)');
    expect(pager('COD orders')).toHaveTextContent('1–20 of 45 COD orders');
    expect(pager('COD orders')).toHaveTextContent('Page 1 of 3');
    expect(pager('online orders')).toHaveTextContent('Page 1 of 1');
    expect(within(pager('COD orders')).getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.click(within(pager('COD orders')).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(pager('COD orders')).toHaveTextContent('Page 2 of 3'));
    expect(router.state.location.search).toBe('?codPage=2');
    expect(lastQuery(fetchMock, 'cod')).toMatchObject({ page: '2' });
    await waitFor(() => expect(firstCells('COD Orders')[0]).toBe(manyCod[20]!._id.slice(-6)));
    expect(firstCells('Online Orders')).toEqual(['CCC333', 'DDD444']);

    await user.click(within(pager('COD orders')).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(pager('COD orders')).toHaveTextContent('41–45 of 45 COD orders'));
    expect(within(pager('COD orders')).getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(router.state.location.search).toBe('?codPage=3');

    // Back shows the page before.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(pager('COD orders')).toHaveTextContent('Page 2 of 3'));
  });

  it('writes every filter and the sort into the address, and starts each table again at page 1', async () => {
    const { fetchMock, router, user } = renderOrders(
      { 'GET /api/orders': ordersRoute(everyOrder) },
      { route: '/admin/orders?codPage=2' },
    );
    await screen.findByRole('region', { name: 'COD Orders' });
    const form = screen.getByRole('search', { name: ORDER_FILTERS_TEXT.form });

    await user.selectOptions(within(form).getByLabelText('Status'), 'processing');
    expect(router.state.location.search).toBe('?status=processing');
    await user.selectOptions(within(form).getByLabelText('Payment status'), 'success');
    expect(router.state.location.search).toBe('?status=processing&paymentStatus=success');
    await waitFor(() => expect(firstCells('Online Orders')).toEqual(['CCC333']));
    expect(lastQuery(fetchMock, 'online')).toEqual({
      page: '1',
      limit: '20',
      paymentMode: 'online',
      status: 'processing',
      paymentStatus: 'success',
    });

    await user.selectOptions(within(form).getByLabelText('Sort by'), 'Total: high to low');
    expect(router.state.location.search).toBe('?status=processing&paymentStatus=success&sort=total_desc');

    const search = within(form).getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAccessibleDescription('Order number, name, e-mail or phone');
    await user.type(search, '  Vikram ');
    await user.type(within(form).getByLabelText('Placed from'), '2026-06-01');
    await user.type(within(form).getByLabelText('Placed to'), '2026-06-30');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      search: 'Vikram',
      status: 'processing',
      paymentStatus: 'success',
      from: '2026-06-01',
      to: '2026-06-30',
      sort: 'total_desc',
    });
    await waitFor(() =>
      expect(lastQuery(fetchMock, 'cod')).toMatchObject({ search: 'Vikram', from: '2026-06-01', to: '2026-06-30' }),
    );
    expect(lastQuery(fetchMock, 'cod')).toMatchObject({ page: '1', sort: 'total_desc' });

    // Clear filters keeps the sort only.
    await user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?sort=total_desc');
    expect(search).toHaveValue('');
  });

  it('starts from the state in the address (a reload or a shared link)', async () => {
    const { fetchMock } = renderOrders(
      { 'GET /api/orders': ordersRoute(everyOrder) },
      { route: '/admin/orders?search=ccc333&status=processing&from=2026-06-01&sort=buyer_asc&onlinePage=1&codPage=2' },
    );
    await screen.findByRole('region', { name: 'Online Orders' });
    const form = screen.getByRole('search', { name: ORDER_FILTERS_TEXT.form });
    expect(within(form).getByRole('searchbox', { name: 'Search' })).toHaveValue('ccc333');
    expect(within(form).getByLabelText('Status')).toHaveValue('processing');
    expect(within(form).getByLabelText('Placed from')).toHaveValue('2026-06-01');
    expect(within(form).getByLabelText('Sort by')).toHaveValue('buyer_asc');
    expect(listQueries(fetchMock, 'cod')[0]).toEqual({
      page: '2',
      limit: '20',
      paymentMode: 'cod',
      search: 'ccc333',
      status: 'processing',
      from: '2026-06-01',
      sort: 'buyer_asc',
    });
    expect(listQueries(fetchMock, 'online')[0]).toMatchObject({ page: '1', search: 'ccc333' });
    await waitFor(() => expect(firstCells('Online Orders')).toEqual(['CCC333']));
  });

  it('leaves out what the address holds that the server would refuse', async () => {
    const { fetchMock } = renderOrders(
      { 'GET /api/orders': ordersRoute(everyOrder) },
      { route: '/admin/orders?status=lost&paymentStatus=paid&from=2026-02-30&sort=price&codPage=-1&onlinePage=x' },
    );
    await screen.findByRole('region', { name: 'COD Orders' });
    expect(listQueries(fetchMock, 'cod')[0]).toEqual({ page: '1', limit: '20', paymentMode: 'cod' });
    expect(listQueries(fetchMock, 'online')[0]).toEqual({ page: '1', limit: '20', paymentMode: 'online' });
  });

  it('refuses a range of days that ends before it starts, naming the fields, and sends nothing', async () => {
    const { fetchMock, router, user } = renderOrders({ 'GET /api/orders': ordersRoute(everyOrder) });
    await screen.findByRole('region', { name: 'COD Orders' });
    const before = calls(fetchMock, 'GET', '/api/orders').length;
    const form = screen.getByRole('search', { name: ORDER_FILTERS_TEXT.form });
    await user.type(within(form).getByLabelText('Placed from'), '2026-06-10');
    await user.type(within(form).getByLabelText('Placed to'), '2026-06-01');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(ORDER_FILTERS_TEXT.rangeBackwards);
    expect(within(form).getByLabelText('Placed to')).toHaveAccessibleDescription(ORDER_FILTERS_TEXT.rangeBackwards);
    expect(within(form).getByLabelText('Placed to')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    expect(calls(fetchMock, 'GET', '/api/orders')).toHaveLength(before);
  });
});

describe('Admin orders: e-way bill above ₹50,000 (docs/shop-rules.md#e-way-bills)', () => {
  const large = makeOrder('ord-large-FFF666', {
    status: 'processing',
    payment: { status: 'success', transactionId: 'pay_TXN77' },
    total: 75_000,
    invoice: { number: 'PK/26-27/000321', issuedAt: '2026-06-06T09:00:00.000Z' },
  });

  it('offers the e-way bill JSON and transporter copy, and asks for the number or a reason before shipping', async () => {
    const { user, fetchMock } = renderOrders({
      'GET /api/orders': ordersRoute([large]),
      [`PUT /api/orders/${large._id}/status`]: { status: 400, body: { message: 'stop here', details: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'View order FFF666' }));
    const dialog = screen.getByRole('dialog');
    const files = within(dialog).getByTestId('shipping-files');
    expect(within(files).getByRole('button', { name: /Transporter's copy/ })).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: /E-way bill JSON/ })).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Order status' }), 'shipped');
    const form = within(dialog).getByRole('form', { name: 'Ship order #FFF666' });
    await user.type(within(form).getByLabelText('Courier'), 'VRL Logistics');
    await user.type(within(form).getByLabelText('Tracking number'), 'LR4471');
    await user.click(within(form).getByRole('button', { name: MESSAGES.shipmentFormSubmit }));
    expect(within(form).getByLabelText('E-way bill number')).toHaveAccessibleDescription(MESSAGES.ewayBillOrReason);
    expect(calls(fetchMock, 'PUT', `/api/orders/${large._id}/status`)).toHaveLength(0);

    await user.type(within(form).getByLabelText('E-way bill number'), '1312 3456 7890');
    await user.click(within(form).getByRole('button', { name: MESSAGES.shipmentFormSubmit }));
    expect(within(form).getByLabelText('Vehicle number')).toHaveAccessibleDescription(
      SERVER_MESSAGES.ewayBillTransportRequired,
    );
    await user.type(within(form).getByLabelText('Vehicle number'), 'mh12 ab 1234');
    await user.click(within(form).getByRole('button', { name: MESSAGES.shipmentFormSubmit }));
    const put = calls(fetchMock, 'PUT', `/api/orders/${large._id}/status`);
    expect(JSON.parse(String(put[0]![1]!.body))).toEqual({
      status: 'shipped',
      shipment: {
        courier: 'VRL Logistics',
        trackingNumber: 'LR4471',
        trackingUrl: null,
        ewayBillNumber: '131234567890',
        vehicleNumber: 'MH12AB1234',
      },
    });
  });

  it('offers only the transporter copy at or below ₹50,000, and no e-way bill fields', async () => {
    const small = { ...large, total: 50_000 };
    const { user } = renderOrders({ 'GET /api/orders': ordersRoute([small]) });
    await user.click(await screen.findByRole('button', { name: 'View order FFF666' }));
    const dialog = screen.getByRole('dialog');
    const files = within(dialog).getByTestId('shipping-files');
    expect(within(files).queryByRole('button', { name: /E-way bill JSON/ })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Order status' }), 'shipped');
    expect(within(dialog).queryByLabelText('E-way bill number')).not.toBeInTheDocument();
  });
});
