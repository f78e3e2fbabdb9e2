/**
 * Set a new password from an e-mailed link (docs/shop-rules.md#password-reset). The token is in the
 * link's fragment (`#token=...`, never sent to a server by the browser); `?token=` is read too. The
 * new password is typed twice and follows the account role's rule (packages/shared/src/password.ts): the page
 * checks a buyer's length (the link does not say whose account it is; the server applies the admin's and staff's
 * longer rule and the common-password list), and a staff invite's the staff rule.
 * Success says 'Your password has been changed. Please log in with your new password.' (a notice)
 * and opens the login page: the reset logs nobody in. A link that is missing, unknown, used or
 * expired shows the server's message with a link to ask for a new one. A staff invite's link
 * (/set-password, docs/shop-rules.md#staff) opens the same page as `invite`: the same token and call,
 * worded for a first password.
 */
import {
  MESSAGES,
  passwordLengthProblem,
  passwordMinLength,
  SERVER_MESSAGES,
  STAFF_INVITE_VALID_DAYS,
} from '@pumpkart/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useResetPasswordMutation } from './auth-api';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useNotify } from '../../store/hooks';
import { AuthCard, inputClass, labelClass, submitClass } from './auth-card';

export const RESET_PASSWORD_TEXT = {
  title: 'Set a new password',
  subtitle: 'Choose the password you will log in with from now on.',
  submit: 'Change password',
  saving: 'Saving...',
  invalidSubtitle: 'A link works once, for 30 minutes.',
  askAgain: 'Ask for a new link',
  backToLogin: 'Back to login',
  done: SERVER_MESSAGES.passwordResetDone,
} as const;

/** The same page for a staff invite's link. */
export const SET_PASSWORD_TEXT: Record<keyof typeof RESET_PASSWORD_TEXT, string> = {
  ...RESET_PASSWORD_TEXT,
  title: 'Set your password',
  subtitle: 'Welcome to the staff. Choose the password you will log in to the back office with.',
  submit: 'Set password',
  invalidSubtitle: `An invitation link works once, for ${STAFF_INVITE_VALID_DAYS} days. Ask the owner to send a new one, or ask for a password link below.`,
  done: 'Your password is set. Please log in with your e-mail address and the new password.',
};

type Fields = { password: string; confirm: string };
type Errors = Partial<Record<keyof Fields, string>>;

/** The token of the link: its fragment's `token`, else the query's. */
export function tokenOf(location: { hash: string; search: string }): string | null {
  return (
    new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ??
    new URLSearchParams(location.search).get('token')
  );
}

/** A staff invite's account is a staff member's; any other link's is checked by the buyer's (shortest) rule. */
const roleOfLink = (invite: boolean) => (invite ? 'orders_staff' : 'customer');

function validate({ password, confirm }: Fields, invite: boolean): Errors {
  const errors: Errors = {};
  const problem = passwordLengthProblem(password, roleOfLink(invite));
  if (problem) errors.password = problem;
  if (confirm !== password) errors.confirm = MESSAGES.passwordsDoNotMatch;
  return errors;
}

export function ResetPasswordPage({ invite = false }: { invite?: boolean }) {
  const text = invite ? SET_PASSWORD_TEXT : RESET_PASSWORD_TEXT;
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [resetPassword] = useResetPasswordMutation();
  const token = tokenOf(location);
  const [fields, setFields] = useState<Fields>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const invalidRef = useRef<HTMLParagraphElement>(null);

  // A link refused after a submit: the form is gone, its message takes the focus.
  useEffect(() => {
    if (linkInvalid && token) invalidRef.current?.focus();
  }, [linkInvalid, token]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = validate(fields, invite);
    setErrors(found);
    const firstInvalid = (['password', 'confirm'] as const).find((name) => found[name]);
    if (firstInvalid) {
      document.getElementById(`reset-${firstInvalid}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await resetPassword({ token: token!, password: fields.password }).unwrap();
      notify(text.done, 'success');
      // Replaces the link's entry too, so Back never shows the used token again.
      void navigate(paths.login, { replace: true });
    } catch (failure) {
      const message = errorMessage(failure, MESSAGES.resetPasswordFailed);
      if (message === SERVER_MESSAGES.passwordResetLinkInvalid) setLinkInvalid(true);
      else setError(message);
      setBusy(false);
    }
  };

  if (linkInvalid) {
    return (
      <AuthCard title={text.title} subtitle={text.invalidSubtitle}>
        <p
          role="alert"
          ref={invalidRef}
          tabIndex={-1}
          className="mt-6 rounded-lg bg-red-50 px-3 py-3 text-sm font-medium text-red-700 outline-none"
        >
          {SERVER_MESSAGES.passwordResetLinkInvalid}
        </p>
        <Link to={paths.forgotPassword} className={`${submitClass} mt-4 block text-center`}>
          {text.askAgain}
        </Link>
        <BackToLogin />
      </AuthCard>
    );
  }

  const input = (name: keyof Fields, label: string, hint?: string) => {
    const id = `reset-${name}`;
    // The field's error, else its hint.
    const error = errors[name];
    const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          type="password"
          name={name === 'password' ? 'new-password' : 'confirm-password'}
          autoComplete="new-password"
          required
          value={fields[name]}
          onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        {hint && !error && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    );
  };

  return (
    <AuthCard title={text.title} subtitle={text.subtitle}>
      <form className="mt-6 space-y-4" onSubmit={onSubmit}>
        {input('password', 'New password', `At least ${passwordMinLength(roleOfLink(invite))} characters.`)}
        {input('confirm', 'Confirm new password')}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={submitClass}>
          {busy ? text.saving : text.submit}
        </button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
        {RESET_PASSWORD_TEXT.backToLogin}
      </Link>
    </p>
  );
}

/** A staff invite's link (/set-password). */
export function SetPasswordPage() {
  return <ResetPasswordPage invite />;
}
