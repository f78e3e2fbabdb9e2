/**
 * Admin E-invoices (/admin/einvoices, docs/shop-rules.md#e-invoicing): the B2B invoices and credit notes reported
 * to the Invoice Registration Portal, newest first, with where each stands: waiting for its IRN (with the portal's
 * last answer and a button to send it now), registered (IRN, acknowledgement; its IRN may be cancelled within 24
 * hours) or cancelled. The header says which portal is in use and whether the store's switch is on.
 */
import { EINVOICE_STATUSES, toRupees, type EinvoiceDto, type EinvoiceStatusValue } from '@pumpkart/shared';
import { useState } from 'react';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { EmptyState, LoadFailed } from '../../ui/page-states';
import { formatDateTime, rupees } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { FilterField } from '../ui/filter-field';
import { LoadingText, PageHeader } from '../ui/page-header';
import { CancelIrnDialog } from './cancel-irn-dialog';
import { useCancelIrnMutation, useGetEinvoicesQuery, useRetryEinvoiceMutation } from './einvoices-api';

export const EINVOICES_TEXT = {
  title: 'E-invoices',
  intro:
    'B2B invoices and credit notes reported to the Invoice Registration Portal (times in India). A document is ' +
    'final once the portal registers it; one the portal could not take waits here and is sent again by itself.',
  sandbox: 'Portal: the built-in sandbox (no real IRNs). Set IRP_PROVIDER=gsp to report to the real portal.',
  gsp: 'Portal: NIC through your GST Suvidha Provider.',
  off: 'E-invoicing is off in Settings: new documents are not reported.',
  table: 'Reported documents',
  loading: 'Loading e-invoices...',
  loadFailed: 'Could not load the e-invoices.',
  empty: 'No e-invoices yet.',
  emptyHint: 'B2B invoices and credit notes appear here once e-invoicing is on in Settings.',
  noMatch: 'No e-invoices with this status.',
  status: 'Status',
  allStatuses: 'All statuses',
  sendNow: 'Send now',
  cancelIrn: 'Cancel IRN',
  retryFailed: 'The document could not be sent.',
  statuses: { pending: 'Waiting for IRN', registered: 'Registered', cancelled: 'IRN cancelled' },
} as const;

const STATUS_STYLES: Record<EinvoiceStatusValue, string> = {
  pending: 'bg-amber-100 text-amber-900',
  registered: 'bg-green-100 text-green-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

function StatusBadge({ status }: { status: EinvoiceStatusValue }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status]}`}>
      {EINVOICES_TEXT.statuses[status]}
    </span>
  );
}

const actionClass =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60';

export function EinvoicesPage() {
  const [status, setStatus] = useState<EinvoiceStatusValue | ''>('');
  const list = useGetEinvoicesQuery({ status: status || undefined });
  const data = list.currentData;
  const [retry, retrying] = useRetryEinvoiceMutation();
  const [cancelIrn] = useCancelIrnMutation();
  const [cancelling, setCancelling] = useState<EinvoiceDto | null>(null);
  const notify = useNotify();

  const sendNow = async (einvoice: EinvoiceDto) => {
    try {
      const answer = await retry(einvoice.id).unwrap();
      if (answer.status !== 'registered') notify(answer.error ?? EINVOICES_TEXT.retryFailed, 'error');
    } catch (error) {
      notify(errorMessage(error, EINVOICES_TEXT.retryFailed), 'error');
    }
  };

  const columns: Column<EinvoiceDto>[] = [
    {
      header: 'Document',
      cell: (row) => (
        <span className="block">
          <span className="font-medium text-slate-900">{row.number}</span>
          <span className="block text-xs text-slate-600">
            {row.kind === 'invoice' ? 'Invoice' : 'Credit note'} · {formatDateTime(row.issuedAt)}
          </span>
        </span>
      ),
    },
    {
      header: 'Buyer',
      cell: (row) => (
        <span className="block max-w-48 whitespace-normal">
          {row.buyerName}
          <span className="block font-mono text-xs text-slate-600">{row.buyerGstin}</span>
        </span>
      ),
    },
    { header: 'Total', cell: (row) => rupees(toRupees(row.totalPaise)) },
    { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    {
      header: 'IRN and acknowledgement',
      cell: (row) =>
        row.irn ? (
          <span className="block w-56 whitespace-normal">
            <span className="block break-all font-mono text-xs text-slate-800">{row.irn}</span>
            <span className="block text-xs text-slate-600">
              Ack {row.ackNo} · {formatDateTime(row.ackDate)}
            </span>
          </span>
        ) : (
          <span className="block w-56 whitespace-normal break-words text-xs text-red-800">
            {row.error ?? `Attempts: ${row.attempts}`}
          </span>
        ),
    },
    {
      header: 'Action',
      cell: (row) => {
        if (row.status === 'pending') {
          return (
            <button
              type="button"
              className={actionClass}
              disabled={retrying.isLoading}
              onClick={() => void sendNow(row)}
            >
              {EINVOICES_TEXT.sendNow}
            </button>
          );
        }
        if (row.cancellableUntil) {
          return (
            <button type="button" className={actionClass} onClick={() => setCancelling(row)}>
              {EINVOICES_TEXT.cancelIrn}
            </button>
          );
        }
        return row.cancelledAt ? (
          <span className="text-xs text-slate-600">{formatDateTime(row.cancelledAt)}</span>
        ) : (
          '—'
        );
      },
    },
  ];

  let body;
  if (list.isError && !list.isFetching) {
    body = <LoadFailed message={EINVOICES_TEXT.loadFailed} onRetry={() => void list.refetch()} />;
  } else if (!data) {
    body = <LoadingText text={EINVOICES_TEXT.loading} />;
  } else if (data.items.length === 0 && !status) {
    body = (
      <EmptyState message={EINVOICES_TEXT.empty}>
        <p className="text-sm text-slate-600">{EINVOICES_TEXT.emptyHint}</p>
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        title={EINVOICES_TEXT.table}
        columns={columns}
        rows={data.items}
        rowKey={(row) => row.id}
        emptyText={EINVOICES_TEXT.noMatch}
      />
    );
  }

  return (
    <div>
      <PageHeader title={EINVOICES_TEXT.title} />
      <p className="-mt-3 mb-2 max-w-3xl text-sm text-slate-600">{EINVOICES_TEXT.intro}</p>
      {data && (
        <p className="mb-5 max-w-3xl text-sm font-medium text-slate-800">
          {data.provider === 'sandbox' ? EINVOICES_TEXT.sandbox : EINVOICES_TEXT.gsp}
          {!data.enabled && <span className="block text-amber-900">{EINVOICES_TEXT.off}</span>}
        </p>
      )}
      <div className="space-y-5">
        <div className="max-w-xs rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <FilterField
            type="select"
            label={EINVOICES_TEXT.status}
            value={status}
            onChange={(value) => setStatus(value as EinvoiceStatusValue | '')}
            options={[
              { value: '', label: EINVOICES_TEXT.allStatuses },
              ...EINVOICE_STATUSES.map((value) => ({ value, label: EINVOICES_TEXT.statuses[value] })),
            ]}
          />
        </div>
        {body}
      </div>
      {cancelling && (
        <CancelIrnDialog
          einvoice={cancelling}
          onCancel={(input) => cancelIrn({ id: cancelling.id, ...input }).unwrap()}
          onClose={() => setCancelling(null)}
        />
      )}
    </div>
  );
}
