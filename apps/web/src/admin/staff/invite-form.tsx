/**
 * The Staff page's invite form (docs/shop-rules.md#staff): name, e-mail and role, checked with the server's own
 * schema first; the server's refusals (an e-mail that has an account) show above it.
 */
import { useId, useState, type FormEvent } from 'react';
import { inviteStaffBodySchema, ROLE_LABELS, STAFF_ROLE_SCOPES, STAFF_ROLES, type StaffRole } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { Field, inputClass } from '../products/form-field';
import { useInviteStaffMutation } from './staff-api';
import { STAFF_TEXT } from './staff-text';

type Fields = { name: string; email: string; role: StaffRole | '' };
type Errors = Partial<Record<keyof Fields, string>>;

/** Invites a person with a role; the list shows them once the server has them. */
export function InviteForm() {
  const id = useId();
  const [inviteStaff] = useInviteStaffMutation();
  const notify = useNotify();
  const [fields, setFields] = useState<Fields>({ name: '', email: '', role: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = inviteStaffBodySchema.safeParse(fields);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Fields;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['name', 'email', 'role'] as const).find((name) => found[name]);
      document.getElementById(first === 'role' ? `${id}-role-${STAFF_ROLES[0]}` : `${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await inviteStaff(parsed.data).unwrap();
      notify(answer.message, 'success');
      setFields({ name: '', email: '', role: '' });
    } catch (failure) {
      setRefusal(errorMessage(failure, STAFF_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };

  const text = (name: 'name' | 'email', label: string, type: string, autoComplete: string) => (
    <Field label={label} htmlFor={`${id}-${name}`} error={errors[name]}>
      <input
        id={`${id}-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
        className={inputClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
    </Field>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-800">
        {STAFF_TEXT.inviteTitle}
      </h2>
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {refusal}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Name', 'text', 'off')}
        {text('email', 'E-mail', 'email', 'off')}
      </div>
      <fieldset aria-describedby={errors.role ? `${id}-role-error` : undefined}>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Role</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {STAFF_ROLES.map((role) => (
            <label
              key={role}
              htmlFor={`${id}-role-${role}`}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                id={`${id}-role-${role}`}
                type="radio"
                name="role"
                value={role}
                checked={fields.role === role}
                onChange={() => setFields((current) => ({ ...current, role }))}
                className="mt-1"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{ROLE_LABELS[role]}</span>
                <span className="block text-xs text-slate-600">{STAFF_ROLE_SCOPES[role]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.role && (
          <p id={`${id}-role-error`} className="mt-1 text-xs text-red-600">
            {errors.role}
          </p>
        )}
      </fieldset>
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? STAFF_TEXT.inviting : STAFF_TEXT.invite}
      </button>
    </form>
  );
}
