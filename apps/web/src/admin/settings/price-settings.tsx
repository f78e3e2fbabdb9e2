/**
 * Two choices of the Settings page about prices (docs/shop-rules.md#store-settings): whether a product without an MRP
 * shows a computed price struck through (docs/shop-rules.md#mrp), and how invoices tax the delivery charge
 * (docs/decisions/0024-delivery-charge-tax.md).
 */
import { DELIVERY_TAX_METHODS, type DeliveryTaxMethod } from '@pumpkart/shared';

export const PRICE_SETTINGS_TEXT = {
  computedOriginalPrice: 'Show price × 1.1 struck through on products without an MRP',
  deliveryTaxMethod: 'GST on the delivery charge',
  deliveryTaxMethods: {
    apportioned: 'Apportioned over the goods by value, each share at its goods’ rate (recommended)',
    'highest-rate': 'At the highest GST rate of the goods in the order',
  },
  computedOriginalPriceHint:
    "The demo's rule. A real shop turns it off: an invented original price misleads buyers into seeing a " +
    'discount. Enter the MRP on each product instead; it is struck through only when above the price.',
} as const;

interface Section {
  id: string;
  className: string;
  legendClassName: string;
}

export function StruckThroughPriceSetting({
  id,
  checked,
  onChange,
  className,
  legendClassName,
}: Section & { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>Struck-through prices</legend>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {PRICE_SETTINGS_TEXT.computedOriginalPrice}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {PRICE_SETTINGS_TEXT.computedOriginalPriceHint}
          </p>
        </div>
      </div>
    </fieldset>
  );
}

export function DeliveryTaxSetting({
  id,
  value,
  onChange,
  className,
  legendClassName,
}: Section & { value: DeliveryTaxMethod; onChange: (method: DeliveryTaxMethod) => void }) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{PRICE_SETTINGS_TEXT.deliveryTaxMethod}</legend>
      <div className="flex flex-col gap-2">
        {DELIVERY_TAX_METHODS.map((method) => (
          <label key={method} className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="radio"
              name={id}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            />
            {PRICE_SETTINGS_TEXT.deliveryTaxMethods[method]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
