/**
 * A service's visit date (docs/shop-rules.md#service-products): the day the work is done at the outlet, from tomorrow
 * up to a year ahead in India's calendar. The product view shows it beside the quantity, the cart on a service's line.
 */
import { serviceDateRange } from '@pumpkart/shared';

export function VisitDateInput({
  id,
  value,
  disabled = false,
  onChange,
  now = new Date(),
}: {
  id: string;
  /** YYYY-MM-DD, or empty while none is chosen. */
  value: string;
  disabled?: boolean;
  onChange: (date: string) => void;
  now?: Date;
}) {
  const { from, to } = serviceDateRange(now);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Visit date
      </label>
      <input
        id={id}
        type="date"
        min={from}
        max={to}
        required
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-lg border border-slate-300 px-2 text-sm disabled:bg-slate-100"
      />
    </div>
  );
}
