/**
 * My Orders (docs/shop-rules.md#orders, #order-status): the buyer's own orders (GET /orders/me) as
 * cards, newest first. Honest states (ui/page-states.tsx): a skeleton while they load, 'Failed
 * to load orders. Please try again.' with Try again when they cannot be loaded (never the empty
 * text), and 'You have no orders yet.' with Continue shopping.
 *
 * Cancel Order asks first in the shop's own dialog (ui/confirm-dialog.tsx), then shows the
 * server's message (or 'Order cancelled successfully') as a notice and reloads; any failure shows
 * exactly 'Failed to cancel order. Please try again.'. Pay now opens the payment window for that
 * same order (shop/payment/use-pay-order.ts); a payment that does not go through says why in
 * a notice and the order stays awaiting payment (docs/shop-rules.md#payments).
 */
import { useMemo, useState } from 'react';
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { useCancelOrderMutation, useGetMyOrdersQuery } from './my-orders-api';
import { useConfirm } from '../../ui/confirm-dialog';
import { EmptyState, ListSkeleton, LoadFailed } from '../../ui/page-states';
import { outcomeMessage, usePayOrder } from '../../shop/payment/use-pay-order';
import { useNotify } from '../../store/hooks';
import { OrderCard } from './order-card';
import { orderNumber } from './order-status';

export const confirmCancelText = (id: string) => `Are you sure you want to cancel order #${orderNumber(id)}?`;

export function OrdersPage() {
  const mine = useGetMyOrdersQuery();
  const [cancelOrder] = useCancelOrderMutation();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();
  const notify = useNotify();
  const { pay, paying, ready } = usePayOrder();
  const orders = useMemo(
    () => (mine.data ? [...mine.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : null),
    [mine.data],
  );
  const failed = mine.isError;
  const reload = () => void mine.refetch();

  const cancel = async (order: OrderDto) => {
    const confirmed = await ask({
      title: 'Cancel order',
      message: confirmCancelText(order._id),
      confirmLabel: 'Yes, cancel it',
      cancelLabel: 'Keep order',
      destructive: true,
    });
    if (!confirmed) return;
    setCancelling(order._id);
    try {
      // A successful cancel reloads the list (its cache entry is invalidated).
      const answer = await cancelOrder(order._id).unwrap();
      notify(answer?.message || MESSAGES.orderCancelled, 'success');
    } catch (error) {
      console.error('Failed to cancel order', error);
      notify(MESSAGES.cancelOrderFailed, 'error');
    } finally {
      setCancelling(null);
    }
  };

  const payNow = async (order: OrderDto) => {
    const outcome = await pay({
      orderId: order._id,
      prefill: { name: order.customer.name, email: order.customer.email, contact: order.customer.phone },
    });
    const message = outcomeMessage(outcome);
    if (message) notify(message, outcome.kind === 'cancelled' ? 'info' : 'error');
    // The order may have expired or been paid meanwhile: show it as it is now.
    if (outcome.kind !== 'paid' && outcome.kind !== 'busy') reload();
  };

  const heading = <h1 className="mb-4 text-2xl font-semibold text-slate-900">My Orders</h1>;

  if (failed && orders === null) {
    return (
      <div>
        {heading}
        <LoadFailed message={MESSAGES.ordersLoadFailed} onRetry={reload} />
      </div>
    );
  }
  if (orders === null) {
    return (
      <div>
        {heading}
        <ListSkeleton rows={3} label={MESSAGES.loadingOrders} />
      </div>
    );
  }

  return (
    <div>
      {heading}
      {failed && (
        <p role="alert" className="mb-4 text-red-700">
          {MESSAGES.ordersLoadFailed}
        </p>
      )}
      {orders.length === 0 ? (
        <EmptyState message={MESSAGES.noOrders} />
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard
                order={order}
                cancelling={cancelling === order._id}
                onCancel={() => void cancel(order)}
                onPay={() => void payNow(order)}
                payDisabled={paying || !ready}
              />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </div>
  );
}
