/** A number and a unit (months or days): the interval inputs of the task editor and the add form. */
import type { ComplianceInterval } from '@pumpkart/shared';
import { inputClass } from '../products/form-field';

export interface IntervalDraft {
  count: string;
  unit: ComplianceInterval['unit'];
}

export const draftOf = (interval: ComplianceInterval): IntervalDraft => ({
  count: String(interval.count),
  unit: interval.unit,
});

/** The draft as the server reads it (a blank count is 0, which the shared schema refuses with its reason). */
export const intervalOf = (draft: IntervalDraft): ComplianceInterval => ({
  unit: draft.unit,
  count: draft.count.trim() === '' ? 0 : Number(draft.count),
});

export function IntervalFields({
  id,
  label,
  draft,
  onChange,
  error,
}: {
  id: string;
  label: string;
  draft: IntervalDraft;
  onChange: (draft: IntervalDraft) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          aria-label={`${label}: every`}
          value={draft.count}
          onChange={(event) => onChange({ ...draft, count: event.target.value })}
          className={`${inputClass} w-24`}
          aria-invalid={error ? true : undefined}
        />
        <select
          aria-label={`${label}: unit`}
          value={draft.unit}
          onChange={(event) => onChange({ ...draft, unit: event.target.value as IntervalDraft['unit'] })}
          className="rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm"
        >
          <option value="months">months</option>
          <option value="days">days</option>
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
