/**
 * The filter bar of the admin Products page (docs/shop-rules.md#admin): the search box (applied as one types, after
 * SEARCH_PAUSE_MS without a key, or at once when sent),
 * category, brand, active and stock level, the sort, and the Grid/Table toggle; the selects apply at once.
 */
import { ADMIN_PRODUCT_SORTS, STOCK_LEVELS, type AdminProductSort } from '@pumpkart/shared';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useGetBrandsQuery, useGetCategoriesQuery } from '../../shop/catalog/catalog-api';
import {
  hasFilters,
  NO_FILTERS,
  PRODUCT_VIEWS,
  SORT_LABELS,
  STOCK_LABELS,
  type ProductFilters as Filters,
  type ProductView,
} from './product-view';

/** How long the search box waits after the last key before it searches (one request per pause, not per key). */
export const SEARCH_PAUSE_MS = 300;

const fieldClass = 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={fieldClass}>
        {children}
      </select>
    </div>
  );
}

/** The names offered by a select, with the chosen one kept even when the list lacks it (an inactive product's). */
const withChosen = (names: string[] | undefined, chosen: string) =>
  chosen && !(names ?? []).includes(chosen) ? [chosen, ...(names ?? [])] : (names ?? []);

export interface ProductFiltersProps {
  filters: Filters;
  sort: AdminProductSort;
  view: ProductView;
  onFilters: (filters: Filters) => void;
  onSort: (sort: AdminProductSort) => void;
  onView: (view: ProductView) => void;
}

export function ProductFilters({ filters, sort, view, onFilters, onSort, onView }: ProductFiltersProps) {
  const id = useId();
  const categories = useGetCategoriesQuery();
  const brands = useGetBrandsQuery();
  const [draft, setDraft] = useState(filters.search);
  // Back or a link changed the address: show its search.
  const [shown, setShown] = useState(filters.search);
  if (shown !== filters.search) {
    setShown(filters.search);
    setDraft(filters.search);
  }
  const apply = (change: Partial<Filters>) => onFilters({ ...filters, search: draft, ...change });
  // The search box filters as one types: once typing pauses, the typed words become the filter.
  useEffect(() => {
    if (draft === filters.search) return undefined;
    const timer = setTimeout(() => onFilters({ ...filters, search: draft }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, filters, onFilters]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({});
  };

  return (
    <form
      role="search"
      aria-label="Filter products"
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
    >
      <div className="sm:col-span-2 lg:col-span-3 xl:col-span-2">
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-700">
          Search products
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-search`}
            type="search"
            value={draft}
            maxLength={100}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Search by title or description..."
            aria-describedby={`${id}-search-hint`}
            autoComplete="off"
            className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          />
          <button type="submit" className={buttonClass}>
            Search
          </button>
        </div>
        <p id={`${id}-search-hint`} className="mt-1 text-xs text-slate-600">
          Title, description, brand or category.
        </p>
      </div>
      <Select id={`${id}-category`} label="Category" value={filters.category} onChange={(v) => apply({ category: v })}>
        <option value="">All categories</option>
        {withChosen(categories.data, filters.category).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <Select id={`${id}-brand`} label="Brand" value={filters.brand} onChange={(v) => apply({ brand: v })}>
        <option value="">All brands</option>
        {withChosen(brands.data, filters.brand).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <Select
        id={`${id}-active`}
        label="Status"
        value={filters.active}
        onChange={(v) => apply({ active: v as Filters['active'] })}
      >
        <option value="">Any status</option>
        <option value="true">Active only</option>
        <option value="false">Inactive only</option>
      </Select>
      <Select
        id={`${id}-stock`}
        label="Stock level"
        value={filters.stock}
        onChange={(v) => apply({ stock: v as Filters['stock'] })}
      >
        <option value="">Any stock</option>
        {STOCK_LEVELS.map((level) => (
          <option key={level} value={level}>
            {STOCK_LABELS[level]}
          </option>
        ))}
      </Select>
      <Select id={`${id}-sort`} label="Sort by" value={sort} onChange={(v) => onSort(v as AdminProductSort)}>
        {ADMIN_PRODUCT_SORTS.map((option) => (
          <option key={option} value={option}>
            {SORT_LABELS[option]}
          </option>
        ))}
      </Select>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3 xl:col-span-6">
        <div role="group" aria-label="View" className="inline-flex overflow-hidden rounded-lg border border-slate-300">
          {PRODUCT_VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => onView(option)}
              className={`px-3 py-2 text-sm font-medium ${
                view === option ? 'bg-brand-600 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {option === 'grid' ? 'Grid' : 'Table'}
            </button>
          ))}
        </div>
        {hasFilters(filters) && (
          <button type="button" className={buttonClass} onClick={() => onFilters(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
