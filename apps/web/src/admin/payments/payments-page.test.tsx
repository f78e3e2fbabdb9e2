import { MESSAGES, type PaymentDto } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { makePayment } from '../test-data';
import { PAYMENTS_TEXT, PaymentsPage } from './payments-page';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const online = makePayment('111111', {
  order: {
    ...makePayment('111111').order,
    customer: { name: 'Vikram Singh', email: 'v@example.com', phone: '9123456780' },
  },
});
const cod = makePayment('222222', { mode: 'cod', status: 'pending' });

/** A fake GET /api/payments over `payments`: the mode, status and search filters, and the pages. */
function listRoute(payments: PaymentDto[]) {
  return (_init: RequestInit | undefined, url: URL): FakeResponse => {
    const query = url.searchParams;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const matches = payments.filter(
      (payment) =>
        (!query.get('mode') || payment.mode === query.get('mode')) &&
        (!query.get('status') || payment.status === query.get('status')) &&
        (!query.get('search') || payment.transactionId === query.get('search')),
    );
    const data = matches.slice((page - 1) * limit, page * limit);
    return { body: { data, total: matches.length }, headers: { 'X-Total-Count': String(matches.length) } };
  };
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/payments')
    .map((url) => Object.fromEntries(url.searchParams));

const table = (name: string) => screen.getByRole('region', { name });
const headers = (name: string) =>
  within(table(name))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('Admin payments', () => {
  it('shows COD and Online tables; only the online one has a Txn ID column', async () => {
    mockFetch({ 'GET /api/payments': listRoute([online, cod]) });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    expect(screen.getByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading payments...');
    await screen.findByRole('region', { name: 'COD Payments' });
    expect(headers('COD Payments')).toEqual(['Order', 'Customer', 'Mode', 'Status', 'Amount', 'Date', 'View']);
    expect(headers('Online Payments')).toEqual([
      'Order',
      'Customer',
      'Mode',
      'Status',
      'Amount',
      'Date',
      'Txn ID',
      'View',
    ]);
    const onlineRow = within(table('Online Payments')).getAllByRole('row')[1]!;
    expect(
      within(onlineRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['111111', 'Vikram Singh', 'Online', 'success', '₹2,120.00', '05 Jun 2026', 'txn_111111', 'View']);
    const codRow = within(table('COD Payments')).getAllByRole('row')[1]!;
    expect(
      within(codRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['222222', 'Asha Rao', 'COD', 'pending', '₹2,120.00', '05 Jun 2026', 'View']);
  });

  it('scrolls each table sideways on a narrow screen instead of pinning the View column over other cells', async () => {
    mockFetch({ 'GET /api/payments': listRoute([online, cod]) });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    await screen.findByRole('region', { name: 'COD Payments' });
    for (const name of ['COD Payments', 'Online Payments']) {
      expect(screen.getByRole('region', { name: `${name} table` })).toHaveClass('overflow-x-auto');
      const cells = [...within(table(name)).getAllByRole('columnheader'), ...within(table(name)).getAllByRole('cell')];
      for (const cell of cells) {
        expect(cell).toHaveClass('whitespace-nowrap');
        expect(cell.className).not.toMatch(/\bsticky\b/);
      }
    }
  });

  it("says 'No payments found' in an empty table", async () => {
    mockFetch({ 'GET /api/payments': listRoute([online]) });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    await screen.findByRole('region', { name: 'COD Payments' });
    expect(table('COD Payments')).toHaveTextContent(MESSAGES.noPaymentsFound);
    expect(table('Online Payments')).not.toHaveTextContent(MESSAGES.noPaymentsFound);
  });

  it('says the load failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/payments': { status: 500, body: { message: 'down' } } });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.paymentsLoadFailed);
  });

  it('shows every field of an online payment in the detail modal', async () => {
    mockFetch({ 'GET /api/payments': listRoute([online, cod]) });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View payment for order 111111' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment Details' });
    const pairs = Array.from(dialog.querySelectorAll('dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Order ID', 'order-000000111111'],
      ['Customer', 'Vikram Singh'],
      ['Email', 'v@example.com'],
      ['Phone', '9123456780'],
      ['Mode', 'Online'],
      ['Status', 'success'],
      ['Amount', '₹2,120.00'],
      ['Date', expect.stringMatching(/^05 Jun 2026/)],
      ['Transaction ID', 'txn_111111'],
      ['Provider Order ID', 'order_rzp_111111'],
      ['Payment ID', 'pay_rzp_111111'],
      ['Signature', 'sig_111111'],
    ]);
  });

  it('leaves the gateway fields out for a COD payment', async () => {
    mockFetch({ 'GET /api/payments': listRoute([online, cod]) });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View payment for order 222222' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment Details' });
    const labels = Array.from(dialog.querySelectorAll('dt')).map((dt) => dt.textContent);
    expect(labels).toEqual(['Order ID', 'Customer', 'Email', 'Phone', 'Mode', 'Status', 'Amount', 'Date']);
    expect(dialog).toHaveTextContent('asha@example.com');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

