/**
 * The cart's Order Summary pane: subtotal, delivery charge (the shared tiers,
 * docs/shop-rules.md#delivery) and total of the selected in-stock lines in the storefront's one price
 * format (docs/decisions/0008-one-price-format.md), 'Inclusive of all taxes' under the total (prices
 * include GST, docs/decisions/0009-gst-tax-computation.md), and the Checkout button, disabled with no
 * selection, no payment script loaded, a total of 0 or less, or while a payment window is open.
 */
import { deliveryPercent, formatPrice, MESSAGES, toRupees, type OrderTotals } from '@pumpkart/shared';

export interface OrderSummaryProps {
  totals: OrderTotals;
  selectedCount: number;
  scriptLoaded: boolean;
  onCheckout: () => void;
  /** A payment window is open. */
  locked?: boolean;
}

export function OrderSummary({ totals, selectedCount, scriptLoaded, onCheckout, locked = false }: OrderSummaryProps) {
  const disabled = locked || selectedCount === 0 || !scriptLoaded || totals.totalPaise <= 0;
  const hint =
    selectedCount === 0
      ? 'Select the items you want to check out.'
      : !scriptLoaded
        ? 'Loading the payment system…'
        : null;

  return (
    <section
      aria-labelledby="order-summary-title"
      className="h-fit rounded-xl border border-slate-200 bg-white p-4 sm:p-5 lg:sticky lg:top-24"
    >
      <h2 id="order-summary-title" className="text-lg font-semibold text-slate-900">
        Order Summary
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Items selected</dt>
          <dd className="tabular-nums">{selectedCount}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums" data-testid="summary-subtotal">
            {formatPrice(toRupees(totals.subtotalPaise))}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery charge{totals.subtotalPaise > 0 ? ` (${deliveryPercent(totals.subtotalPaise)}%)` : ''}</dt>
          <dd className="tabular-nums" data-testid="summary-delivery">
            {formatPrice(toRupees(totals.shippingPaise))}
          </dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="summary-total">
            {formatPrice(toRupees(totals.totalPaise))}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-slate-600" data-testid="summary-tax-note">
        {MESSAGES.inclusiveOfTaxes}
      </p>
      <button
        type="button"
        onClick={onCheckout}
        disabled={disabled}
        aria-describedby={hint ? 'checkout-hint' : undefined}
        className="mt-4 w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
      >
        Checkout
      </button>
      <p id="checkout-hint" className="mt-2 min-h-5 text-center text-xs text-slate-500">
        {hint}
      </p>
    </section>
  );
}
