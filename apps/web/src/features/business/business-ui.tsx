/** The pieces the business pages share: card and button styles, a labelled field, and a zod check's errors. */
import type { ReactNode } from 'react';
import { inputClass } from '../../shop/address/address-fields';

export const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
export const primaryButton =
  'rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70';
export const secondaryButton =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';
export const dangerButton =
  'rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50';
export { inputClass };

/** Field name (a nested one joined with '.', e.g. 'address.city') to its first problem. */
export type FieldErrors = Record<string, string>;

/** The first problem of each field of a failed zod check, so the form and the server check with one rule. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const found: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    found[key] ??= issue.message;
  }
  return found;
}

/** Only the errors under `prefix.` (an address's), keyed by the rest of their name. */
export const errorsUnder = (errors: FieldErrors, prefix: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${prefix}.`))
      .map(([key, text]) => [key.slice(prefix.length + 1), text]),
  );

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, its control (given aria props that point at the error or hint) and the error or hint under it. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
