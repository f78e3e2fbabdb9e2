/**
 * The back office's Customers page (/admin/customers, docs/shop-rules.md#customers-page): businesses and the people in
 * no business, one row each (name, GSTIN, price list, open quotes, orders, spent, owes, last order), searched, filtered by
 * kind and sorted on the server, paged by 20, kept in the address (?search=&kind=&sort=&page=); Export CSV downloads
 * the filtered list; View opens a customer's people, outlets and recent orders.
 */
import { CUSTOMER_KINDS, CUSTOMER_SORTS, type CustomerDto } from '@pumpkart/shared';
import { useState } from 'react';
import { formatDate, orDash, rupees } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { CsvExportButton } from '../ui/csv-export-button';
import { Pager } from '../ui/pager';
import { choiceParam, pageParam, tableSpec, textParam, useTableState, type StateOf } from '../ui/use-table-state';
import { CustomerDetailModal } from './customer-detail-modal';
import { priceListText } from './customer-text';
import { fetchCustomersCsv, useGetCustomersQuery } from './customers-api';

const PAGE_SIZE = 20;

const CUSTOMERS_TABLE = tableSpec({
  params: {
    search: textParam(100),
    kind: choiceParam(CUSTOMER_KINDS),
    sort: choiceParam(CUSTOMER_SORTS, 'newest'),
    page: pageParam(),
  },
});
type CustomersView = StateOf<typeof CUSTOMERS_TABLE>;

/** The view as the server takes it: an empty kind is no filter. */
const listParams = (view: CustomersView) => ({ ...view, kind: view.kind || undefined });

const SORT_TEXT: Record<(typeof CUSTOMER_SORTS)[number], string> = {
  newest: 'Newest first',
  name_asc: 'Name, A to Z',
  name_desc: 'Name, Z to A',
  spent_desc: 'Spent, most first',
  owes_desc: 'Owes, most first',
  last_order_desc: 'Last order, latest first',
};

const fieldClass = 'rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm';

function Filters({ view, onApply }: { view: CustomersView; onApply: (change: Partial<CustomersView>) => void }) {
  const [search, setSearch] = useState(view.search);
  return (
    <form
      role="search"
      aria-label="Customers"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ search: search.trim(), page: 1 });
      }}
    >
      <label className="flex min-w-56 flex-1 flex-col text-sm font-medium text-slate-800">
        Search
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name, e-mail, phone or GSTIN"
          className={`mt-1 ${fieldClass}`}
        />
      </label>
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Kind
        <select
          value={view.kind}
          onChange={(event) => onApply({ kind: event.target.value as CustomersView['kind'], page: 1 })}
          className={`mt-1 ${fieldClass}`}
        >
          <option value="">Businesses and people</option>
          <option value="business">Businesses</option>
          <option value="person">People</option>
        </select>
      </label>
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Sort
        <select
          value={view.sort}
          onChange={(event) => onApply({ sort: event.target.value as CustomersView['sort'], page: 1 })}
          className={`mt-1 ${fieldClass}`}
        >
          {CUSTOMER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_TEXT[sort]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Search
      </button>
    </form>
  );
}

export function CustomersPage() {
  const { state: view, change } = useTableState(CUSTOMERS_TABLE);
  const [viewing, setViewing] = useState<CustomerDto | null>(null);
  const query = useGetCustomersQuery({ ...listParams(view), limit: PAGE_SIZE });
  const data = query.currentData;

  const columns: Column<CustomerDto>[] = [
    {
      header: 'Customer',
      cell: (row) => (
        <span>
          <span className="block font-medium text-slate-900">{row.name}</span>
          <span className="block text-xs text-slate-700">
            {row.kind === 'business'
              ? `Business · ${row.people} ${row.people === 1 ? 'person' : 'people'} · ${row.outlets} ${row.outlets === 1 ? 'outlet' : 'outlets'}`
              : [row.email, row.phone].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    },
    { header: 'GSTIN', cell: (row) => <span className="font-mono text-xs">{orDash(row.gstin)}</span> },
    { header: 'Price list', cell: (row) => priceListText(row) },
    { header: 'Quotes', cell: (row) => row.quotes },
    { header: 'Orders', cell: (row) => row.orders },
    { header: 'Spent', cell: (row) => rupees(row.spent) },
    {
      header: 'Owes',
      cell: (row) =>
        row.owes > 0 ? <span className="font-semibold text-amber-900">{rupees(row.owes)}</span> : rupees(0),
    },
    { header: 'Last order', cell: (row) => (row.lastOrderAt ? formatDate(row.lastOrderAt) : '—') },
    {
      header: 'View',
      cell: (row) => (
        <button
          type="button"
          onClick={() => setViewing(row)}
          aria-label={`View ${row.name}`}
          className="rounded-lg bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
        >
          View
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Customers">
        <CsvExportButton
          fetchCsv={() => fetchCustomersCsv(listParams(view))}
          fallbackName="customers.csv"
          what="the customers"
          title="The customers of these filters, in this order"
        />
      </PageHeader>
      <div className="space-y-5">
        <Filters key={view.search} view={view} onApply={change} />
        {query.isError && !query.isFetching && <ErrorText text="Could not load the customers." />}
        {!data && !query.isError && <LoadingText text="Loading customers..." />}
        {data && (
          <div className="space-y-3">
            <DataTable
              title="Customers"
              columns={columns}
              rows={data.data}
              count={data.total}
              rowKey={(row) => `${row.kind}:${row._id}`}
              emptyText="No customers found."
            />
            <Pager
              label="Pages of customers"
              noun="customers"
              page={view.page}
              pageSize={PAGE_SIZE}
              total={data.total}
              rows={data.data.length}
              onPage={(page) => change({ page })}
            />
          </div>
        )}
      </div>
      {viewing && <CustomerDetailModal customer={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
