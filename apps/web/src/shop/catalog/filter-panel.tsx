/**
 * The home page's filter side panel (docs/shop-rules.md#filters): selects for Category, Brand, Price
 * Range and Availability, a minimum and a maximum price in whole rupees, and an 'Apply Filters' button. The
 * fields edit a draft; nothing changes on the page until Apply Filters, which refuses a price that is not a whole
 * number of rupees or a minimum above the maximum, saying so under the field. An overlay click or Escape closes
 * the panel without applying.
 */
import { AVAILABILITY, parsePriceBound, PRICE_BOUND_MAX, PRICE_RANGES } from '@pumpkart/shared';
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { NO_FILTERS, type AppliedFilters } from './listing-state';
import { useDialogFocus } from '../../ui/use-dialog-focus';

export { countFilters } from './listing-state';
export type { AppliedFilters };

/** The panel's draft: the price bounds as typed. */
type Draft = Omit<AppliedFilters, 'minPrice' | 'maxPrice'> & { minPrice: string; maxPrice: string };

const draftOf = (applied: AppliedFilters): Draft => ({
  ...applied,
  minPrice: applied.minPrice === undefined ? '' : String(applied.minPrice),
  maxPrice: applied.maxPrice === undefined ? '' : String(applied.maxPrice),
});

const BOUND_ERROR = `Enter a whole number of rupees from 0 to ${PRICE_BOUND_MAX.toLocaleString('en-IN')}.`;

/** The filters a draft applies, or what is wrong with its price bounds. */
export function applyDraft(
  draft: Draft,
): { filters: AppliedFilters } | { errors: Partial<Record<'minPrice' | 'maxPrice', string>> } {
  const minPrice = parsePriceBound(draft.minPrice);
  const maxPrice = parsePriceBound(draft.maxPrice);
  const errors: Partial<Record<'minPrice' | 'maxPrice', string>> = {};
  if (draft.minPrice.trim() && minPrice === undefined) errors.minPrice = BOUND_ERROR;
  if (draft.maxPrice.trim() && maxPrice === undefined) errors.maxPrice = BOUND_ERROR;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    errors.maxPrice = 'The maximum price must not be below the minimum.';
  }
  if (errors.minPrice || errors.maxPrice) return { errors };
  return { filters: { ...draft, minPrice, maxPrice } };
}

export interface FilterPanelProps {
  open: boolean;
  onClose: () => void;
  applied: AppliedFilters;
  onApply: (filters: AppliedFilters) => void;
  categories: string[];
  brands: string[];
  id?: string;
}

export function FilterPanel(props: FilterPanelProps) {
  if (!props.open) return null;
  // Mounted per opening, so the draft starts from what is applied now.
  return createPortal(<OpenFilterPanel {...props} />, document.body);
}

function OpenFilterPanel({ onClose, applied, onApply, categories, brands, id }: FilterPanelProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [errors, setErrors] = useState<Partial<Record<'minPrice' | 'maxPrice', string>>>({});
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const fieldId = useId();
  useDialogFocus(true, panelRef, onClose);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const selectClass =
    'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600';
  const labelClass = 'block text-sm font-medium text-slate-700';

  return (
    <div className="fixed inset-0 z-50">
      <div
        data-testid="filter-overlay"
        aria-hidden="true"
        className="absolute inset-0 bg-slate-900/50"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="absolute inset-y-0 left-0 flex w-[min(20rem,88vw)] flex-col bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Filters
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close filters"
            className="rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <span aria-hidden="true" className="block h-5 w-5 text-xl leading-5">
              ×
            </span>
          </button>
        </div>
        <form
          className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const outcome = applyDraft(draft);
            if ('filters' in outcome) {
              onApply(outcome.filters);
              return;
            }
            setErrors(outcome.errors);
            // The first field in error takes the focus, its message read with it (aria-describedby).
            const first = outcome.errors.minPrice ? 'min' : 'max';
            event.currentTarget.querySelector<HTMLInputElement>(`#${CSS.escape(`${fieldId}-${first}`)}`)?.focus();
          }}
        >
          <div>
            <label className={labelClass} htmlFor={`${fieldId}-category`}>
              Category
            </label>
            <select
              id={`${fieldId}-category`}
              data-autofocus
              className={selectClass}
              value={draft.category}
              onChange={(event) => set('category', event.target.value)}
            >
              <option value="">All</option>
              {categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className={labelClass} htmlFor={`${fieldId}-brand`}>
              Brand
            </label>
            <select
              id={`${fieldId}-brand`}
              className={selectClass}
              value={draft.brand}
              onChange={(event) => set('brand', event.target.value)}
            >
              <option value="">All</option>
              {brands.map((brand) => (
                <option key={brand} value={brand}>
                  {brand}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className={labelClass} htmlFor={`${fieldId}-price`}>
              Price Range
            </label>
            <select
              id={`${fieldId}-price`}
              className={selectClass}
              value={draft.priceRange}
              onChange={(event) => set('priceRange', event.target.value as AppliedFilters['priceRange'])}
            >
              <option value="">All</option>
              {PRICE_RANGES.map((range) => (
                <option key={range} value={range}>
                  {range}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-slate-500">In rupees (₹).</p>
          </div>
          <fieldset>
            <legend className={labelClass}>Price (₹)</legend>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {(['min', 'max'] as const).map((end) => {
                const key = end === 'min' ? 'minPrice' : 'maxPrice';
                const error = errors[key];
                return (
                  <div key={end}>
                    <label className="block text-xs text-slate-600" htmlFor={`${fieldId}-${end}`}>
                      {end === 'min' ? 'Minimum' : 'Maximum'}
                    </label>
                    <input
                      id={`${fieldId}-${end}`}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder={end === 'min' ? '0' : 'Any'}
                      value={draft[key]}
                      onChange={(event) => {
                        set(key, event.target.value);
                        setErrors((current) => ({ ...current, [key]: undefined }));
                      }}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${fieldId}-${end}-error` : undefined}
                      className={`${selectClass} tabular-nums ${error ? 'border-red-600' : ''}`}
                    />
                    {error && (
                      <p id={`${fieldId}-${end}-error`} className="mt-1 text-xs text-red-700">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
          </fieldset>
          <div>
            <label className={labelClass} htmlFor={`${fieldId}-availability`}>
              Availability
            </label>
            <select
              id={`${fieldId}-availability`}
              className={selectClass}
              value={draft.availability}
              onChange={(event) => set('availability', event.target.value as AppliedFilters['availability'])}
            >
              <option value="">All</option>
              {AVAILABILITY.map((availability) => (
                <option key={availability} value={availability}>
                  {availability}
                </option>
              ))}
            </select>
          </div>
          <div className="mt-auto flex gap-2 pt-2">
            <button
              type="button"
              onClick={() => {
                setDraft(draftOf(NO_FILTERS));
                setErrors({});
              }}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100"
            >
              Clear
            </button>
            <button
              type="submit"
              className="flex-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Apply Filters
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
