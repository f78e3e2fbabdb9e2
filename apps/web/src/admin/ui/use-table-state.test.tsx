import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TABLE } from '../activity/activity-view';
import { EMAILS_TABLE, type EmailTableState } from '../emails/email-view';
import { ORDERS_TABLE } from '../orders/orders-list-state';
import { PAYMENTS_TABLE } from '../payments/payment-view';
import { PRODUCTS_TABLE } from '../products/product-view';
import {
  defaultsOf,
  readTableState,
  useTableState,
  writeTableState,
  type TableSpec,
  type TableState,
} from './use-table-state';

const read = <State,>(spec: TableSpec<State>, search: string) => readTableState(spec, new URLSearchParams(search));
const write = <State,>(spec: TableSpec<State>, state: State) => writeTableState(spec, state).toString();
const ACTOR = '0b7c3e52-8f1a-4a57-9d55-3c1f3f6f2b10';

describe('readTableState and writeTableState', () => {
  it('read an empty address as the defaults of each table, and write the defaults as an empty address', () => {
    const tables = [ORDERS_TABLE, PAYMENTS_TABLE, PRODUCTS_TABLE, ACTIVITY_TABLE, EMAILS_TABLE] as TableSpec<unknown>[];
    for (const spec of tables) {
      expect(read(spec, '')).toEqual(defaultsOf(spec));
      expect(write(spec, defaultsOf(spec))).toBe('');
    }
    expect(defaultsOf(ORDERS_TABLE)).toMatchObject({ view: '', sort: 'newest', codPage: 1, order: '' });
    expect(defaultsOf(PRODUCTS_TABLE)).toMatchObject({ page: 1, sort: 'newest', view: 'grid', edit: '' });
  });

  it('reads every key of the orders, and writes them back in the same order', () => {
    const search =
      'view=to-ship&search=asha&status=processing&paymentStatus=success&from=2026-06-01&to=2026-06-30' +
      '&sort=total_desc&codPage=2&onlinePage=3&page=4&order=ord-1';
    const state = read(ORDERS_TABLE, search);
    expect(state).toEqual({
      view: 'to-ship',
      search: 'asha',
      status: 'processing',
      paymentStatus: 'success',
      from: '2026-06-01',
      to: '2026-06-30',
      sort: 'total_desc',
      codPage: 2,
      bankPage: 1,
      onlinePage: 3,
      page: 4,
      order: 'ord-1',
    });
    expect(write(ORDERS_TABLE, state)).toBe(search);
  });

  it("takes the orders' default sort from the view: oldest first in the to-ship queue, so only another is written", () => {
    expect(read(ORDERS_TABLE, 'view=to-ship').sort).toBe('oldest');
    expect(read(ORDERS_TABLE, 'view=to-ship&sort=nonsense').sort).toBe('oldest');
    expect(write(ORDERS_TABLE, read(ORDERS_TABLE, 'view=to-ship&sort=oldest'))).toBe('view=to-ship');
    expect(write(ORDERS_TABLE, read(ORDERS_TABLE, 'view=to-ship&sort=newest'))).toBe('view=to-ship&sort=newest');
    expect(write(ORDERS_TABLE, read(ORDERS_TABLE, 'sort=oldest'))).toBe('sort=oldest');
  });

  it('falls back to the default for each value the server would refuse', () => {
    expect(
      read(ORDERS_TABLE, 'view=later&status=lost&paymentStatus=paid&from=2026-02-30&to=26-1-1&sort=price&codPage=-1'),
    ).toEqual(defaultsOf(ORDERS_TABLE));
    expect(read(ORDERS_TABLE, 'onlinePage=x&page=1.5&codPage=0')).toEqual(defaultsOf(ORDERS_TABLE));
    expect(read(PAYMENTS_TABLE, 'status=lost&mode=card&from=2026-13-01&sort=cheap&codPage=0&onlinePage=two')).toEqual(
      defaultsOf(PAYMENTS_TABLE),
    );
    expect(read(PRODUCTS_TABLE, 'active=yes&stock=some&sort=best&view=list&page=-2')).toEqual(
      defaultsOf(PRODUCTS_TABLE),
    );
    expect(read(ACTIVITY_TABLE, 'actor=not-a-uuid&kind=nonsense&page=-3&entityType=planet&entityId=x')).toEqual(
      defaultsOf(ACTIVITY_TABLE),
    );
    expect(read(EMAILS_TABLE, 'page=-3&status=lost&kind=spam')).toEqual(defaultsOf(EMAILS_TABLE));
  });

  it('keeps only the start of a range that ends before it starts', () => {
    expect(read(ORDERS_TABLE, 'from=2026-06-10&to=2026-06-01')).toMatchObject({ from: '2026-06-10', to: '' });
    expect(read(PAYMENTS_TABLE, 'from=2026-06-10&to=2026-06-01')).toMatchObject({ from: '2026-06-10', to: '' });
    expect(read(PAYMENTS_TABLE, 'to=2026-06-01')).toMatchObject({ from: '', to: '2026-06-01' });
  });

  it('trims free text and cuts it at its length', () => {
    expect(read(ORDERS_TABLE, `search=${encodeURIComponent('  asha  ')}`).search).toBe('asha');
    expect(read(ORDERS_TABLE, `search=${'a'.repeat(150)}`).search).toHaveLength(100);
    expect(read(ORDERS_TABLE, `order=${'b'.repeat(50)}`).order).toHaveLength(36);
    expect(read(EMAILS_TABLE, `to=${'c'.repeat(250)}`).to).toHaveLength(200);
    expect(write(EMAILS_TABLE, { ...defaultsOf(EMAILS_TABLE), to: '   ' })).toBe('');
  });

  it('reads and writes the payments, products, activity and e-mails keys', () => {
    const payments =
      'status=failed&mode=online&from=2026-01-01&to=2026-01-31&search=pay_1&sort=amount_desc&onlinePage=2';
    expect(read(PAYMENTS_TABLE, payments)).toEqual({
      status: 'failed',
      mode: 'online',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'pay_1',
      sort: 'amount_desc',
      codPage: 1,
      bankPage: 1,
      onlinePage: 2,
    });
    expect(write(PAYMENTS_TABLE, read(PAYMENTS_TABLE, payments))).toBe(payments);

    const products =
      'page=3&search=pump&category=Pumps&brand=Kirloskar&active=false&stock=low&sort=price_asc&view=table&edit=p1';
    expect(read(PRODUCTS_TABLE, products)).toEqual({
      page: 3,
      search: 'pump',
      category: 'Pumps',
      brand: 'Kirloskar',
      active: 'false',
      stock: 'low',
      sort: 'price_asc',
      view: 'table',
      edit: 'p1',
    });
    expect(write(PRODUCTS_TABLE, read(PRODUCTS_TABLE, products))).toBe(products);

    const activity = `page=2&actor=${ACTOR}&kind=product.updated&entityType=order&entityId=ord-1`;
    expect(read(ACTIVITY_TABLE, activity)).toEqual({
      page: 2,
      actor: ACTOR,
      kind: 'product.updated',
      entityType: 'order',
      entityId: 'ord-1',
    });
    expect(write(ACTIVITY_TABLE, read(ACTIVITY_TABLE, activity))).toBe(activity);

    const emails = 'page=2&status=kept&kind=welcome&to=asha%40';
    expect(read(EMAILS_TABLE, emails)).toEqual({ page: 2, status: 'kept', kind: 'welcome', to: 'asha@' });
    expect(write(EMAILS_TABLE, read(EMAILS_TABLE, emails))).toBe(emails);
  });

  it("shows one thing's history only with both its type and its id", () => {
    const none = { entityType: '', entityId: '' };
    expect(read(ACTIVITY_TABLE, 'entityType=order')).toMatchObject(none);
    expect(read(ACTIVITY_TABLE, 'entityId=ord-1')).toMatchObject(none);
    expect(read(ACTIVITY_TABLE, `entityType=order&entityId=${'x'.repeat(101)}`)).toMatchObject(none);
    expect(read(ACTIVITY_TABLE, 'entityType=order&entityId=%20ord-1%20')).toMatchObject({
      entityType: 'order',
      entityId: 'ord-1',
    });
  });
});

describe('useTableState', () => {
  let table: TableState<EmailTableState>;
  function Probe() {
    table = useTableState(EMAILS_TABLE);
    return <p>page {table.state.page}</p>;
  }
  const renderAt = (entry: string) => {
    const router = createMemoryRouter([{ path: '/admin/emails', element: <Probe /> }], { initialEntries: [entry] });
    render(<RouterProvider router={router} />);
    return router;
  };

  it('reads the address, writes only what differs from the defaults, and Back shows the state before', async () => {
    const router = renderAt('/admin/emails?status=failed&page=x');
    expect(table.state).toEqual({ page: 1, status: 'failed', kind: '', to: '' });

    act(() => table.change({ page: 2 }));
    expect(router.state.location.search).toBe('?page=2&status=failed');
    expect(await screen.findByText('page 2')).toBeInTheDocument();

    act(() => table.show({ ...table.state, page: 1, status: '', kind: 'welcome' }));
    expect(router.state.location.search).toBe('?kind=welcome');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2&status=failed');
    expect(table.state).toEqual({ page: 2, status: 'failed', kind: '', to: '' });
    await act(() => router.navigate(1));
    expect(table.state).toEqual({ page: 1, status: '', kind: 'welcome', to: '' });
  });
});
