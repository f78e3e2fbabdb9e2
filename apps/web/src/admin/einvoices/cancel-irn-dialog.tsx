/**
 * Cancelling an IRN (docs/shop-rules.md#e-invoicing): the portal's reason and a remark, sent within 24 hours of the
 * acknowledgement. The dialog says what follows: the shop's document stays issued, and the order is cancelled as
 * usual to issue its credit note.
 */
import { IRN_CANCEL_REASON_LABELS, type EinvoiceDto, type IrnCancelInput } from '@pumpkart/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { Modal } from '../../ui/modal';
import { formatDateTime } from '../lib/format';

export const CANCEL_IRN_TEXT = {
  title: (number: string) => `Cancel the IRN of ${number}`,
  explain:
    'The portal cancels an IRN only within 24 hours of its acknowledgement. The document keeps its number and ' +
    'stays in the shop\u2019s records marked "IRN cancelled"; cancel the order as usual to issue its credit note.',
  until: (when: string) => `Possible until ${when}.`,
  reason: 'Reason',
  remark: 'Remark (up to 100 characters)',
  submit: 'Cancel the IRN',
  sending: 'Cancelling...',
  keep: 'Keep it',
  done: 'The IRN is cancelled.',
  failed: 'The IRN could not be cancelled.',
} as const;

export function CancelIrnDialog({
  einvoice,
  onCancel,
  onClose,
}: {
  einvoice: EinvoiceDto;
  onCancel: (input: IrnCancelInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  const notify = useNotify();
  const [reason, setReason] = useState<IrnCancelInput['reason']>('2');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      await onCancel({ reason, remark });
      notify(CANCEL_IRN_TEXT.done, 'success');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, CANCEL_IRN_TEXT.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={CANCEL_IRN_TEXT.title(einvoice.number)}>
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-slate-700">{CANCEL_IRN_TEXT.explain}</p>
        {einvoice.cancellableUntil && (
          <p className="text-sm font-medium text-slate-800">
            {CANCEL_IRN_TEXT.until(formatDateTime(einvoice.cancellableUntil))}
          </p>
        )}
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
            {CANCEL_IRN_TEXT.reason}
          </label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value as IrnCancelInput['reason'])}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            {Object.entries(IRN_CANCEL_REASON_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-remark`} className="block text-sm font-medium text-slate-800">
            {CANCEL_IRN_TEXT.remark}
          </label>
          <input
            id={`${id}-remark`}
            value={remark}
            required
            maxLength={100}
            onChange={(event) => setRemark(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={sending}
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60"
          >
            {sending ? CANCEL_IRN_TEXT.sending : CANCEL_IRN_TEXT.submit}
          </button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {CANCEL_IRN_TEXT.keep}
          </button>
        </div>
      </form>
    </Modal>
  );
}
