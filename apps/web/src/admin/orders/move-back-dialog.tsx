/**
 * The question an admin answers before moving a shipped or delivered order back to an earlier status
 * (docs/shop-rules.md#order-status): what the move does and does not do, and the reason, which is required and
 * kept in the order's history. `useMoveBackReason` gives an `ask` that resolves to the reason, or null when the
 * admin keeps the status (the button, Escape or the backdrop), and the element to render.
 */
import { MOVE_BACK_REASON_MAX, orderStatusLabel, type OrderStatus } from '@pumpkart/shared';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../ui/modal';

export const MOVE_BACK_TEXT = {
  title: (to: OrderStatus) => `Move this order back to ${orderStatusLabel(to)}?`,
  explanation: (orderLabel: string, from: OrderStatus) =>
    `Order #${orderLabel} is ${orderStatusLabel(from)}. Moving it back keeps its courier and tracking, and the buyer ` +
    'still cannot cancel it. Nothing is refunded, restocked or credited: goods that came back are handled as a return.',
  reason: 'Reason (kept in the order history)',
  reasonRequired: 'Say why the order moves back.',
  keep: 'Keep status',
  confirm: 'Move back',
} as const;

interface Asked {
  orderLabel: string;
  from: OrderStatus;
  to: OrderStatus;
}

export function useMoveBackReason() {
  const [asked, setAsked] = useState<Asked | null>(null);
  const resolveRef = useRef<((reason: string | null) => void) | null>(null);

  const ask = useCallback((question: Asked) => {
    resolveRef.current?.(null);
    setAsked(question);
    return new Promise<string | null>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const answer = (reason: string | null) => {
    resolveRef.current?.(reason);
    resolveRef.current = null;
    setAsked(null);
  };

  const dialog = (
    <Modal open={asked !== null} onClose={() => answer(null)} title={asked ? MOVE_BACK_TEXT.title(asked.to) : ''}>
      {asked && <ReasonForm asked={asked} onAnswer={answer} />}
    </Modal>
  );
  return { ask, dialog, asking: asked !== null };
}

function ReasonForm({ asked, onAnswer }: { asked: Asked; onAnswer: (reason: string | null) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(MOVE_BACK_TEXT.reasonRequired);
      return;
    }
    onAnswer(text);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-700">{MOVE_BACK_TEXT.explanation(asked.orderLabel, asked.from)}</p>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700">
          {MOVE_BACK_TEXT.reason}
        </label>
        <textarea
          id={`${id}-reason`}
          data-autofocus
          value={reason}
          maxLength={MOVE_BACK_REASON_MAX}
          rows={3}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => onAnswer(null)}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
        >
          {MOVE_BACK_TEXT.keep}
        </button>
        <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {MOVE_BACK_TEXT.confirm}
        </button>
      </div>
    </form>
  );
}
