/**
 * The checkout's order summary: each available line with its amount, the subtotal, the delivery charge
 * (docs/shop-rules.md#delivery) and the total, in the storefront's one price format
 * (docs/decisions/0008-one-price-format.md).
 */
import {
  deliveryPercent,
  formatPrice,
  keyOfLine,
  linePrice,
  MESSAGES,
  toPaise,
  toRupees,
  type CartLine,
  type OrderTotals,
} from '@pumpkart/shared';
import { SECTION_TITLE } from './checkout-fieldsets';

export function CheckoutSummary({
  lines,
  totals,
  formId,
}: {
  lines: readonly CartLine[];
  totals: OrderTotals;
  /** The checkout form's id, which names the summary's heading. */
  formId: string;
}) {
  return (
    <section aria-labelledby={`${formId}-summary`} className="rounded-lg bg-slate-50 p-4">
      <h3 id={`${formId}-summary`} className={SECTION_TITLE}>
        Order summary
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {lines.map((line) => (
          <li key={keyOfLine(line)} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words">
              {line.product.title}
              {line.variant?.size ? ` (${line.variant.size})` : ''}{' '}
              <span className="whitespace-nowrap">× {line.quantity}</span>
            </span>
            <span className="shrink-0 tabular-nums">
              {formatPrice(toRupees(toPaise(linePrice(line)) * line.quantity))}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatPrice(toRupees(totals.subtotalPaise))}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery charge ({deliveryPercent(totals.subtotalPaise)}%)</dt>
          <dd className="tabular-nums">{formatPrice(toRupees(totals.shippingPaise))}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatPrice(toRupees(totals.totalPaise))}</dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-slate-600">{MESSAGES.inclusiveOfTaxes}</p>
    </section>
  );
}
