/**
 * Admin orders: the COD Orders and Online Orders tables (Order ID as its last 6
 * characters, Buyer, Total, Payment, Status, Placed, Txn ID, View) and the detail modal.
 */
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { useState } from 'react';
import { useGetAdminOrdersQuery } from '../../api/shop-api';
import { formatDate, orDash, rupees, shortId } from '../lib/format';
import { modeLabel, OrderStatusBadge, PaymentStatusBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { OrderDetailModal } from './order-detail-modal';
import { buyerOf, modeOf, paymentOf } from './order-view';

export function OrdersPage() {
  const orders = useGetAdminOrdersQuery();
  const [viewing, setViewing] = useState<OrderDto | null>(null);

  const list = orders.data ?? [];
  const codOrders = list.filter((order) => modeOf(order) === 'cod');
  const onlineOrders = list.filter((order) => modeOf(order) !== 'cod');

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

  return (
    <div>
      <PageHeader title="Orders" />
      {orders.isLoading && <LoadingText text="Loading orders..." />}
      {orders.isError && <ErrorText text={MESSAGES.ordersLoadFailed} />}
      {orders.data && (
        <div className="mt-4 space-y-6">
          <DataTable
            title="COD Orders"
            columns={columns}
            rows={codOrders}
            rowKey={(order) => order._id}
            emptyText={MESSAGES.noOrdersFound}
          />
          <DataTable
            title="Online Orders"
            columns={columns}
            rows={onlineOrders}
            rowKey={(order) => order._id}
            emptyText={MESSAGES.noOrdersFound}
          />
        </div>
      )}
      {viewing && <OrderDetailModal key={viewing._id} order={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
