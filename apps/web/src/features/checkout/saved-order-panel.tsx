import { MESSAGES } from '@pumpkart/shared';
import { useEffect, useRef } from 'react';
import { formatPayBy } from '../../shop/payment/pay-by';
import type { SavedOrder } from './use-checkout';

/**
 * After a payment that did not go through: why (read out at once), that the order is kept and until
 * when it can be paid from My Orders, Close and Try again (which pays the same order).
 */
export function SavedOrderPanel({
  order,
  busy,
  onRetry,
  onClose,
}: {
  order: SavedOrder;
  busy: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const retryRef = useRef<HTMLButtonElement>(null);
  const number = order.id.slice(-6);
  // When the payment window closes, focus lands here (never on the page's body).
  useEffect(() => {
    if (!busy) retryRef.current?.focus();
  }, [busy, order.reason]);

  return (
    <section aria-label="Payment" className="space-y-3" data-testid="payment-outcome">
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {order.reason}
      </p>
      <p className="text-sm text-slate-700">
        {order.payBy ? MESSAGES.orderSavedUntil(number, formatPayBy(order.payBy)) : MESSAGES.orderSaved(number)}
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50"
        >
          Close
        </button>
        <button
          ref={retryRef}
          type="button"
          onClick={onRetry}
          disabled={busy}
          className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? MESSAGES.checkoutProcessing : MESSAGES.tryAgain}
        </button>
      </div>
    </section>
  );
}
