/**
 * Admin payments (/admin/PaymentInfo, labelled Payments): the COD Payments and
 * Online Payments tables (Order, Customer, Mode, Status, Amount, Date, Txn ID for online only, View)
 * and the detail modal.
 */
import { MESSAGES, type PaymentDto } from '@pumpkart/shared';
import { useState } from 'react';
import { useGetPaymentsQuery } from '../../api/shop-api';
import { formatDate, orDash, rupees, shortId } from '../lib/format';
import { modeLabel, PaymentStatusBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { PaymentDetailModal } from './payment-detail-modal';
import { paymentCustomer, paymentOrderId } from './payment-view';

export function PaymentsPage() {
  const payments = useGetPaymentsQuery();
  const [viewing, setViewing] = useState<PaymentDto | null>(null);

  const list = payments.data ?? [];
  const codPayments = list.filter((payment) => payment.mode === 'cod');
  const onlinePayments = list.filter((payment) => payment.mode !== 'cod');

  const view: Column<PaymentDto> = {
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

  return (
    <div>
      <PageHeader title="Payments" />
      {payments.isLoading && <LoadingText text="Loading payments..." />}
      {payments.isError && <ErrorText text={MESSAGES.paymentsLoadFailed} />}
      {payments.data && (
        <div className="mt-4 space-y-6">
          <DataTable
            title="COD Payments"
            columns={[...common, view]}
            rows={codPayments}
            rowKey={(payment) => payment._id}
            emptyText={MESSAGES.noPaymentsFound}
          />
          <DataTable
            title="Online Payments"
            columns={[...common, txnId, view]}
            rows={onlinePayments}
            rowKey={(payment) => payment._id}
            emptyText={MESSAGES.noPaymentsFound}
          />
        </div>
      )}
      {viewing && <PaymentDetailModal payment={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