/** 45 COD payments and 3 online ones, newest first as the server answers them. */
const manyCod = Array.from({ length: 45 }, (_, i) =>
  makePayment(String(300000 + i), {
    mode: 'cod',
    status: i % 3 === 0 ? 'success' : 'pending',
    order: { ...makePayment('x').order, customer: { name: `Cod Buyer ${i}`, email: 'c@example.com', phone: '' } },
  }),
);
const manyOnline = [online, makePayment('111112', { status: 'failed' }), makePayment('111113')];
const rowsOf = (name: string) => within(table(name)).getAllByRole('row').length - 1;

describe('Admin payments: pages and filters in the address', () => {
  it('asks the server for the first page of each table, newest first, and shows the totals', async () => {
    const fetchMock = mockFetch({ 'GET /api/payments': listRoute([...manyCod, ...manyOnline]) });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    await screen.findByRole('region', { name: 'COD Payments' });
    const calls = listCalls(fetchMock);
    expect(calls).toHaveLength(3);
    expect(calls).toEqual(
      expect.arrayContaining([
        { page: '1', limit: '20', mode: 'cod', sort: 'newest' },
        { page: '1', limit: '20', mode: 'online', sort: 'newest' },
        { page: '1', limit: '20', mode: 'bank', sort: 'newest' },
      ]),
    );
    expect(within(table('COD Payments')).getByRole('heading')).toHaveTextContent('COD Payments (45)');
    expect(rowsOf('COD Payments')).toBe(20);
    const codPager = screen.getByRole('navigation', { name: 'Pages of COD payments' });
    expect(codPager).toHaveTextContent('1–20 of 45 COD payments');
    expect(codPager).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('navigation', { name: 'Pages of online payments' })).toHaveTextContent(
      '1–3 of 3 online payments',
    );
  });

  it('pages each table on its own with Previous and Next, kept in the address; Back returns', async () => {
    const fetchMock = mockFetch({ 'GET /api/payments': listRoute([...manyCod, ...manyOnline]) });
    const { router } = renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    await screen.findByText('Cod Buyer 0');
    const user = userEvent.setup();
    const codPager = () => screen.getByRole('navigation', { name: 'Pages of COD payments' });

    await user.click(within(codPager()).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Cod Buyer 20')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?codPage=2');
    expect(codPager()).toHaveTextContent('21–40 of 45 COD payments');
    await user.click(within(codPager()).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Cod Buyer 44')).toBeInTheDocument();
    expect(within(codPager()).getByRole('button', { name: /Next/ })).toBeDisabled();
    // The online table stays on its first page.
    expect(within(table('Online Payments')).getByText('Vikram Singh')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of online payments' })).getByRole('button', {
        name: /Next/,
      }),
    ).toBeDisabled();

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Cod Buyer 20')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?codPage=2');
    await user.click(within(codPager()).getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('Cod Buyer 0')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    const codPages = listCalls(fetchMock)
      .filter((call) => call.mode === 'cod')
      .map((call) => call.page);
    expect(codPages).toEqual(['1', '2', '3', '2', '1']);
  });

  it('reads every filter, the order and the pages from the address, as a reload or a shared link does', async () => {
    const fetchMock = mockFetch({ 'GET /api/payments': listRoute([...manyCod, ...manyOnline]) });
    renderWithStore(<PaymentsPage />, {
      route:
        '/admin/PaymentInfo?status=failed&mode=online&from=2026-06-01&to=2026-06-30&search=txn_111112&sort=amount_desc&onlinePage=1',
    });
    expect(await screen.findByRole('region', { name: 'Online Payments' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'COD Payments' })).not.toBeInTheDocument();
    expect(rowsOf('Online Payments')).toBe(1);
    expect(listCalls(fetchMock)).toEqual([
      {
        page: '1',
        limit: '20',
        mode: 'online',
        status: 'failed',
        from: '2026-06-01',
        to: '2026-06-30',
        search: 'txn_111112',
        sort: 'amount_desc',
      },
    ]);
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    expect(screen.getByLabelText('Mode')).toHaveValue('online');
    expect(screen.getByLabelText('From')).toHaveValue('2026-06-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-06-30');
    expect(screen.getByLabelText('Search')).toHaveValue('txn_111112');
    expect(screen.getByLabelText('Sort by')).toHaveValue('amount_desc');
  });

  it('says only the total on a page past the end (a kept link after rows went away)', async () => {
    mockFetch({ 'GET /api/payments': listRoute([...manyCod, ...manyOnline]) });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo?mode=online&onlinePage=5' });
    const pager = await screen.findByRole('navigation', { name: 'Pages of online payments' });
    expect(pager).toHaveTextContent(/^3 online payments/);
    expect(pager).toHaveTextContent('Page 5 of 1');
    expect(table('Online Payments')).toHaveTextContent(MESSAGES.noPaymentsFound);
    expect(within(pager).getByRole('button', { name: /Previous/ })).toBeEnabled();
  });

  it('leaves out values of the address the server would refuse', async () => {
    const fetchMock = mockFetch({ 'GET /api/payments': listRoute([...manyCod, ...manyOnline]) });
    renderWithStore(<PaymentsPage />, {
      route: '/admin/PaymentInfo?status=paid&mode=card&from=2026-02-30&to=soon&sort=cheapest&codPage=-2&onlinePage=x',
    });
    await screen.findByRole('region', { name: 'COD Payments' });
    expect(listCalls(fetchMock)).toEqual(
      expect.arrayContaining([
        { page: '1', limit: '20', mode: 'cod', sort: 'newest' },
        { page: '1', limit: '20', mode: 'online', sort: 'newest' },
      ]),
    );
  });

  it('writes the filters to the address; lists apply at once, the days and search on Search; both tables restart at page 1', async () => {
    const fetchMock = mockFetch({ 'GET /api/payments': listRoute([...manyCod, ...manyOnline]) });
    const { router } = renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo?codPage=3' });
    await screen.findByText('Cod Buyer 40');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Status'), 'Success');
    expect(router.state.location.search).toBe('?status=success');
    await waitFor(() => expect(rowsOf('COD Payments')).toBe(15));
    expect(within(table('COD Payments')).getByRole('heading')).toHaveTextContent('(15)');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Amount: low to high');
    expect(router.state.location.search).toBe('?status=success&sort=amount_asc');

    await user.type(screen.getByLabelText('Search'), 'txn_111113');
    await user.type(screen.getByLabelText('From'), '2026-06-01');
    // Typed values apply when the form is sent, not on every key.
    expect(router.state.location.search).toBe('?status=success&sort=amount_asc');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?status=success&from=2026-06-01&search=txn_111113&sort=amount_asc');
    await waitFor(() => expect(rowsOf('Online Payments')).toBe(1));
    expect(table('COD Payments')).toHaveTextContent(MESSAGES.noPaymentsFound);
    expect(listCalls(fetchMock).at(-1)).toMatchObject({ from: '2026-06-01', search: 'txn_111113', sort: 'amount_asc' });

    await user.selectOptions(screen.getByLabelText('Mode'), 'COD');
    expect(router.state.location.search).toBe(
      '?status=success&mode=cod&from=2026-06-01&search=txn_111113&sort=amount_asc',
    );
    expect(screen.queryByRole('region', { name: 'Online Payments' })).not.toBeInTheDocument();

    // Clear filters keeps the order.
    await user.click(screen.getByRole('button', { name: PAYMENTS_TEXT.clear }));
    expect(router.state.location.search).toBe('?sort=amount_asc');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(await screen.findByRole('region', { name: 'Online Payments' })).toBeInTheDocument();
  });

  it('refuses a To day before the From day, saying so beside the field', async () => {
    mockFetch({ 'GET /api/payments': listRoute([online, cod]) });
    const { router } = renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    await screen.findByRole('region', { name: 'COD Payments' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-06-10');
    await user.type(screen.getByLabelText('To'), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const to = screen.getByLabelText('To');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(PAYMENTS_TEXT.toBeforeFrom);
    expect(router.state.location.search).toBe('');
  });
});
