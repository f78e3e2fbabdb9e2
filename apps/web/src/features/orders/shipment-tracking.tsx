/**
 * The buyer's view of an order's shipment (docs/shop-rules.md#order-status), on My Orders and the
 * confirmation page: "Shipped with {courier} · Tracking {number}", a "Track shipment" link to the
 * courier's page (a new tab, without handing it this page: rel="noopener noreferrer") when the admin
 * gave one, and "Delivered on {date}" once delivered. Nothing for an order not shipped yet or cancelled.
 */
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { formatDeliveryDate } from './expected-delivery';

/** The tracking link, only when it is an http(s) address (the server checks it too). */
function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Shown once the order has a shipment, also after an admin moved it back to an earlier status (the parcel's
 * tracking stays the buyer's to follow, docs/shop-rules.md#order-status), and for a delivered one; never for a
 * cancelled order.
 */
export function hasShipmentTracking(order: Pick<OrderDto, 'shipment' | 'deliveredAt' | 'status'>): boolean {
  if (order.status === 'cancelled') return false;
  return Boolean(order.shipment) || (order.status === 'delivered' && Boolean(order.deliveredAt));
}

export function ShipmentTracking({ order }: { order: OrderDto }) {
  if (!hasShipmentTracking(order)) return null;
  const { shipment, deliveredAt } = order;
  const url = safeUrl(shipment?.trackingUrl ?? null);
  return (
    <div className="space-y-1 text-sm text-slate-800" data-testid="shipment-tracking">
      {deliveredAt && order.status === 'delivered' && (
        <p className="font-medium text-green-800">
          <time dateTime={deliveredAt}>{MESSAGES.deliveredOn(formatDeliveryDate(new Date(deliveredAt)))}</time>
        </p>
      )}
      {shipment && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="break-words">{MESSAGES.shippedWith(shipment.courier, shipment.trackingNumber)}</span>
          {url && (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline hover:text-brand-800"
            >
              {MESSAGES.trackShipment}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </p>
      )}
    </div>
  );
}
