/**
 * The Settings form's State: the states by name, each with its GST code (the GSTIN's first two digits,
 * docs/shop-rules.md#store-settings); a saved state the list lacks stays offered.
 */
import { GST_STATES } from '@pumpkart/shared';
import { Field, inputClass } from '../products/form-field';

/** States by name, each with its GST code. */
const STATES = [...GST_STATES].sort((a, b) => a.name.localeCompare(b.name));

export function StateSelect({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const knownState = STATES.some((state) => state.name === value);
  return (
    <div>
      <Field label="State" htmlFor={id} error={error}>
        <select
          id={id}
          name="registeredAddress.state"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={`${inputClass} bg-white`}
        >
          <option value="">Choose a state</option>
          {!knownState && value && <option value={value}>{value}</option>}
          {STATES.map((state) => (
            <option key={state.code} value={state.name}>
              {state.name} ({state.code})
            </option>
          ))}
        </select>
      </Field>
      {!error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          The state of the GSTIN (its first two digits).
        </p>
      )}
    </div>
  );
}
