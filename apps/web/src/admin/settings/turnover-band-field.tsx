/**
 * The store setting of the previous financial year's aggregate turnover (docs/shop-rules.md#store-settings,
 * docs/decisions/0027-hsn-digits-and-master.md): up to or above ₹5 crore, which decides how many HSN digits every
 * product needs (4 or 6, Notification 78/2020–Central Tax). A fieldset of two radio buttons inside the settings form.
 */
import { AGGREGATE_TURNOVER_BANDS, AGGREGATE_TURNOVER_LABELS, type AggregateTurnoverBand } from '@pumpkart/shared';

export const TURNOVER_TEXT = {
  legend: 'Aggregate turnover of the previous financial year',
  hint:
    'Up to ₹5 crore, HSN codes of 4 digits are enough; above ₹5 crore, every product needs at least 6 digits ' +
    '(Notification 78/2020–Central Tax), and products with shorter codes are refused when saved or imported.',
} as const;

export function TurnoverBandField({
  name,
  value,
  onChange,
  className,
  legendClassName,
}: {
  name: string;
  value: AggregateTurnoverBand;
  onChange: (band: AggregateTurnoverBand) => void;
  className: string;
  legendClassName: string;
}) {
  return (
    <fieldset className={className} aria-describedby={`${name}-hint`}>
      <legend className={legendClassName}>{TURNOVER_TEXT.legend}</legend>
      <div className="flex flex-col gap-2">
        {AGGREGATE_TURNOVER_BANDS.map((band) => (
          <label key={band} className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={band}
              checked={value === band}
              onChange={() => onChange(band)}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            />
            {AGGREGATE_TURNOVER_LABELS[band]}
          </label>
        ))}
      </div>
      <p id={`${name}-hint`} className="mt-2 text-xs text-slate-600">
        {TURNOVER_TEXT.hint}
      </p>
    </fieldset>
  );
}
