/**
 * Admin Quotes (/admin/quotes, docs/shop-rules.md#quotes): every request for quote, newest first, 20 a page, with
 * a status filter and a search (the buyer's name, e-mail or business, or the 6-character quote number). The page
 * and the filters live in the address (useTableState), so Back and a reload keep them. A row opens its quote.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatPrice, QUOTE_DISPLAY_STATUSES, type QuoteSummary } from '@pumpkart/shared';
import { EmptyState, LoadFailed } from '../../ui/page-states';
import { useGetAdminQuotesQuery } from './admin-quotes-api';
import { formatDay, QUOTE_STATUS_LABELS, QuoteStatusBadge } from '../../shop/quotes/quote-parts';
import { formatDateTime } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { filterButtonClass, FilterField } from '../ui/filter-field';
import { LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { choiceParam, pageParam, tableSpec, textParam, useTableState, type StateOf } from '../ui/use-table-state';

const PAGE_SIZE = 20;
const QUOTES_TABLE = tableSpec({
  params: { page: pageParam(), status: choiceParam(QUOTE_DISPLAY_STATUSES), search: textParam(100) },
});
type Filters = Pick<StateOf<typeof QUOTES_TABLE>, 'status' | 'search'>;
const NO_FILTERS: Filters = { status: '', search: '' };

function QuoteFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState(filters.search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...filters, search: draft });
  };
  return (
    <form
      role="search"
      aria-label="Filter quotes"
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[12rem_1fr_auto]"
    >
      <FilterField
        type="select"
        label="Status"
        value={filters.status}
        onChange={(status) => onApply({ search: draft, status: status as Filters['status'] })}
        options={[
          { value: '', label: 'All statuses' },
          ...QUOTE_DISPLAY_STATUSES.map((status) => ({ value: status, label: QUOTE_STATUS_LABELS[status] })),
        ]}
      />
      <FilterField
        type="search"
        label="Search"
        value={draft}
        maxLength={100}
        onChange={setDraft}
        hint="Buyer, e-mail, business or quote number"
      />
      <div className="flex flex-wrap items-start gap-2 sm:pt-6">
        <button type="submit" className={filterButtonClass}>
          Search
        </button>
        {(filters.status || filters.search) && (
          <button
            type="button"
            className={filterButtonClass}
            onClick={() => {
              setDraft('');
              onApply(NO_FILTERS);
            }}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

export function AdminQuotesPage() {
  const { state, change } = useTableState(QUOTES_TABLE);
  const list = useGetAdminQuotesQuery({
    page: state.page,
    limit: PAGE_SIZE,
    status: state.status || undefined,
    search: state.search.trim() || undefined,
  });
  const data = list.currentData;
  const columns: Column<QuoteSummary>[] = [
    {
      header: 'Quote',
      cell: (quote) => (
        <Link to={`${quote._id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          #{quote.number}
        </Link>
      ),
    },
    { header: 'Asked', cell: (quote) => formatDateTime(quote.createdAt) },
    {
      header: 'Buyer',
      cell: (quote) => (
        <span className="block max-w-56 whitespace-normal break-words">
          {quote.customerName}
          <span className="block text-xs text-slate-600">{quote.businessName ?? quote.customerEmail}</span>
        </span>
      ),
    },
    { header: 'Lines', cell: (quote) => quote.lineCount },
    { header: 'Total', cell: (quote) => (quote.total === null ? '—' : formatPrice(quote.total)) },
    { header: 'Valid until', cell: (quote) => (quote.validUntil ? formatDay(quote.validUntil) : '—') },
    { header: 'Status', cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
  ];
  const filtered = Boolean(state.status || state.search);
  let body;
  if (list.isError && !list.isFetching) {
    body = <LoadFailed message="Could not load the quotes." onRetry={() => void list.refetch()} />;
  } else if (!data) {
    body = <LoadingText text="Loading quotes..." />;
  } else if (data.pagination.total === 0 && !filtered) {
    body = <EmptyState message="No requests for quote yet." />;
  } else {
    body = (
      <div className="space-y-3">
        <DataTable
          title="Quotes on this page"
          columns={columns}
          rows={data.data}
          rowKey={(quote) => quote._id}
          emptyText={data.pagination.total === 0 ? 'No quotes match these filters.' : 'No quotes on this page.'}
        />
        <Pager
          label="Pages of quotes"
          noun="quotes"
          page={state.page}
          pageSize={PAGE_SIZE}
          total={data.pagination.total}
          onPage={(page) => change({ page })}
        />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title="Quotes" />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600">
        Requests for quote from buyers: price each line, set the delivery charge, validity and payment terms, and send.
        A revision replaces the version the buyer has.
      </p>
      <div className="space-y-5">
        <QuoteFilters filters={state} onApply={(filters) => change({ ...filters, page: 1 })} />
        {body}
      </div>
    </div>
  );
}
