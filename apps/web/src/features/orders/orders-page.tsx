/**
 * My Orders: the buyer's own orders (GET /orders/me) as cards, newest
 * first. 'You have no orders yet.' when there are none; 'Failed to load orders. Please try again.'
 * when they cannot be loaded. Cancel Order asks first, then alerts the server's message (or 'Order
 * cancelled successfully') and reloads; any failure alerts exactly 'Failed to cancel order. Please
 * try again.' (the server's message is shown only on success).
 */
import { useCallback, useEffect, useState } from 'react';
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { ordersApi } from '../../api/endpoints';
import { Loading } from '../../components/spinner';
import { OrderCard, orderNumber } from './order-card';

export const confirmCancelText = (id: string) => `Are you sure you want to cancel order #${orderNumber(id)}?`;

export function OrdersPage() {
  const [orders, setOrders] = useState<OrderDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [cancelling, setCancelling] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    ordersApi
      .mine()
      .then((list) => {
        if (!active) return;
        setOrders([...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('Failed to load orders', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const cancel = async (order: OrderDto) => {
    if (!window.confirm(confirmCancelText(order._id))) return;
    setCancelling(order._id);
    try {
      const answer = await ordersApi.cancel(order._id);
      window.alert(answer?.message || MESSAGES.orderCancelled);
      reload();
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
