/**
 * One field of an admin table's filter bar (docs/shop-rules.md#admin-lists): its label, the control (a list of
 * choices, a search box or a day), a hint under it and an error tied to it. Every table's filters are made of it,
 * so they look and read the same.
 */
import { useId, type ReactNode } from 'react';

const controlClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const filterFieldClass = `mt-1 ${controlClass}`;
export const filterButtonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

export interface FilterOption {
  value: string;
  label: string;
}

interface Common {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A line under the field that describes it (the search's "Order number, name, ..."). */
  hint?: string;
  /** The field's error, read out with it and marking it invalid. */
  error?: string;
  className?: string;
  /** A control beside the field's own (the products' Search button). */
  children?: ReactNode;
}

export type FilterFieldProps = Common &
  (
    | { type: 'select'; options: readonly FilterOption[] }
    | { type: 'search'; maxLength?: number; placeholder?: string }
    | { type: 'date'; min?: string; invalid?: boolean }
  );

export function FilterField(props: FilterFieldProps) {
  const id = useId();
  const { label, value, onChange, hint, error, className, children } = props;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error) || (props.type === 'date' && props.invalid) || undefined;
  const common = {
    id,
    value,
    // Beside another control the field keeps to its share of the row.
    className: children ? `${controlClass} min-w-0` : filterFieldClass,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
  };
  const control =
    props.type === 'select' ? (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    ) : (
      <input
        {...common}
        type={props.type}
        autoComplete={props.type === 'search' ? 'off' : undefined}
        maxLength={props.type === 'search' ? (props.maxLength ?? 100) : undefined}
        placeholder={props.type === 'search' ? props.placeholder : undefined}
        min={props.type === 'date' ? props.min : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children ? (
        <div className="mt-1 flex gap-2">
          {control}
          {children}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
