/**
 * Admin payments (/admin/PaymentInfo, labelled Payments, docs/shop-rules.md#admin-lists): the COD Payments and
 * Online Payments tables (Order, Customer, Mode, Status, Amount, Date, Txn ID for online only, View), each paged
 * on the server, with filters (status, mode, the days of creation, a search for a gateway id or the order number)
 * and an order, all kept in the address (payment-view.ts); and the detail modal.
 */
import { MESSAGES, PAYMENT_STATUSES, type PaymentDto, type PaymentMode } from '@pumpkart/shared';
import { useId, useState, type FormEvent } from 'react';
import { useGetPaymentsQuery } from '../admin-api';
import { formatDate, orDash, rupees, shortId } from '../lib/format';
import { modeLabel, PaymentStatusBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { useTableState } from '../ui/use-table-state';
import { PaymentDetailModal } from './payment-detail-modal';
import {
  hasFilters,
  listParams,
  NO_FILTERS,
  paymentCustomer,
  paymentOrderId,
  PAYMENTS_PAGE_SIZE,
  readPaymentsView,
  shownModes,
  writePaymentsView,
  type PaymentFilters,
  type PaymentsView,
} from './payment-view';

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

const SORT_LABELS: Record<PaymentFilters['sort'], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount_desc: 'Amount: high to low',
  amount_asc: 'Amount: low to high',
};
const TABLES: Record<PaymentMode, { title: string; noun: string }> = {
  cod: { title: 'COD Payments', noun: 'COD payments' },
  online: { title: 'Online Payments', noun: 'online payments' },
};
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const labelClass = 'block text-sm font-medium text-slate-700';
const fieldClass = 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

/** The lists apply at once; the days and the search when the form is sent. */
function Filters({ filters, onApply }: { filters: PaymentFilters; onApply: (filters: PaymentFilters) => void }) {
  const id = useId();
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

  const apply = (next: Partial<PaymentFilters>) => {
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
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          {PAYMENTS_TEXT.status}
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => apply({ status: event.target.value as PaymentFilters['status'] })}
          className={fieldClass}
        >
          <option value="">{PAYMENTS_TEXT.allStatuses}</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {capitalised(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-mode`} className={labelClass}>
          {PAYMENTS_TEXT.mode}
        </label>
        <select
          id={`${id}-mode`}
          value={filters.mode}
          onChange={(event) => apply({ mode: event.target.value as PaymentFilters['mode'] })}
          className={fieldClass}
        >
          <option value="">{PAYMENTS_TEXT.allModes}</option>
          <option value="cod">{modeLabel('cod')}</option>
          <option value="online">{modeLabel('online')}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          {PAYMENTS_TEXT.from}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          {PAYMENTS_TEXT.to}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-to-error` : undefined}
          className={fieldClass}
        />
        {error && (
          <p id={`${id}-to-error`} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className={labelClass}>
          {PAYMENTS_TEXT.sort}
        </label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => apply({ sort: event.target.value as PaymentFilters['sort'] })}
          className={fieldClass}
        >
          {Object.entries(SORT_LABELS).map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2 lg:col-span-3">
        <label htmlFor={`${id}-search`} className={labelClass}>
          {PAYMENTS_TEXT.search}
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
          {PAYMENTS_TEXT.searchHint}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:col-span-2 lg:pt-6">
        <button type="submit" className={buttonClass}>
          {PAYMENTS_TEXT.apply}
        </button>
        {hasFilters(filters) && (
          <button type="button" className={buttonClass} onClick={() => onApply({ ...NO_FILTERS, sort: filters.sort })}>
            {PAYMENTS_TEXT.clear}
          </button>
        )}
      </div>
    </form>
  );
}

/** One mode's table and its pager, or nothing until its page has come. */
function PaymentsTable({
  mode,
  view,
  columns,
  onPage,
}: {
  mode: PaymentMode;
  view: PaymentsView;
  columns: Column<PaymentDto>[];
  onPage: (page: number) => void;
}) {
  // The rows of the page and filters on screen only, never those asked for before.
  const data = useGetPaymentsQuery(listParams(mode, view)).currentData;
  if (!data) return null;
  const { title, noun } = TABLES[mode];
  return (
    <div className="space-y-3">
      <DataTable
        title={title}
        columns={columns}
        rows={data.data}
        count={data.total}
        rowKey={(payment) => payment._id}
        emptyText={MESSAGES.noPaymentsFound}
      />
      <Pager
        label={`Pages of ${noun}`}
        noun={noun}
        page={view.pages[mode]}
        pageSize={PAYMENTS_PAGE_SIZE}
        total={data.total}
        rows={data.data.length}
        onPage={onPage}
      />
    </div>
  );
}

/** The loading and failure lines of the tables shown: loading until every table has its page. */
function LoadState({ view }: { view: PaymentsView }) {
  const modes = shownModes(view.filters);
  const cod = useGetPaymentsQuery(listParams('cod', view), { skip: !modes.includes('cod') });
  const online = useGetPaymentsQuery(listParams('online', view), { skip: !modes.includes('online') });
  const shown = [cod, online].filter((_, index) => modes.includes(index === 0 ? 'cod' : 'online'));
  if (shown.some((list) => list.isError && !list.isFetching)) return <ErrorText text={MESSAGES.paymentsLoadFailed} />;
  if (shown.some((list) => !list.currentData)) return <LoadingText text="Loading payments..." />;
  return null;
}

export function PaymentsPage() {
  const { state: view, show } = useTableState(readPaymentsView, writePaymentsView);
  const [viewing, setViewing] = useState<PaymentDto | null>(null);
  const modes = shownModes(view.filters);

  const viewButton: Column<PaymentDto> = {
    header: 'View',
    cell: (payment) => (
      <button
        type="button"
        onClick={() => setViewing(payment)}
        aria-label={`View payment for order ${shortId(paymentOrderId(payment))}`}
        className="rounded-lg bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
      >
        View
      </button>
    ),
  };
  const common: Column<PaymentDto>[] = [
    { header: 'Order', cell: (payment) => <span className="font-mono">{shortId(paymentOrderId(payment))}</span> },
    { header: 'Customer', cell: (payment) => orDash(paymentCustomer(payment).name) },
    { header: 'Mode', cell: (payment) => modeLabel(payment.mode) },
    { header: 'Status', cell: (payment) => <PaymentStatusBadge status={payment.status} /> },
    { header: 'Amount', cell: (payment) => rupees(payment.amount) },
    { header: 'Date', cell: (payment) => formatDate(payment.createdAt) },
  ];
  const txnId: Column<PaymentDto> = {
    header: 'Txn ID',
    cell: (payment) => <span className="font-mono text-xs">{orDash(payment.transactionId)}</span>,
  };
  const columns: Record<PaymentMode, Column<PaymentDto>[]> = {
    cod: [...common, viewButton],
    online: [...common, txnId, viewButton],
  };

  return (
    <div>
      <PageHeader title="Payments" />
      <div className="space-y-5">
        {/* A new filter or order starts both tables again at their first page. */}
        <Filters filters={view.filters} onApply={(filters) => show({ filters, pages: { cod: 1, online: 1 } })} />
        <LoadState view={view} />
        {modes.map((mode) => (
          <PaymentsTable
            key={mode}
            mode={mode}
            view={view}
            columns={columns[mode]}
            onPage={(page) => show({ ...view, pages: { ...view.pages, [mode]: page } })}
          />
        ))}
      </div>
      {viewing && <PaymentDetailModal payment={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
