/**
 * Admin orders (docs/shop-rules.md#admin-lists): the COD Orders and Online Orders tables (Order ID as its last 6
 * characters, Buyer, Total, Payment, Status, Placed, Txn ID, View), or the To ship view (docs/shop-rules.md#to-ship:
 * one table of the paid orders not yet shipped, COD and online, oldest first), and the detail modal. Each table is
 * a page of the server's list with its own Previous / Next; the filters and the sort apply to all. All of it lives
 * in the address (ORDERS_TABLE in orders-list-state.ts), the opened order too (?order=<id>, as products have ?edit=), so Back, a
 * reload and a shared link show the same view. Export CSV downloads the orders of the filters (export-orders-button.tsx).
 */
import { MESSAGES, type AdminOrderView, type OrderDto, type PaymentMode } from '@pumpkart/shared';
import { useCallback } from 'react';
import { useNotify } from '../../store/hooks';
import { useGetAdminOrdersQuery } from './orders-api';
import { formatDate, orDash, rupees, shortId } from '../lib/format';
import { modeLabel, OrderStatusBadge, PaymentStatusBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { useTableState } from '../ui/use-table-state';
import { ExportOrdersButton } from './export-orders-button';
import { OrderDetailModal } from './order-detail-modal';
import { buyerOf, paymentOf } from './order-view';
import { OrderViews } from './order-views';
import { OrderFiltersForm } from './orders-filters';
import {
  defaultSortOf,
  ORDERS_PAGE_SIZE,
  ORDERS_TABLE,
  ordersQuery,
  toShipQuery,
  type OrdersState,
} from './orders-list-state';
import { useOpenedOrder } from './use-opened-order';

/** The tables of each view: their title, pager noun, the address key of their page, and their request. */
interface TableSpec {
  key: string;
  title: string;
  noun: string;
  pageKey: 'codPage' | 'onlinePage' | 'bankPage' | 'page';
  query: (state: OrdersState) => Parameters<typeof useGetAdminOrdersQuery>[0];
}
const modeTable = (mode: PaymentMode, title: string, noun: string, pageKey: TableSpec['pageKey']): TableSpec => ({
  key: mode,
  title,
  noun,
  pageKey,
  query: (state) => ordersQuery(state, mode, state[pageKey]),
});
const ALL_TABLES = [
  modeTable('cod', 'COD Orders', 'COD orders', 'codPage'),
  modeTable('online', 'Online Orders', 'online orders', 'onlinePage'),
  modeTable('bank', 'Bank Transfer Orders', 'bank transfer orders', 'bankPage'),
];
const TO_SHIP_TABLES: TableSpec[] = [
  {
    key: 'to-ship',
    title: 'To ship',
    noun: 'orders to ship',
    pageKey: 'page',
    query: (state) => toShipQuery(state, state.page),
  },
];

const NO_ORDERS: OrderDto[] = [];

export function OrdersPage() {
  const { state, change } = useTableState(ORDERS_TABLE);
  const tables = state.view === 'to-ship' ? TO_SHIP_TABLES : ALL_TABLES;
  // Always three list requests (the others skipped in the one-table view), so the hooks' order never changes.
  const first = useGetAdminOrdersQuery(tables[0]!.query(state));
  const second = useGetAdminOrdersQuery(ALL_TABLES[1]!.query(state), { skip: tables.length < 2 });
  const third = useGetAdminOrdersQuery(ALL_TABLES[2]!.query(state), { skip: tables.length < 3 });
  const lists = tables.length < 2 ? [first] : [first, second, third];
  const notify = useNotify();

  const closeOrder = useCallback(() => change({ order: '' }), [change]);
  const onMissing = useCallback(
    (message: string) => {
      notify(message, 'error');
      closeOrder();
    },
    [notify, closeOrder],
  );
  const onScreen = lists.flatMap((list) => list.data?.data ?? NO_ORDERS);
  const viewing = useOpenedOrder(state.order, onScreen, onMissing);

  const showView = (view: AdminOrderView | '') =>
    change({ view, page: 1, codPage: 1, onlinePage: 1, bankPage: 1, sort: defaultSortOf(view) });

  const columns: Column<OrderDto>[] = [
    { header: 'Order ID', cell: (order) => <span className="font-mono">{shortId(order._id)}</span> },
    { header: 'Buyer', cell: (order) => orDash(buyerOf(order).name) },
    { header: 'Total', cell: (order) => rupees(order.total) },
    {
      header: 'Payment',
      cell: (order) => (
        <span className="inline-flex items-center gap-2">
          {modeLabel(paymentOf(order).mode)}
          <PaymentStatusBadge status={paymentOf(order).status} />
        </span>
      ),
    },
    { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    { header: 'Placed', cell: (order) => formatDate(order.createdAt) },
    {
      header: 'Txn ID',
      cell: (order) => <span className="font-mono text-xs">{orDash(paymentOf(order).transactionId)}</span>,
    },
    {
      header: 'Action',
      cell: (order) => (
        <button
          type="button"
          onClick={() => change({ order: order._id })}
          aria-label={`View order ${shortId(order._id)}`}
          className="rounded-lg bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
        >
          View
        </button>
      ),
    },
  ];

  const failed = lists.some((list) => list.isError);
  const loaded = lists.every((list) => list.data);
  return (
    <div>
      <PageHeader title="Orders">
        <ExportOrdersButton filters={state} view={state.view} />
      </PageHeader>
      <div className="space-y-5">
        <OrderViews view={state.view} onView={showView} />
        <OrderFiltersForm
          filters={state}
          onApply={(filters) => change({ ...filters, codPage: 1, onlinePage: 1, bankPage: 1, page: 1 })}
        />
        {failed && <ErrorText text={MESSAGES.ordersLoadFailed} />}
        {!failed && !loaded && <LoadingText text="Loading orders..." />}
        {!failed && loaded && (
          <div className="space-y-6">
            {tables.map(({ key, title, noun, pageKey }, index) => {
              const list = lists[index]!;
              const answer = list.data!;
              return (
                <div key={key} className="space-y-3" aria-busy={list.isFetching || undefined}>
                  <DataTable
                    title={title}
                    columns={columns}
                    rows={answer.data}
                    count={answer.total}
                    rowKey={(order) => order._id}
                    emptyText={MESSAGES.noOrdersFound}
                  />
                  <Pager
                    label={`Pages of ${noun}`}
                    noun={noun}
                    page={state[pageKey]}
                    pageSize={ORDERS_PAGE_SIZE}
                    total={answer.total}
                    rows={answer.data.length}
                    onPage={(page) => change({ [pageKey]: page })}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
      {viewing && <OrderDetailModal key={viewing._id} order={viewing} onClose={closeOrder} />}
    </div>
  );
}
