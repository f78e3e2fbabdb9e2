/**
 * The filters of the admin's Orders page (docs/shop-rules.md#admin-lists): the search (order number, name,
 * e-mail or phone) and the days placed apply when the form is sent; the status, payment status and sort lists
 * apply at once. A range that ends before it starts is refused here, with its message tied to the field.
 */
import { ADMIN_ORDER_SORTS, ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_STATUSES } from '@pumpkart/shared';
import { useId, useState, type FormEvent } from 'react';
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

const fieldClass = 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const labelClass = 'block text-sm font-medium text-slate-700';
const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

type Draft = Pick<OrderFilters, 'search' | 'from' | 'to'>;
const draftOf = ({ search, from, to }: OrderFilters): Draft => ({ search, from, to });

export function OrderFiltersForm({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
}) {
  const id = useId();
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

  const errorId = `${id}-range-error`;
  return (
    <form
      role="search"
      aria-label={ORDER_FILTERS_TEXT.form}
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
    >
      <div className="sm:col-span-2 lg:col-span-3">
        <label htmlFor={`${id}-search`} className={labelClass}>
          {ORDER_FILTERS_TEXT.search}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={draft.search}
          maxLength={100}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
          aria-describedby={`${id}-search-hint`}
          autoComplete="off"
          className={fieldClass}
        />
        <p id={`${id}-search-hint`} className="mt-1 text-xs text-slate-600">
          {ORDER_FILTERS_TEXT.searchHint}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          {ORDER_FILTERS_TEXT.status}
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => applyList({ status: event.target.value as OrderFilters['status'] })}
          className={fieldClass}
        >
          <option value="">{ORDER_FILTERS_TEXT.allStatuses}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-payment`} className={labelClass}>
          {ORDER_FILTERS_TEXT.paymentStatus}
        </label>
        <select
          id={`${id}-payment`}
          value={filters.paymentStatus}
          onChange={(event) => applyList({ paymentStatus: event.target.value as OrderFilters['paymentStatus'] })}
          className={fieldClass}
        >
          <option value="">{ORDER_FILTERS_TEXT.allPaymentStatuses}</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          {ORDER_FILTERS_TEXT.from}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          aria-invalid={rangeError || undefined}
          aria-describedby={rangeError ? errorId : undefined}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          {ORDER_FILTERS_TEXT.to}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          aria-invalid={rangeError || undefined}
          aria-describedby={rangeError ? errorId : undefined}
          className={fieldClass}
        />
      </div>
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-sort`} className={labelClass}>
          {ORDER_FILTERS_TEXT.sort}
        </label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => applyList({ sort: event.target.value as OrderFilters['sort'] })}
          className={fieldClass}
        >
          {ADMIN_ORDER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {ORDER_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1 lg:pt-6">
        <button type="submit" className={buttonClass}>
          {ORDER_FILTERS_TEXT.apply}
        </button>
        {hasOrderFilters(filters) && (
          <button
            type="button"
            className={buttonClass}
            onClick={() => onApply({ ...NO_ORDER_FILTERS, sort: filters.sort })}
          >
            {ORDER_FILTERS_TEXT.clear}
          </button>
        )}
        {rangeError && (
          <p id={errorId} role="alert" className="w-full text-sm text-red-700">
            {ORDER_FILTERS_TEXT.rangeBackwards}
          </p>
        )}
      </div>
    </form>
  );
}
