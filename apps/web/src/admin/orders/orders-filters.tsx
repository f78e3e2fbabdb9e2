/**
 * The filters of the admin's Orders page (docs/shop-rules.md#admin-lists): the search (order number, name,
 * e-mail or phone) and the days placed apply when the form is sent; the status, payment status and sort lists
 * apply at once. A range that ends before it starts is refused here, with its message tied to the To field.
 */
import { ADMIN_ORDER_SORTS, ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_STATUSES } from '@pumpkart/shared';
import { useState, type FormEvent } from 'react';
import { filterButtonClass, FilterField } from '../ui/filter-field';
import { hasOrderFilters, NO_ORDER_FILTERS, ORDER_SORT_LABELS, type OrderFilters } from './orders-list-state';

export const ORDER_FILTERS_TEXT = {
  form: 'Filter orders',
  search: 'Search',
  searchHint: 'Order number, name, e-mail or phone',
  status: 'Status',
  allStatuses: 'All statuses',
  paymentStatus: 'Payment status',
  allPaymentStatuses: 'All payment statuses',
  from: 'Placed from',
  to: 'Placed to',
  sort: 'Sort by',
  apply: 'Search',
  clear: 'Clear filters',
  rangeBackwards: 'The end date is before the start date.',
} as const;

type Draft = Pick<OrderFilters, 'search' | 'from' | 'to'>;
const draftOf = ({ search, from, to }: OrderFilters): Draft => ({ search, from, to });

export function OrderFiltersForm({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [rangeError, setRangeError] = useState(false);
  // Back or a link changed the address: show its values.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDraft(draftOf(filters));
    setRangeError(false);
  }

  const backwards = (range: Draft) => Boolean(range.from && range.to && range.to < range.from);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards(draft)) {
      setRangeError(true);
      return;
    }
    onApply({ ...filters, ...draft, search: draft.search.trim() });
  };

  /** A list applies at once, keeping the typed search and dates when they are valid. */
  const applyList = (change: Partial<OrderFilters>) =>
    onApply({ ...filters, ...(backwards(draft) ? {} : draft), ...change });

  return (
    <form
      role="search"
      aria-label={ORDER_FILTERS_TEXT.form}
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
    >
      <FilterField
        type="search"
        className="sm:col-span-2 lg:col-span-3"
        label={ORDER_FILTERS_TEXT.search}
        value={draft.search}
        onChange={(search) => setDraft({ ...draft, search })}
        hint={ORDER_FILTERS_TEXT.searchHint}
      />
      <FilterField
        type="select"
        label={ORDER_FILTERS_TEXT.status}
        value={filters.status}
        onChange={(status) => applyList({ status: status as OrderFilters['status'] })}
        options={[
          { value: '', label: ORDER_FILTERS_TEXT.allStatuses },
          ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
        ]}
      />
      <FilterField
        type="select"
        label={ORDER_FILTERS_TEXT.paymentStatus}
        value={filters.paymentStatus}
        onChange={(paymentStatus) => applyList({ paymentStatus: paymentStatus as OrderFilters['paymentStatus'] })}
        options={[
          { value: '', label: ORDER_FILTERS_TEXT.allPaymentStatuses },
          ...PAYMENT_STATUSES.map((status) => ({ value: status, label: status })),
        ]}
      />
      <FilterField
        type="date"
        label={ORDER_FILTERS_TEXT.from}
        value={draft.from}
        onChange={(from) => setDraft({ ...draft, from })}
        invalid={rangeError}
      />
      <FilterField
        type="date"
        label={ORDER_FILTERS_TEXT.to}
        value={draft.to}
        min={draft.from || undefined}
        onChange={(to) => setDraft({ ...draft, to })}
        error={rangeError ? ORDER_FILTERS_TEXT.rangeBackwards : undefined}
      />
      <FilterField
        type="select"
        className="sm:col-span-2 lg:col-span-1"
        label={ORDER_FILTERS_TEXT.sort}
        value={filters.sort}
        onChange={(sort) => applyList({ sort: sort as OrderFilters['sort'] })}
        options={ADMIN_ORDER_SORTS.map((sort) => ({ value: sort, label: ORDER_SORT_LABELS[sort] }))}
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1 lg:pt-6">
        <button type="submit" className={filterButtonClass}>
          {ORDER_FILTERS_TEXT.apply}
        </button>
        {hasOrderFilters(filters) && (
          <button
            type="button"
            className={filterButtonClass}
            onClick={() => onApply({ ...NO_ORDER_FILTERS, sort: filters.sort })}
          >
            {ORDER_FILTERS_TEXT.clear}
          </button>
        )}
      </div>
    </form>
  );
}
