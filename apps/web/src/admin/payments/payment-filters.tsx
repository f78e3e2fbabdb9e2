/**
 * The Payments page's filters (docs/shop-rules.md#admin-lists): status, mode and the sort apply at once; the days
 * of creation and the search (a gateway id or the order number) when the form is sent. A To day before the From
 * day is refused beside the field.
 */
import { PAYMENT_STATUSES } from '@pumpkart/shared';
import { useState, type FormEvent } from 'react';
import { modeLabel } from '../ui/badges';
import { filterButtonClass, FilterField } from '../ui/filter-field';
import { hasFilters, NO_FILTERS, type PaymentFilters as Filters } from './payment-view';

export const PAYMENTS_TEXT = {
  filters: 'Filter payments',
  status: 'Status',
  allStatuses: 'All statuses',
  mode: 'Mode',
  allModes: 'All modes',
  from: 'From',
  to: 'To',
  toBeforeFrom: 'To must not be before From.',
  search: 'Search',
  searchHint: 'Transaction ID, gateway order ID or order number',
  sort: 'Sort by',
  apply: 'Search',
  clear: 'Clear filters',
} as const;

const SORT_LABELS: Record<Filters['sort'], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount_desc: 'Amount: high to low',
  amount_asc: 'Amount: low to high',
};
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The lists apply at once; the days and the search when the form is sent. */
export function PaymentFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const typed = { from: filters.from, to: filters.to, search: filters.search };
  const [draft, setDraft] = useState(typed);
  const [error, setError] = useState('');
  // Back or a link changed the address: show its values.
  const [shown, setShown] = useState(typed);
  if (shown.from !== typed.from || shown.to !== typed.to || shown.search !== typed.search) {
    setShown(typed);
    setDraft(typed);
    setError('');
  }

  const apply = (next: Partial<Filters>) => {
    const merged = { ...filters, ...draft, search: draft.search.trim(), ...next };
    if (merged.from && merged.to && merged.to < merged.from) {
      setError(PAYMENTS_TEXT.toBeforeFrom);
      return;
    }
    setError('');
    onApply(merged);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({});
  };

  return (
    <form
      role="search"
      aria-label={PAYMENTS_TEXT.filters}
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
    >
      <FilterField
        type="select"
        label={PAYMENTS_TEXT.status}
        value={filters.status}
        onChange={(status) => apply({ status: status as Filters['status'] })}
        options={[
          { value: '', label: PAYMENTS_TEXT.allStatuses },
          ...PAYMENT_STATUSES.map((status) => ({ value: status, label: capitalised(status) })),
        ]}
      />
      <FilterField
        type="select"
        label={PAYMENTS_TEXT.mode}
        value={filters.mode}
        onChange={(mode) => apply({ mode: mode as Filters['mode'] })}
        options={[
          { value: '', label: PAYMENTS_TEXT.allModes },
          { value: 'cod', label: modeLabel('cod') },
          { value: 'online', label: modeLabel('online') },
        ]}
      />
      <FilterField
        type="date"
        label={PAYMENTS_TEXT.from}
        value={draft.from}
        onChange={(from) => setDraft({ ...draft, from })}
      />
      <FilterField
        type="date"
        label={PAYMENTS_TEXT.to}
        value={draft.to}
        min={draft.from || undefined}
        onChange={(to) => setDraft({ ...draft, to })}
        error={error || undefined}
      />
      <FilterField
        type="select"
        label={PAYMENTS_TEXT.sort}
        value={filters.sort}
        onChange={(sort) => apply({ sort: sort as Filters['sort'] })}
        options={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <FilterField
        type="search"
        className="sm:col-span-2 lg:col-span-3"
        label={PAYMENTS_TEXT.search}
        value={draft.search}
        onChange={(search) => setDraft({ ...draft, search })}
        hint={PAYMENTS_TEXT.searchHint}
      />
      <div className="flex flex-wrap items-start gap-2 sm:col-span-2 lg:pt-6">
        <button type="submit" className={filterButtonClass}>
          {PAYMENTS_TEXT.apply}
        </button>
        {hasFilters(filters) && (
          <button
            type="button"
            className={filterButtonClass}
            onClick={() => onApply({ ...NO_FILTERS, sort: filters.sort })}
          >
            {PAYMENTS_TEXT.clear}
          </button>
        )}
      </div>
    </form>
  );
}
