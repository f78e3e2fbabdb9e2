/**
 * The product details' choices (docs/shop-rules.md#cart): the size buttons (a size without stock is disabled) and
 * the quantity with its minus and plus. A quantity button that turns itself off while it has focus (minus at 1,
 * both while saving) is only aria-disabled and ignores clicks, so focus stays on it.
 */
import type { Product } from '@pumpkart/shared';

const INACTIVE_CLASS = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

export function SizeChoices({
  variants,
  variantId,
  disabled,
  onChoose,
}: {
  variants: Product['variants'];
  variantId: string | null;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Size</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((v) => {
          const extras = Object.entries(v.extra);
          const selected = v._id === variantId;
          return (
            <button
              key={v._id}
              type="button"
              onClick={() => onChoose(v._id)}
              disabled={disabled || !(v.stock > 0)}
              aria-pressed={selected}
              aria-label={[v.size, ...extras.map(([key, value]) => `${key}: ${value}`)].join(', ')}
              className={`min-h-10 rounded-lg border px-3 py-1.5 text-left text-sm disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-400 disabled:line-through ${
                selected
                  ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800'
                  : 'border-slate-300 bg-white hover:border-brand-600'
              }`}
            >
              <span className="block">{v.size}</span>
              {extras.map(([key, value]) => (
                <span key={key} className="block text-xs font-normal text-slate-500">
                  {key}: {value}
                </span>
              ))}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

export function QuantityInput({
  id,
  quantity,
  stock,
  min = 1,
  step = 1,
  note = null,
  disabled,
  minusOff,
  onStep,
  onInput,
  onBlur,
}: {
  id: string;
  /** Empty while the buyer clears the field to type a new one. */
  quantity: number | '';
  stock: number;
  /** The least one may order and the pack size (docs/shop-rules.md#business-prices): the field's min and step. */
  min?: number;
  step?: number;
  /** Says the minimum and the pack size under the field. */
  note?: string | null;
  disabled: boolean;
  /** The minus ignores clicks (at 1, or with the whole input off). */
  minusOff: boolean;
  onStep: (step: 1 | -1) => void;
  onInput: (text: string) => void;
  onBlur: () => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Quantity
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label="Decrease quantity"
          onClick={() => !minusOff && onStep(-1)}
          aria-disabled={minusOff || undefined}
          className={`h-10 w-10 rounded-lg border border-slate-300 text-lg hover:bg-slate-100 ${INACTIVE_CLASS}`}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          step={step}
          max={Math.max(stock, 1)}
          aria-describedby={note ? `${id}-note` : undefined}
          value={quantity}
          onChange={(event) => onInput(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          className="h-10 w-20 rounded-lg border border-slate-300 px-2 text-center tabular-nums disabled:bg-slate-100"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          onClick={() => !disabled && onStep(1)}
          aria-disabled={disabled || undefined}
          className={`h-10 w-10 rounded-lg border border-slate-300 text-lg hover:bg-slate-100 ${INACTIVE_CLASS}`}
        >
          +
        </button>
      </div>
      {note && (
        <p id={`${id}-note`} className="mt-1 text-xs text-slate-600">
          {note}
        </p>
      )}
    </div>
  );
}
