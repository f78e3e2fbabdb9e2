/**
 * The store's return window (docs/shop-rules.md#returns): days after delivery in which a buyer may ask to return
 * goods, 0 for no returns, at most 90. Its own state beside the business details' form (a number, not one of
 * their text fields); the server answers a value out of range with its message.
 */
import { useId } from 'react';
import { MAX_RETURN_WINDOW_DAYS } from '@pumpkart/shared';

export function ReturnWindowField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Return window (days after delivery)
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_RETURN_WINDOW_DAYS}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {`0 for no returns, at most ${MAX_RETURN_WINDOW_DAYS}. Buyers ask from their order's page; you approve, receive and refund from the order.`}
      </p>
    </div>
  );
}
