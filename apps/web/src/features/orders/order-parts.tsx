/**
 * Pieces of an order shared by the My Orders card and the confirmation page
 * (docs/shop-rules.md#orders): the status badge in words (order-status.ts), the items (image, title,
 * size, 'quantity x price = line total'), the money (subtotal, delivery charge, total) and the
 * shipping address. Amounts in the storefront's one price format (docs/decisions/0008-one-price-format.md).
 */
import { bookedForText, formatPrice, type OrderDto } from '@pumpkart/shared';
import { ProductImage } from '../../shop/catalog/product-image';
import { orderBadge, type OrderBadge } from './order-status';

const BADGE_STYLES: Record<OrderBadge, string> = {
  awaitingPayment: 'bg-amber-100 text-amber-900',
  awaitingApproval: 'bg-amber-100 text-amber-900',
  pending: 'bg-slate-100 text-slate-800',
  processing: 'bg-indigo-100 text-indigo-800',
  shipped: 'bg-cyan-100 text-cyan-900',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function StatusBadge({ order }: { order: OrderDto }) {
  const badge = orderBadge(order);
  return (
    <span
      data-testid="order-status"
      className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${BADGE_STYLES[badge.kind]}`}
    >
      {badge.label}
    </span>
  );
}

const APPROVAL_WORDS = { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' } as const;

/**
 * A business order's approval and, for a colleague's order (docs/shop-rules.md#business-accounts), who placed it;
 * nothing for a consumer's own order.
 */
export function BusinessOrderNote({ order, myEmail }: { order: OrderDto; myEmail: string | null | undefined }) {
  const colleague = order.user.email !== myEmail;
  if (!order.approvalStatus && !colleague) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="business-order-note">
      {colleague && (
        <>
          <span className="text-slate-500">Placed by: </span>
          {order.user.name}
        </>
      )}
      {colleague && order.approvalStatus && ' · '}
      {order.approvalStatus && (
        <>
          <span className="text-slate-500">Approval: </span>
          {APPROVAL_WORDS[order.approvalStatus]}
        </>
      )}
    </p>
  );
}

export function OrderItems({ order, imageSize = 56 }: { order: OrderDto; imageSize?: number }) {
  return (
    <ul className="divide-y divide-slate-100 border-y border-slate-100">
      {order.items.map((item) => {
        const url = item.image ?? item.product?.images?.[0]?.url;
        const title = item.title || item.product?.title || 'Product';
        return (
          <li key={item._id} className="flex gap-3 py-3">
            <ProductImage
              image={url ? { url } : undefined}
              alt={title}
              sizes={`${imageSize}px`}
              width={imageSize}
              height={imageSize}
              className="h-14 w-14 shrink-0 rounded-lg bg-white"
            />
            <div className="min-w-0 text-sm">
              <p className="break-words font-medium text-slate-900">{title}</p>
              {item.variant?.size && <p className="text-slate-600">Size: {item.variant.size}</p>}
              {item.serviceDate && <p className="text-slate-600">{bookedForText(item.serviceDate)}</p>}
              <p className="tabular-nums text-slate-700">
                {item.quantity} x {formatPrice(item.price)} = {formatPrice(item.subtotal)}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function OrderMoney({ order }: { order: OrderDto }) {
  return (
    <dl className="space-y-1 text-sm" data-testid="order-money">
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="tabular-nums text-slate-900">{formatPrice(order.subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">Delivery charge</dt>
        <dd className="tabular-nums text-slate-900">{formatPrice(order.shipping)}</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
        <dt className="text-slate-900">Total</dt>
        <dd className="tabular-nums text-slate-900">{formatPrice(order.total)}</dd>
      </div>
    </dl>
  );
}

export function OrderAddress({ order }: { order: OrderDto }) {
  const address = order.address;
  if (!address) return <p className="text-slate-600">—</p>;
  return (
    <address className="break-words not-italic text-slate-600">
      {address.recipientName}, {address.recipientPhone}
      <br />
      {[address.line1, address.line2].filter(Boolean).join(', ')}
      <br />
      {address.city}, {address.state} {address.postalCode}, {address.country}
    </address>
  );
}
