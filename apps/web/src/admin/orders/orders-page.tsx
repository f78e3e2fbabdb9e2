/**
 * Admin orders (docs/shop-rules.md#admin-lists): the COD Orders and Online Orders tables (Order ID as its last 6
 * characters, Buyer, Total, Payment, Status, Placed, Txn ID, View) and the detail modal. Each table is a page
 * of the server's list with its own Previous / Next; the filters and the sort apply to both. All of it lives
 * in the address (orders-list-state.ts), so Back, a reload and a shared link show the same view. Export CSV
 * downloads the orders of the filters (export-orders-button.tsx).
 */
import { MESSAGES, type OrderDto, type PaymentMode } from '@pumpkart/shared';
import { useState } from 'react';
import { useGetAdminOrdersQuery } from '../admin-api';
import { formatDate, orDash, rupees, shortId } from '../lib/format';
import { modeLabel, OrderStatusBadge, PaymentStatusBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { useTableState } from '../ui/use-table-state';
import { ExportOrdersButton } from './export-orders-button';
import { OrderDetailModal } from './order-detail-modal';
import { buyerOf, paymentOf } from './order-view';
import { OrderFiltersForm } from './orders-filters';
import {
  ORDERS_PAGE_SIZE,
  ordersQuery,
  readOrdersState,
  writeOrdersState,
  type OrderFilters,
  type OrdersState,
} from './orders-list-state';

/** The two tables: their payment mode, title, pager and the address key of their page. */
const TABLES = [
  { mode: 'cod', title: 'COD Orders', noun: 'COD orders', pageKey: 'codPage' },
  { mode: 'online', title: 'Online Orders', noun: 'online orders', pageKey: 'onlinePage' },
] as const satisfies readonly { mode: PaymentMode; title: string; noun: string; pageKey: keyof OrdersState }[];

/** One table's page of orders under the shared filters. */
function useOrdersPage(filters: OrderFilters, mode: PaymentMode, page: number) {
  return useGetAdminOrdersQuery(ordersQuery(filters, mode, page));
}

export function OrdersPage() {
  const { state, show } = useTableState(readOrdersState, writeOrdersState);
  const cod = useOrdersPage(state.filters, 'cod', state.codPage);
  const online = useOrdersPage(state.filters, 'online', state.onlinePage);
  const lists = { cod, online };
  const [viewing, setViewing] = useState<OrderDto | null>(null);

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
          onClick={() => setViewing(order)}
          aria-label={`View order ${shortId(order._id)}`}
          className="rounded-lg bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
        >
          View
        </button>
      ),
    },
  ];

  const failed = cod.isError || online.isError;
  return (
    <div>
      <PageHeader title="Orders">
        <ExportOrdersButton filters={state.filters} />
      </PageHeader>
      <div className="space-y-5">
        <OrderFiltersForm filters={state.filters} onApply={(filters) => show({ filters, codPage: 1, onlinePage: 1 })} />
        {failed && <ErrorText text={MESSAGES.ordersLoadFailed} />}
        {!failed && (!cod.data || !online.data) && <LoadingText text="Loading orders..." />}
        {!failed && cod.data && online.data && (
          <div className="space-y-6">
            {TABLES.map(({ mode, title, noun, pageKey }) => {
              const list = lists[mode];
              const answer = list.data!;
              return (
                <div key={mode} className="space-y-3" aria-busy={list.isFetching || undefined}>
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
                    onPage={(page) => show({ ...state, [pageKey]: page })}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
      {viewing && <OrderDetailModal key={viewing._id} order={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
