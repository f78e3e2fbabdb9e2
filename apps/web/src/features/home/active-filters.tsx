/**
 * The top of the home results (docs/shop-rules.md#filters): a heading that says what is shown
 * ("12 results for 'nozzle'", or "12 products" with filters only), the active search term and
 * filters as removable chips, and Clear all. Removing a chip re-asks without that filter at once.
 */
import { formatIndianNumber, MESSAGES, SEARCH_COUNT_CAP, searchTotalIsCapped, type PriceRange } from '@pumpkart/shared';
import { forwardRef, useEffect, useRef } from 'react';
import type { AppliedFilters, FilterKey } from '../../shop/catalog/listing-state';

const PRICE_LABELS: Record<PriceRange, string> = {
  '0-500': '₹0–500',
  '500-1000': '₹500–1,000',
  '1000+': '₹1,000+',
};

export interface Chip {
  /** 'price' stands for the minimum and the maximum together. */
  key: Exclude<FilterKey, 'minPrice' | 'maxPrice'> | 'price' | 'search';
  label: string;
}

const rupees = (value: number) => `₹${formatIndianNumber(value)}`;

/** The minimum and maximum price as one chip's words: "₹500–20,000", "₹500 or more", "up to ₹20,000". */
export function priceBoundsLabel(minPrice: number | undefined, maxPrice: number | undefined): string {
  if (minPrice !== undefined && maxPrice !== undefined) return `${rupees(minPrice)}–${formatIndianNumber(maxPrice)}`;
  if (minPrice !== undefined) return `${rupees(minPrice)} or more`;
  return `up to ${rupees(maxPrice ?? 0)}`;
}

/** The chips of the active search term and filters, in the order the panel lists them. */
export function activeChips(search: string, filters: AppliedFilters): Chip[] {
  const chips: Chip[] = [];
  if (search) chips.push({ key: 'search', label: `Search: ${search}` });
  if (filters.category) chips.push({ key: 'category', label: `Category: ${filters.category}` });
  if (filters.brand) chips.push({ key: 'brand', label: `Brand: ${filters.brand}` });
  if (filters.priceRange) chips.push({ key: 'priceRange', label: `Price: ${PRICE_LABELS[filters.priceRange]}` });
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    chips.push({ key: 'price', label: `Price: ${priceBoundsLabel(filters.minPrice, filters.maxPrice)}` });
  }
  if (filters.availability) chips.push({ key: 'availability', label: filters.availability });
  return chips;
}

/**
 * What the results heading says: the count once known, else that they are loading; for a search answered for its
 * corrected words (docs/shop-rules.md#search), "Showing results for '...'"; for a search whose count stopped at its
 * cap, "1,000+ results for '...'".
 */
export function resultsHeading(search: string, total: number | undefined, correctedSearch?: string): string {
  if (total === undefined) return search ? MESSAGES.searchingFor(search) : MESSAGES.loadingProducts;
  if (search && correctedSearch) return MESSAGES.showingResultsFor(correctedSearch);
  if (!search) return MESSAGES.productCount(total);
  return searchTotalIsCapped(total)
    ? MESSAGES.moreResultsFor(SEARCH_COUNT_CAP, search)
    : MESSAGES.resultsFor(total, search);
}

export const ResultsHeading = forwardRef<
  HTMLHeadingElement,
  { search: string; total: number | undefined; correctedSearch?: string }
>(function ResultsHeading({ search, total, correctedSearch }, ref) {
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      data-testid="results-heading"
      aria-live="polite"
      className="min-w-0 break-words text-xl font-semibold text-slate-900"
    >
      {resultsHeading(search, total, correctedSearch)}
    </h2>
  );
});

export function ActiveFilterChips({
  chips,
  onRemove,
  onClearAll,
  onEmptied,
}: {
  chips: Chip[];
  onRemove: (key: Chip['key']) => void;
  onClearAll: () => void;
  /** Where focus goes when the last chip is gone (the chips and Clear all leave the page). */
  onEmptied: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  // After a chip's removal, focus goes to the chip now in its place (or the one before it), so the
  // keyboard stays in the row instead of falling back to the top of the page.
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
    if (buttons && buttons.length > 0) buttons[Math.min(index, buttons.length - 1)]!.focus();
    else if (clearRef.current) clearRef.current.focus();
  }, [chips]);

  const remove = (chip: Chip, index: number) => {
    focusIndex.current = index;
    if (chips.length === 1) onEmptied();
    onRemove(chip.key);
  };

  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul ref={listRef} aria-label="Active filters" className="flex min-w-0 flex-wrap gap-2">
        {chips.map((chip, index) => (
          <li key={chip.key} className="min-w-0">
            <button
              type="button"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => remove(chip, index)}
              className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full border border-brand-600/30 bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 hover:bg-brand-100"
            >
              <span className="min-w-0 break-words text-left">{chip.label}</span>
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        ref={clearRef}
        type="button"
        onClick={() => {
          onEmptied();
          onClearAll();
        }}
        className="min-h-9 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-50"
      >
        Clear all
      </button>
    </div>
  );
}
