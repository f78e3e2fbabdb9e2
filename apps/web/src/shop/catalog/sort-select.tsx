/**
 * The "Sort by" select of a product list (docs/shop-rules.md#filters, #search): Relevance (offered
 * only with a search term, and then the default), Price: low to high, Price: high to low, Newest (the
 * default otherwise). The chosen order is sent to the server as `sort`; a chosen Relevance falls
 * back to Newest once the search term is gone.
 */
import { CATALOG_SORTS, type CatalogSort } from '@pumpkart/shared';
import { useId } from 'react';

export const SORT_LABELS: Record<CatalogSort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
};

/** A sort named in an address or the store, or undefined for anything else. */
export function parseSort(value: string | null | undefined): CatalogSort | undefined {
  return CATALOG_SORTS.find((sort) => sort === value);
}

/** The order actually used: the chosen one when it applies, else the default for the list. */
export function effectiveSort(chosen: CatalogSort | '' | undefined, hasSearch: boolean): CatalogSort {
  if (!chosen || (chosen === 'relevance' && !hasSearch)) return hasSearch ? 'relevance' : 'newest';
  return chosen;
}

export function SortSelect({
  value,
  hasSearch,
  onChange,
}: {
  /** The order in use (see effectiveSort). */
  value: CatalogSort;
  hasSearch: boolean;
  onChange: (sort: CatalogSort) => void;
}) {
  const id = useId();
  const options = CATALOG_SORTS.filter((sort) => sort !== 'relevance' || hasSearch);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={value}
        onChange={(event) => onChange(parseSort(event.target.value) ?? effectiveSort(undefined, hasSearch))}
        className="min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600"
      >
        {options.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
