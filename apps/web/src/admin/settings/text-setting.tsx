/** A text field of the Settings page: its label, its error (which replaces the hint) and its hint below it. */
import { Field, inputClass } from '../products/form-field';

export interface TextSettingProps {
  id: string;
  /** The body's path of the field, e.g. 'registeredAddress.city'. */
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange?: (value: string) => void;
  hint?: string;
  className?: string;
  attributes?: Record<string, string | number | boolean>;
}

export function TextSetting({
  id,
  name,
  label,
  value,
  error,
  onChange,
  hint,
  className,
  attributes,
}: TextSettingProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <Field label={label} htmlFor={id} error={error}>
        <input
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
          {...attributes}
        />
      </Field>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
