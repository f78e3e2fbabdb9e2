/** Rupee price text (docs/shop-rules.md#money): '₹1,25,000/-', optionally with a struck-through original. */
import { formatPrice } from '@pumpkart/shared';

export function Price({ value, className = '' }: { value: number; className?: string }) {
  return <span className={`font-semibold text-slate-900 tabular-nums ${className}`}>{formatPrice(value)}</span>;
}

/** The original price, struck through; screen readers hear "Original price". */
export function StruckPrice({ value, className = '' }: { value: number; className?: string }) {
  return (
    <s className={`text-slate-500 tabular-nums ${className}`}>
      <span className="sr-only">Original price </span>
      {formatPrice(value)}
    </s>
  );
}
