/**
 * The filter bar of the admin Products page (docs/shop-rules.md#admin): the search box (applied as one types, after
 * SEARCH_PAUSE_MS without a key, or at once when sent),
 * category, brand, active and stock level, the sort, and the Grid/Table toggle; the selects apply at once.
 */
import { ADMIN_PRODUCT_SORTS, STOCK_LEVELS, type AdminProductSort } from '@pumpkart/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useGetBrandsQuery, useGetCategoriesQuery } from '../../shop/catalog/catalog-api';
import { filterButtonClass, FilterField, type FilterOption } from '../ui/filter-field';
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

/** The names offered by a select, with the chosen one kept even when the list lacks it (an inactive product's). */
const withChosen = (names: string[] | undefined, chosen: string) =>
  chosen && !(names ?? []).includes(chosen) ? [chosen, ...(names ?? [])] : (names ?? []);

/** A select's options: every name, after the choice of none. */
const namesOf = (none: string, names: string[]): FilterOption[] => [
  { value: '', label: none },
  ...names.map((name) => ({ value: name, label: name })),
];

export interface ProductFiltersProps {
  filters: Filters;
  sort: AdminProductSort;
  view: ProductView;
  onFilters: (filters: Filters) => void;
  onSort: (sort: AdminProductSort) => void;
  onView: (view: ProductView) => void;
}

export function ProductFilters({ filters, sort, view, onFilters, onSort, onView }: ProductFiltersProps) {
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
      <FilterField
        type="search"
        className="sm:col-span-2 lg:col-span-3 xl:col-span-2"
        label="Search products"
        value={draft}
        onChange={setDraft}
        placeholder="Search by title or description..."
        hint="Title, description, brand or category."
      >
        <button type="submit" className={filterButtonClass}>
          Search
        </button>
      </FilterField>
      <FilterField
        type="select"
        label="Category"
        value={filters.category}
        onChange={(category) => apply({ category })}
        options={namesOf('All categories', withChosen(categories.data, filters.category))}
      />
      <FilterField
        type="select"
        label="Brand"
        value={filters.brand}
        onChange={(brand) => apply({ brand })}
        options={namesOf('All brands', withChosen(brands.data, filters.brand))}
      />
      <FilterField
        type="select"
        label="Status"
        value={filters.active}
        onChange={(active) => apply({ active: active as Filters['active'] })}
        options={[
          { value: '', label: 'Any status' },
          { value: 'true', label: 'Active only' },
          { value: 'false', label: 'Inactive only' },
        ]}
      />
      <FilterField
        type="select"
        label="Stock level"
        value={filters.stock}
        onChange={(stock) => apply({ stock: stock as Filters['stock'] })}
        options={[
          { value: '', label: 'Any stock' },
          ...STOCK_LEVELS.map((level) => ({ value: level, label: STOCK_LABELS[level] })),
        ]}
      />
      <FilterField
        type="select"
        label="Sort by"
        value={sort}
        onChange={(next) => onSort(next as AdminProductSort)}
        options={ADMIN_PRODUCT_SORTS.map((option) => ({ value: option, label: SORT_LABELS[option] }))}
      />
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
          <button type="button" className={filterButtonClass} onClick={() => onFilters(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
