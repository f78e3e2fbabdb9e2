/**
 * One order of My Orders: the order number (last 6 characters of its id), status, total, payment
 * mode and status, date (en-IN), the items (image, title, variant size, 'quantity x price =
 * subtotal'), the shipping address, and a Cancel Order button unless the order is already
 * cancelled. Amounts in the storefront's price format (docs/shop-rules.md#money: rupee sign, Indian
 * grouping, '/-'); a total with the paise of its delivery charge shows both digits ('₹410.40/-').
 */
import { formatPrice, paymentOf, type OrderDto, type OrderStatus } from '@pumpkart/shared';
import { ProductImage } from '../../components/product-image';

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  processing: 'bg-indigo-100 text-indigo-800',
  shipped: 'bg-cyan-100 text-cyan-800',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-red-100 text-red-800',
};

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export const orderNumber = (id: string) => id.slice(-6);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface OrderCardProps {
  order: OrderDto;
  cancelling: boolean;
  onCancel: () => void;
}

export function OrderCard({ order, cancelling, onCancel }: OrderCardProps) {
  const payment = paymentOf(order);
  const number = orderNumber(order._id);
  const address = order.address;
  const created = new Date(order.createdAt);

  return (
    <article
      aria-labelledby={`order-${order._id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="order-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 pb-3">
        <div>
          <h2 id={`order-${order._id}`} className="text-lg font-semibold text-slate-900">
            Order #{number}
          </h2>
          <p className="text-sm text-slate-600">
            Placed on <time dateTime={order.createdAt}>{dateFormat.format(created)}</time>
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wide ${
            STATUS_STYLES[order.status] ?? 'bg-slate-100 text-slate-700'
          }`}
        >
          {order.status}
        </span>
      </header>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 py-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Total</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatPrice(order.total)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Payment</dt>
          <dd className="text-slate-900">
            {payment.mode === 'cod' ? 'COD' : 'Online'} · {capitalise(payment.status)}
          </dd>
        </div>
      </dl>

      <h3 className="sr-only">Items</h3>
      <ul className="divide-y divide-slate-100 border-y border-slate-100">
        {order.items.map((item) => {
          const url = item.image ?? item.product?.images?.[0]?.url;
          const title = item.title || item.product?.title || 'Product';
          return (
            <li key={item._id} className="flex gap-3 py-3">
              <ProductImage
                image={url ? { url } : undefined}
                alt={title}
                sizes="56px"
                width={56}
                height={56}
                className="h-14 w-14 shrink-0 rounded-lg bg-white"
              />
              <div className="min-w-0 text-sm">
                <p className="break-words font-medium text-slate-900">{title}</p>
                {item.variant?.size && <p className="text-slate-600">Size: {item.variant.size}</p>}
                <p className="tabular-nums text-slate-700">
                  {item.quantity} x {formatPrice(item.price)} = {formatPrice(item.subtotal)}
                </p>
              </div>
            </li>
          );
        })}
      </ul>

      <div className="flex flex-wrap items-end justify-between gap-3 pt-3">
        <div className="min-w-0 text-sm">
          <h3 className="font-medium text-slate-900">Shipping address</h3>
          {address ? (
            <address className="break-words not-italic text-slate-600">
              {address.recipientName}, {address.recipientPhone}
              <br />
              {[address.line1, address.line2].filter(Boolean).join(', ')}
              <br />
              {address.city}, {address.state} {address.postalCode}, {address.country}
            </address>
          ) : (
            <p className="text-slate-600">—</p>
          )}
        </div>
        {order.status !== 'cancelled' && (
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
      </div>
    </article>
  );
}
