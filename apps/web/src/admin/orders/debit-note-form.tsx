/**
 * The owner's debit note (docs/shop-rules.md#debit-notes): behind "Issue a debit note", the amount each line's price
 * went up by (GST included, in rupees; empty for none) and the reason, sent as one note. Shown only to the owner
 * and only for an invoiced order that is not cancelled.
 */
import { useState, type FormEvent } from 'react';
import type { OrderReturns } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { useIssueDebitNoteMutation } from '../../shop/orders/returns-api';

export function DebitNoteForm({
  orderId,
  lines,
  onDone,
}: {
  orderId: string;
  lines: OrderReturns['lines'];
  onDone: () => void;
}) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [issue, { isLoading }] = useIssueDebitNoteMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raised = Object.entries(amounts)
      .filter(([, text]) => text.trim() !== '')
      .map(([orderItemId, text]) => ({ orderItemId, amount: Number(text) }));
    if (raised.length === 0) return setProblem('Enter the amount at least one line went up by.');
    if (raised.some((line) => !(line.amount > 0))) return setProblem('Each amount must be more than ₹0.');
    try {
      const answer = await issue({ orderId, input: { lines: raised, reason: reason.trim() } }).unwrap();
      notify(answer.message ?? 'Debit note issued.', 'success');
      setOpen(false);
      setAmounts({});
      setReason('');
      setProblem(null);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'The debit note could not be issued. Please try again.'));
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        Issue a debit note…
      </button>
    );
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      aria-label="Debit note"
    >
      <p className="text-sm text-slate-700">
        For a price raised after the invoice: the amount each line goes up by, GST included. The note names the invoice
        and has its own number (DN/…).
      </p>
      {lines.map((line) => (
        <label
          key={line.orderItemId}
          className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800"
        >
          <span>{`${line.title}${line.size ? ` (${line.size})` : ''} × ${line.bought}`}</span>
          <span className="flex items-center gap-1">
            ₹
            <input
              inputMode="decimal"
              value={amounts[line.orderItemId] ?? ''}
              onChange={(event) => setAmounts({ ...amounts, [line.orderItemId]: event.target.value })}
              aria-label={`Amount raised on ${line.title}`}
              className="w-28 rounded-md border border-slate-300 px-2 py-1"
            />
          </span>
        </label>
      ))}
      <label className="block text-sm font-medium text-slate-800">
        Reason
        <input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-normal"
        />
      </label>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={isLoading}
          className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Issue debit note
        </button>
        <button type="button" onClick={() => setOpen(false)} className="rounded-lg px-3 py-1.5 text-sm text-slate-700">
          Cancel
        </button>
      </div>
    </form>
  );
}
