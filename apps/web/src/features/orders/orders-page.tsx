/**
 * My Orders: the buyer's own orders (GET /orders/me) as cards, newest
 * first. 'You have no orders yet.' when there are none; 'Failed to load orders. Please try again.'
 * when they cannot be loaded. Cancel Order asks first, then alerts the server's message (or 'Order
 * cancelled successfully') and reloads; any failure alerts exactly 'Failed to cancel order. Please
 * try again.' (the server's message is shown only on success).
 */
import { useMemo, useState } from 'react';
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { useCancelOrderMutation, useGetMyOrdersQuery } from '../../api/shop-api';
import { Loading } from '../../components/spinner';
import { OrderCard, orderNumber } from './order-card';

export const confirmCancelText = (id: string) => `Are you sure you want to cancel order #${orderNumber(id)}?`;

export function OrdersPage() {
  const mine = useGetMyOrdersQuery();
  const [cancelOrder] = useCancelOrderMutation();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const orders = useMemo(
    () => (mine.data ? [...mine.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : null),
    [mine.data],
  );
  const failed = mine.isError;
  const reload = () => void mine.refetch();

  const cancel = async (order: OrderDto) => {
    if (!window.confirm(confirmCancelText(order._id))) return;
    setCancelling(order._id);
    try {
      // A successful cancel reloads the list (its cache entry is invalidated).
      const answer = await cancelOrder(order._id).unwrap();
      window.alert(answer?.message || MESSAGES.orderCancelled);
    } catch (error) {
      console.error('Failed to cancel order', error);
      window.alert(MESSAGES.cancelOrderFailed);
    } finally {
      setCancelling(null);
    }
  };

  const heading = <h1 className="mb-4 text-2xl font-semibold text-slate-900">My Orders</h1>;

  if (failed && orders === null) {
    return (
      <div>
        {heading}
        <div className="py-10 text-center">
          <p role="alert" className="text-red-600">
            {MESSAGES.ordersLoadFailed}
          </p>
          <button
            type="button"
            onClick={reload}
            className="mt-4 rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (orders === null) {
    return (
      <div>
        {heading}
        <Loading text="Loading orders..." />
      </div>
    );
  }

  return (
    <div>
      {heading}
      {failed && (
        <p role="alert" className="mb-4 text-red-600">
          {MESSAGES.ordersLoadFailed}
        </p>
      )}
      {orders.length === 0 ? (
        <p className="py-10 text-center text-slate-600">{MESSAGES.noOrders}</p>
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} cancelling={cancelling === order._id} onCancel={() => void cancel(order)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
