/**
 * One labelled text field of the checkout's customer block: the label, the input, and under it the
 * field's error (announced with the input through aria-describedby) or else its hint.
 */
import type { InputHTMLAttributes } from 'react';
import { inputClass } from '../../shop/address/address-fields';

export interface CustomerFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  hint?: string;
}

export function CustomerField({ id, label, value, onValue, error, hint, className, ...input }: CustomerFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={className ? `${inputClass} ${className}` : inputClass}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
