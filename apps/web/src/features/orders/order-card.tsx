/**
 * One order of My Orders (docs/shop-rules.md#orders, #order-status): the order number (last 6
 * characters of its id, a link to its page), the status in words ('Awaiting payment' for an unpaid
 * online order, 'Pending' for a COD order not yet delivered, 'Cancelled' only for a cancelled one),
 * the date (en-IN), the payment in words, the items, subtotal, delivery charge and total in the
 * storefront's one price format (docs/decisions/0008-one-price-format.md), the shipping address;
 * Pay now with its pay-by time for an order awaiting payment, and Cancel Order while the buyer may
 * still cancel (buyerMayCancel: pending or processing); Download invoice once the order's tax invoice is
 * issued and Download credit note once a cancellation issued one (docs/shop-rules.md#invoices); the courier,
 * tracking number and link of a shipped order and the delivery date of a delivered one (#order-status).
 */
import { Link } from 'react-router';
import { OrderAgainButton } from '../../shop/orders/order-again';
import { buyerMayCancel, MESSAGES, type OrderDto } from '@pumpkart/shared';
import { formatPayBy } from '../../shop/payment/pay-by';
import { orderPath } from '../../config/paths';
import { hasDocuments, OrderDocuments } from '../../shop/orders/order-documents';
import { BusinessOrderNote, OrderAddress, OrderItems, OrderMoney, StatusBadge } from './order-parts';
import { useAppSelector } from '../../store/hooks';
import { hasShipmentTracking, ShipmentTracking } from './shipment-tracking';
import { isAwaitingPayment, orderNumber, paymentInWords } from './order-status';

export { orderNumber } from './order-status';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export interface OrderCardProps {
  order: OrderDto;
  cancelling: boolean;
  onCancel: () => void;
  /** Pays this order (Pay now); absent where paying is not offered. */
  onPay?: () => void;
  /** A payment is under way or cannot be opened yet. */
  payDisabled?: boolean;
}

export function OrderCard({ order, cancelling, onCancel, onPay, payDisabled = false }: OrderCardProps) {
  const number = orderNumber(order._id);
  const created = new Date(order.createdAt);
  const awaiting = isAwaitingPayment(order);
  const myEmail = useAppSelector((state) => state.session.email);

  return (
    <article
      aria-labelledby={`order-${order._id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="order-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 pb-3">
        <div>
          <h2 id={`order-${order._id}`} className="text-lg font-semibold text-slate-900">
            <Link to={orderPath(order._id)} className="hover:underline">
              Order #{number}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            Placed on <time dateTime={order.createdAt}>{dateFormat.format(created)}</time>
          </p>
        </div>
        <StatusBadge order={order} />
      </header>

      <p className="py-2 text-sm text-slate-700">
        <span className="text-slate-500">Payment: </span>
        {paymentInWords(order)}
      </p>
      <BusinessOrderNote order={order} myEmail={myEmail} />

      {hasShipmentTracking(order) && (
        <div className="pb-2">
          <ShipmentTracking order={order} />
        </div>
      )}

      <h3 className="sr-only">Items</h3>
      <OrderItems order={order} />

      <div className="grid gap-4 pt-3 sm:grid-cols-2">
        <div className="min-w-0 text-sm">
          <h3 className="font-medium text-slate-900">Shipping address</h3>
          <OrderAddress order={order} />
        </div>
        <OrderMoney order={order} />
      </div>

      {hasDocuments(order) && (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <OrderDocuments order={order} />
        </div>
      )}

      <div className="mt-3 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-3">
        <OrderAgainButton orderId={order._id} label={`Order again: the items of Order #${number}`} />
        {awaiting && order.payBy && (
          <p className="mr-auto text-sm font-medium text-amber-900">{MESSAGES.payBy(formatPayBy(order.payBy))}</p>
        )}
        {buyerMayCancel(order) && (
          <button
            type="button"
            onClick={onCancel}
            disabled={cancelling}
            aria-label={`Cancel Order #${number}`}
            className="rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            {cancelling ? 'Cancelling...' : 'Cancel Order'}
          </button>
        )}
        {awaiting && onPay && (
          <button
            type="button"
            onClick={onPay}
            disabled={payDisabled || cancelling}
            aria-label={`${MESSAGES.payNow} for Order #${number}`}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {MESSAGES.payNow}
          </button>
        )}
      </div>
    </article>
  );
}
