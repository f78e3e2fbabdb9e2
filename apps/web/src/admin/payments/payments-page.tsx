/**
 * Admin payments (/admin/PaymentInfo, labelled Payments, docs/shop-rules.md#admin-lists): the COD Payments and
 * Online Payments tables (Order, Customer, Mode, Status, Amount, Date, Txn ID for online only, View), each paged
 * on the server, with filters (status, mode, the days of creation, a search for a gateway id or the order number)
 * and an order (payment-filters.tsx), all kept in the address (PAYMENTS_TABLE in payment-view.ts); and the detail modal.
 */
import { MESSAGES, type PaymentDto, type PaymentMode } from '@pumpkart/shared';
import { useState } from 'react';
import { useGetPaymentsQuery } from './payments-api';
import { formatDate, orDash, rupees, shortId } from '../lib/format';
import { modeLabel, PaymentStatusBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { useTableState } from '../ui/use-table-state';
import { PaymentDetailModal } from './payment-detail-modal';
import { PaymentFilters } from './payment-filters';

export { PAYMENTS_TEXT } from './payment-filters';
import {
  listParams,
  paymentCustomer,
  paymentOrderId,
  PAGE_KEY,
  PAYMENTS_PAGE_SIZE,
  PAYMENTS_TABLE,
  shownModes,
  type PaymentsView,
} from './payment-view';

const TABLES: Record<PaymentMode, { title: string; noun: string }> = {
  cod: { title: 'COD Payments', noun: 'COD payments' },
  online: { title: 'Online Payments', noun: 'online payments' },
  bank: { title: 'Bank Transfer Payments', noun: 'bank transfer payments' },
};

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
        page={view[PAGE_KEY[mode]]}
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
  const modes = shownModes(view);
  const cod = useGetPaymentsQuery(listParams('cod', view), { skip: !modes.includes('cod') });
  const online = useGetPaymentsQuery(listParams('online', view), { skip: !modes.includes('online') });
  const shown = [cod, online].filter((_, index) => modes.includes(index === 0 ? 'cod' : 'online'));
  if (shown.some((list) => list.isError && !list.isFetching)) return <ErrorText text={MESSAGES.paymentsLoadFailed} />;
  if (shown.some((list) => !list.currentData)) return <LoadingText text="Loading payments..." />;
  return null;
}

export function PaymentsPage() {
  const { state: view, change } = useTableState(PAYMENTS_TABLE);
  const [viewing, setViewing] = useState<PaymentDto | null>(null);
  const modes = shownModes(view);

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
    // What was received so far by confirmed transfers (docs/shop-rules.md#bank-transfer).
    bank: [...common, { header: 'Received', cell: (payment) => rupees(payment.order.received) }, viewButton],
  };

  return (
    <div>
      <PageHeader title="Payments" />
      <div className="space-y-5">
        {/* A new filter or order starts both tables again at their first page. */}
        <PaymentFilters
          filters={view}
          onApply={(filters) => change({ ...filters, codPage: 1, onlinePage: 1, bankPage: 1 })}
        />
        <LoadState view={view} />
        {modes.map((mode) => (
          <PaymentsTable
            key={mode}
            mode={mode}
            view={view}
            columns={columns[mode]}
            onPage={(page) => change({ [PAGE_KEY[mode]]: page })}
          />
        ))}
      </div>
      {viewing && <PaymentDetailModal payment={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
