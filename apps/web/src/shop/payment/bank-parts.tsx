/**
 * The pieces of a bank-transfer order (docs/shop-rules.md#bank-transfer) that the buyer's order page and the back
 * office's order detail both show: the store's bank details (account number and IFSC copyable), the terms with
 * what was received and what is due now, and the transfers with their status.
 */
import { useState } from 'react';
import {
  formatPrice,
  TRANSFER_STATUS_LABELS,
  type BankTransferDto,
  type OrderTransfersResponse,
  type TransferStatus,
} from '@pumpkart/shared';

type BankDetails = NonNullable<OrderTransfersResponse['bank']>;

const STATUS_CLASS: Record<TransferStatus, string> = {
  opened: 'bg-slate-100 text-slate-700',
  recorded: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  returned: 'bg-slate-200 text-slate-800',
};

/** A value with a Copy button; the button says Copied once the clipboard took it. */
function Copyable({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure page): the value stays selectable on screen.
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="select-all font-mono">{value}</span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy the ${label}`}
        className="rounded border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100"
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

export function BankDetailsList({ bank }: { bank: BankDetails }) {
  const rows: [string, React.ReactNode][] = [
    ['Account name', bank.accountName],
    ['Account number', <Copyable key="number" label="account number" value={bank.accountNumber} />],
    ['IFSC', <Copyable key="ifsc" label="IFSC" value={bank.ifsc} />],
    ['Bank and branch', bank.bankBranch],
    ...(bank.upiId
      ? [['UPI ID', <Copyable key="upi" label="UPI ID" value={bank.upiId} />] as [string, React.ReactNode]]
      : []),
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="mb-1 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** '30 % in advance (₹X), the balance before dispatch' or 'All in advance'. */
export function termsInWords(terms: Pick<OrderTransfersResponse, 'advancePercent' | 'advance'>): string {
  return terms.advancePercent >= 100
    ? `All in advance (${formatPrice(terms.advance)})`
    : `${terms.advancePercent}% in advance (${formatPrice(terms.advance)}), the balance before dispatch`;
}

export function TermsSummary({ terms, total }: { terms: OrderTransfersResponse; total: number }) {
  const rows: [string, string][] = [
    ['Terms', termsInWords(terms)],
    ['Order total', formatPrice(total)],
    ['Received so far', formatPrice(terms.received)],
    ['Due now', terms.dueNow > 0 ? formatPrice(terms.dueNow) : 'Nothing: paid in full'],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className={`mb-1 text-slate-900 sm:mb-0 ${term === 'Due now' ? 'font-semibold' : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>
      {TRANSFER_STATUS_LABELS[status]}
    </span>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });
/** A 'YYYY-MM-DD' day as '07 Dec 2026' (read at noon UTC, so no zone moves it to another day). */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** The transfers, newest last as recorded; `actions` adds the back office's buttons to a row. */
/** What names a transfer: its UTR, or the gateway's payment id for an instalment paid online. */
const referenceOf = (transfer: BankTransferDto) => transfer.utr ?? transfer.gatewayPaymentId ?? 'paid online';

export function TransferList({
  transfers,
  actions,
}: {
  transfers: readonly BankTransferDto[];
  actions?: (transfer: BankTransferDto) => React.ReactNode;
}) {
  if (transfers.length === 0) return <p className="text-sm text-slate-600">No transfer recorded yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
      {transfers.map((transfer) => (
        <li key={transfer._id} className="space-y-1 px-3 py-2" aria-label={`Transfer ${referenceOf(transfer)}`}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold text-slate-900">{formatPrice(transfer.amount)}</span>
            <span className="break-all font-mono text-slate-700">
              {transfer.utr ? `UTR ${transfer.utr}` : `Paid online ${transfer.gatewayPaymentId ?? ''}`.trim()}
            </span>
            <span className="text-slate-600">{formatDay(transfer.transferredOn)}</span>
            <TransferStatusBadge status={transfer.status} />
          </div>
          {transfer.status === 'rejected' && transfer.rejectReason && (
            <p className="text-red-800">Reason: {transfer.rejectReason}</p>
          )}
          {actions?.(transfer)}
        </li>
      ))}
    </ul>
  );
}
