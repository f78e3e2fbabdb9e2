/**
 * One cart line (docs/shop-rules.md#cart): a selection checkbox (not for out-of-stock lines), image,
 * title and variant, unit price, minus (disabled at 1 or less) and plus (disabled at the stock)
 * buttons around a quantity the buyer can type (kept within 1 and the stock, sent on Enter or when
 * it loses focus), the stock's limit when the line holds less than asked, the line amount, and a
 * remove control. Amounts in the storefront's one price format
 * (docs/decisions/0008-one-price-format.md). While a payment window is open (`locked`) every control
 * is disabled: the order being paid must not change under it (docs/shop-rules.md#payments). A service's line
 * (docs/shop-rules.md#service-products) shows its visit date, which the buyer changes here.
 */
import {
  bookedForText,
  formatPrice,
  isBookable,
  isLineAvailable,
  linePrice,
  lineStock,
  MESSAGES,
  orderQuantityProblem,
  serviceDateProblem,
  serviceDateRange,
  smallestOrderQuantity,
  toPaise,
  toRupees,
  type CartLine,
} from '@pumpkart/shared';
import { useId, useState, type KeyboardEvent } from 'react';
import { ProductImage } from '../../shop/catalog/product-image';

export interface CartLineRowProps {
  line: CartLine;
  selected: boolean;
  onToggle: () => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** A service's new visit date (YYYY-MM-DD), already within the bookable days. */
  onServiceDate?: (date: string) => void;
  /** A payment window is open: nothing can change. */
  locked?: boolean;
}

export function CartLineRow({
  line,
  selected,
  onToggle,
  onQuantity,
  onRemove,
  onServiceDate,
  locked = false,
}: CartLineRowProps) {
  const title = line.product?.title ?? 'Product';
  const stock = lineStock(line);
  const available = isLineAvailable(line);
  const price = linePrice(line);
  const size = line.variant?.size;
  const overStock = available && line.quantity > stock;
  // What the buyer is typing (null: the line's quantity), and the limit a typed quantity ran into.
  const [typed, setTyped] = useState<string | null>(null);
  const [typedOver, setTypedOver] = useState(false);
  // Business prices (docs/shop-rules.md#business-prices): the minimum and the pack size the quantity keeps to.
  const orderRules = { minOrderQty: line.product?.minOrderQty ?? 1, packSize: line.product?.packSize ?? 1 };
  const pack = orderRules.packSize;
  const least = smallestOrderQuantity(orderRules);
  const label = `${title}${size ? ` (${size})` : ''}`;
  const [quantityProblem, setQuantityProblem] = useState<string | null>(null);
  const notice = quantityProblem ?? line.notice ?? (overStock || typedOver ? MESSAGES.cartOnlyNInStock(stock) : null);

  /**
   * A typed quantity counts once it is committed: a whole number from 1 to the stock (the stock's limit said), and
   * one the product is sold in (at least its minimum, whole packs), else it says why and is not sent.
   */
  const commit = () => {
    if (typed === null) return;
    setTyped(null);
    const value = Math.floor(Number(typed));
    if (typed.trim() === '' || !Number.isFinite(value)) return;
    const over = available && value > stock;
    setTypedOver(over);
    const quantity = Math.max(1, over ? stock : value);
    const problem = orderQuantityProblem(quantity, orderRules, label);
    setQuantityProblem(problem);
    if (!problem && quantity !== line.quantity) onQuantity(quantity);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setTyped(null);
  };
  const step = (quantity: number) => {
    setTypedOver(false);
    setQuantityProblem(null);
    onQuantity(quantity);
  };
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
              {line.listPrice !== undefined && line.listPrice > price && (
                <s className="ml-2 tabular-nums text-slate-500" data-testid="line-list-price">
                  <span className="sr-only">{MESSAGES.listPriceLabel} </span>
                  {formatPrice(line.listPrice)}
                </s>
              )}
            </p>
          </div>
          <p className="font-semibold tabular-nums text-slate-900" aria-label={`Amount for ${title}`}>
            {formatPrice(toRupees(toPaise(price) * line.quantity))}
          </p>
        </div>
        {isBookable(line.product?.kind) && (
          <ServiceDateRow line={line} title={title} locked={locked} onServiceDate={onServiceDate} />
        )}
        {!available && (
          <p className="mt-1 inline-block rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
            {MESSAGES.outOfStock}
          </p>
        )}
        {notice && (
          <p className="mt-1 text-sm text-amber-700" role="status">
            {notice}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2" role="group" aria-label={`Change the quantity of ${title}`}>
            <button
              type="button"
              className={button}
              onClick={() => step(line.quantity - pack)}
              disabled={locked || line.quantity - pack < least}
              aria-label={`Decrease quantity of ${title}`}
            >
              −
            </button>
            <input
              type="number"
              inputMode="numeric"
              min={least}
              max={Math.max(stock, 1)}
              step={pack}
              value={typed ?? String(line.quantity)}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={commit}
              onKeyDown={onKeyDown}
              disabled={locked || !available}
              aria-label={`Quantity of ${label}`}
              data-testid="quantity"
              className="h-9 w-16 rounded-lg border border-slate-300 px-1 text-center tabular-nums text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-60 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            />
            <button
              type="button"
              className={button}
              onClick={() => step(line.quantity + pack)}
              disabled={locked || line.quantity + pack > stock}
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

/** A service line's visit date: what it is booked for, and the field that changes it (a day outside the range is said). */
function ServiceDateRow({
  line,
  title,
  locked,
  onServiceDate,
}: {
  line: CartLine;
  title: string;
  locked: boolean;
  onServiceDate?: (date: string) => void;
}) {
  const id = useId();
  const { from, to } = serviceDateRange();
  const [problem, setProblem] = useState<string | null>(null);
  const change = (date: string) => {
    const found = date ? serviceDateProblem({ kind: 'service', title }, date) : null;
    setProblem(found);
    if (date && !found) onServiceDate?.(date);
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        Visit date
      </label>
      <input
        id={id}
        type="date"
        min={from}
        max={to}
        value={line.serviceDate ?? ''}
        disabled={locked}
        onChange={(event) => change(event.target.value)}
        className="h-9 rounded-lg border border-slate-300 px-2 text-sm disabled:bg-slate-100"
      />
      <span className={line.serviceDate ? 'text-slate-600' : 'font-medium text-amber-700'} role="status">
        {problem ?? (line.serviceDate ? bookedForText(line.serviceDate) : 'Choose a visit date before checkout.')}
      </span>
    </div>
  );
}
