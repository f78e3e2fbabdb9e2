/**
 * The back office's bank-transfer block of an order (docs/shop-rules.md#bank-transfer): the terms with what was
 * received and what is due, a change of the advance while the order is pending and nothing was received, and the
 * transfers the buyer recorded with Confirm and Reject (a reason is required). Every decision reloads the order
 * (`onChanged`), since a confirmation may move it to processing or mark it paid.
 */
import { useId, useState, type FormEvent } from 'react';
import { BANK_MESSAGES, type BankTransferDto, type OrderDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { useGetOrderTransfersQuery } from '../../shop/payment/bank-api';
import { TermsSummary, TransferList } from '../../shop/payment/bank-parts';
import { useConfirmTransferMutation, useRejectTransferMutation, useSetPaymentTermsMutation } from './bank-admin-api';

const small =
  'rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60 border border-slate-300 text-slate-800 hover:bg-slate-100';

function TermsForm({
  orderId,
  advancePercent,
  onChanged,
}: {
  orderId: string;
  advancePercent: number;
  onChanged: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(String(advancePercent));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSetPaymentTermsMutation();
  const notify = useNotify();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const percent = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(percent) || percent < 1 || percent > 100) return setError(BANK_MESSAGES.advancePercent);
    setError(null);
    try {
      const answer = await save({ orderId, advancePercent: percent }).unwrap();
      notify(answer.message, 'success');
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure, 'The terms could not be changed.'));
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Payment terms" className="space-y-1">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            Advance (% of the total)
          </label>
          <input
            id={id}
            value={value}
            inputMode="numeric"
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1 w-24 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
          />
        </div>
        <button type="submit" disabled={isLoading} className={small}>
          Change the advance
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

function TransferActions({ transfer, onChanged }: { transfer: BankTransferDto; onChanged: () => void }) {
  const id = useId();
  const [confirm, confirming] = useConfirmTransferMutation();
  const [reject, rejecting] = useRejectTransferMutation();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  if (transfer.status !== 'recorded') return null;
  const busy = confirming.isLoading || rejecting.isLoading;

  const onConfirm = async () => {
    setError(null);
    try {
      const answer = await confirm(transfer._id).unwrap();
      notify(answer.message, 'success');
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure, 'The transfer could not be confirmed.'));
    }
  };
  const onReject = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(BANK_MESSAGES.rejectReason);
    setError(null);
    try {
      const answer = await reject({ transferId: transfer._id, reason: reason.trim() }).unwrap();
      notify(answer.message, 'success');
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure, 'The transfer could not be rejected.'));
    }
  };

  return (
    <div className="space-y-2 pt-1">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void onConfirm()}
          disabled={busy}
          aria-label={`Confirm transfer ${transfer.utr}`}
          className="rounded-lg bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"
        >
          Confirm
        </button>
        <button
          type="button"
          onClick={() => setRejectOpen((open) => !open)}
          disabled={busy}
          aria-expanded={rejectOpen}
          aria-label={`Reject transfer ${transfer.utr}`}
          className={small}
        >
          Reject
        </button>
      </div>
      {rejectOpen && (
        <form noValidate onSubmit={(event) => void onReject(event)} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={id} className="block text-sm font-medium text-slate-700">
              Why it is rejected
            </label>
            <input
              id={id}
              value={reason}
              maxLength={300}
              onChange={(event) => setReason(event.target.value)}
              placeholder="e.g. No such credit in the statement"
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            Reject the transfer
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function AdminBankTransfers({ order, onChanged }: { order: OrderDto; onChanged: () => void }) {
  const query = useGetOrderTransfersQuery(order._id);
  const terms = query.data;
  const termsOpen = order.status === 'pending' && (terms?.received ?? order.received) === 0;
  return (
    <section aria-label="Bank transfers">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Bank transfers</h3>
      {!terms ? (
        <p className="text-sm text-slate-600">
          {query.isError ? 'The transfers could not be loaded.' : 'Loading the transfers...'}
        </p>
      ) : (
        <div className="space-y-3">
          <TermsSummary terms={terms} total={order.total} />
          {termsOpen && (
            <TermsForm
              key={terms.advancePercent}
              orderId={order._id}
              advancePercent={terms.advancePercent}
              onChanged={onChanged}
            />
          )}
          <TransferList
            transfers={terms.transfers}
            actions={(transfer) => <TransferActions transfer={transfer} onChanged={onChanged} />}
          />
        </div>
      )}
    </section>
  );
}
