/**
 * The signed-in admin's or staff member's password change (/admin/account): current password, a new one of at
 * least ADMIN_PASSWORD_MIN_LENGTH characters (the role's rule, packages/shared/src/password.ts), typed twice. The server revokes every earlier token of the
 * account, on every device, and answers a fresh one that replaces this session's token.
 */
import { useId, useState, type FormEvent } from 'react';
import { ADMIN_PASSWORD_MIN_LENGTH, passwordLengthProblem, SERVER_MESSAGES, type Role } from '@pumpkart/shared';
import { useChangePasswordMutation } from './change-password-api';
import { errorMessage } from '../../api/http';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { tokenRenewed } from '../../store/session-slice';
import { Field, inputClass } from '../products/form-field';
import { PageHeader } from '../ui/page-header';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';

export const CHANGE_PASSWORD_TEXT = {
  title: 'Change password',
  submit: 'Change password',
  saving: 'Saving...',
  mismatch: 'The new passwords do not match.',
  changed: 'Password changed. Every other session of this account has been logged out.',
  failed: 'Could not change the password. Please try again.',
} as const;

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
type Errors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

function validate(fields: Fields, role: Role): Errors {
  const errors: Errors = {};
  if (!fields.currentPassword) errors.currentPassword = SERVER_MESSAGES.currentPasswordRequired;
  const tooShort = passwordLengthProblem(fields.newPassword, role);
  if (tooShort) errors.newPassword = tooShort;
  if (fields.confirmPassword !== fields.newPassword) errors.confirmPassword = CHANGE_PASSWORD_TEXT.mismatch;
  return errors;
}

export function ChangePasswordPage() {
  const dispatch = useAppDispatch();
  // The back office is the admin's or a staff member's: both have the longer rule.
  const role = useAppSelector((state) => state.session.role) ?? 'admin';
  const [changePassword] = useChangePasswordMutation();
  const formId = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FormOutcome | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const found = validate(fields, role);
    setErrors(found);
    const firstInvalid = (Object.keys(EMPTY) as (keyof Fields)[]).find((name) => found[name]);
    if (firstInvalid) {
      document.getElementById(`${formId}-${firstInvalid}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { token } = await changePassword({
        currentPassword: fields.currentPassword,
        newPassword: fields.newPassword,
      }).unwrap();
      dispatch(tokenRenewed(token));
      setFields(EMPTY);
      setResult({ ok: true, text: CHANGE_PASSWORD_TEXT.changed });
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error, CHANGE_PASSWORD_TEXT.failed) });
    } finally {
      setBusy(false);
    }
  };

  const input = (name: keyof Fields, label: string, autoComplete: string, hint?: string) => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint}>
        <input
          id={id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          value={fields[name]}
          onChange={(event) => setFields((previous) => ({ ...previous, [name]: event.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
      </Field>
    );
  };

  return (
    <div>
      <PageHeader title={CHANGE_PASSWORD_TEXT.title} />
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        {input('currentPassword', 'Current password', 'current-password')}
        {input(
          'newPassword',
          'New password',
          'new-password',
          `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters. Every other session of this account is logged out.`,
        )}
        {input('confirmPassword', 'Confirm new password', 'new-password')}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {busy ? CHANGE_PASSWORD_TEXT.saving : CHANGE_PASSWORD_TEXT.submit}
          </button>
          <FormOutcomeMessage outcome={result} />
        </div>
      </form>
    </div>
  );
}
