/** Rupee price text (docs/shop-rules.md#money): '₹1,25,000/-', optionally with a struck-through original. */
import { formatPrice, MESSAGES, originalPriceOf } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';
import { useAppSelector } from '../../store/hooks';

export function Price({ value, className = '' }: { value: number; className?: string }) {
  return <span className={`font-semibold text-slate-900 tabular-nums ${className}`}>{formatPrice(value)}</span>;
}

/** The original price, struck through; screen readers hear "Original price" (or "MRP" for an MRP). */
export function StruckPrice({
  value,
  label = 'Original price',
  className = '',
}: {
  value: number;
  label?: string;
  className?: string;
}) {
  return (
    <s className={`text-slate-500 tabular-nums ${className}`}>
      <span className="sr-only">{label} </span>
      {formatPrice(value)}
    </s>
  );
}

const selectStoreSettings = shopApi.endpoints.getStoreSettings.select();

/**
 * Whether a product without an MRP shows price x 1.1 struck through: the store setting (docs/shop-rules.md#mrp), as
 * the settings the page's footer loads say (read from the cache, so a card never asks for them itself); on (the
 * spec's demo behaviour) while they load, when none were entered and when they cannot be read.
 */
export function useComputedOriginalPrice(): boolean {
  return useAppSelector((state) => selectStoreSettings(state).data?.computedOriginalPrice ?? true);
}

/**
 * What is struck through beside a price, by the one rule of @pumpkart/shared (originalPriceOf): an MRP above the
 * price as 'MRP ₹1,100/-' with the discount off it, or the computed price x 1.1; nothing otherwise. A business
 * buyer's price below the list price shows the list price struck through instead (docs/shop-rules.md#business-prices:
 * the server sends listPrice only then).
 */
export function OriginalPrice({
  price,
  mrp,
  listPrice,
  className = '',
}: {
  price: number;
  mrp: number | null | undefined;
  listPrice?: number;
  className?: string;
}) {
  const computed = useComputedOriginalPrice();
  if (listPrice !== undefined && listPrice > price) {
    return (
      <span className={`text-slate-500 ${className}`} data-testid="list-price">
        <span aria-hidden="true">{MESSAGES.listPriceLabel} </span>
        <StruckPrice value={listPrice} label={MESSAGES.listPriceLabel} />
      </span>
    );
  }
  const original = originalPriceOf(price, mrp, computed);
  if (!original) return null;
  if (original.source === 'computed') return <StruckPrice value={original.value} className={className} />;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-1.5 ${className}`} data-testid="mrp">
      <span className="text-slate-500">
        <span aria-hidden="true">{MESSAGES.mrp} </span>
        <StruckPrice value={original.value} label={MESSAGES.mrp} />
      </span>
      {original.percentOff > 0 && (
        <span className="font-semibold text-green-700">{MESSAGES.percentOff(original.percentOff)}</span>
      )}
    </span>
  );
}
