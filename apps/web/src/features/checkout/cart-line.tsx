/**
 * One cart line (docs/shop-rules.md#cart): a selection checkbox (not for out-of-stock lines), image,
 * title and variant, unit price, minus (disabled at 1 or less) and plus (disabled at the stock)
 * buttons, the line amount, and a remove control. Amounts in the storefront's one price format
 * (docs/decisions/0008-one-price-format.md). While a payment window is open (`locked`) every control
 * is disabled: the order being paid must not change under it (docs/shop-rules.md#payments).
 */
import {
  formatPrice,
  isLineAvailable,
  linePrice,
  lineStock,
  MESSAGES,
  toPaise,
  toRupees,
  type CartLine,
} from '@pumpkart/shared';
import { ProductImage } from '../../components/product-image';

export interface CartLineRowProps {
  line: CartLine;
  selected: boolean;
  onToggle: () => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** A payment window is open: nothing can change. */
  locked?: boolean;
}

export function CartLineRow({ line, selected, onToggle, onQuantity, onRemove, locked = false }: CartLineRowProps) {
  const title = line.product?.title ?? 'Product';
  const stock = lineStock(line);
  const available = isLineAvailable(line);
  const price = linePrice(line);
  const size = line.variant?.size;
  const overStock = available && line.quantity > stock;
  const button =
    'flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 text-lg font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <li
      className={`flex gap-3 rounded-xl border bg-white p-3 sm:gap-4 sm:p-4 ${
        available ? 'border-slate-200' : 'border-slate-200 bg-slate-50'
      }`}
      data-testid="cart-line"
    >
      <div className="flex shrink-0 items-start pt-1">
        <input
          type="checkbox"
          checked={selected && available}
          disabled={!available || locked}
          onChange={onToggle}
          aria-label={`Select ${title}${size ? ` (${size})` : ''}`}
          className="h-5 w-5 accent-brand-700 disabled:cursor-not-allowed"
        />
      </div>
      <ProductImage
        image={line.product?.images?.[0]}
        alt={title}
        sizes="80px"
        width={80}
        height={80}
        className={`h-16 w-16 shrink-0 rounded-lg bg-white sm:h-20 sm:w-20 ${available ? '' : 'opacity-50 grayscale'}`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <div className="min-w-0">
            <h3 className="break-words font-medium text-slate-900">{title}</h3>
            {size && <p className="text-sm text-slate-600">Size: {size}</p>}
            <p className="text-sm text-slate-600">
              <span className="tabular-nums">{formatPrice(price)}</span> each
            </p>
          </div>
          <p className="font-semibold tabular-nums text-slate-900" aria-label={`Amount for ${title}`}>
            {formatPrice(toRupees(toPaise(price) * line.quantity))}
          </p>
        </div>
        {!available && (
          <p className="mt-1 inline-block rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
            {MESSAGES.outOfStock}
          </p>
        )}
        {overStock && <p className="mt-1 text-sm text-amber-700">{MESSAGES.onlyNInStock(stock)}</p>}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${title}`}>
            <button
              type="button"
              className={button}
              onClick={() => onQuantity(line.quantity - 1)}
              disabled={locked || line.quantity <= 1}
              aria-label={`Decrease quantity of ${title}`}
            >
              −
            </button>
            <span className="min-w-8 text-center tabular-nums" aria-live="polite" data-testid="quantity">
              {line.quantity}
            </span>
            <button
              type="button"
              className={button}
              onClick={() => onQuantity(line.quantity + 1)}
              disabled={locked || line.quantity >= stock}
              aria-label={`Increase quantity of ${title}`}
            >
              +
            </button>
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={locked}
            className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40"
            aria-label={`Remove ${title}${size ? ` (${size})` : ''}`}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
