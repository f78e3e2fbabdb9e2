/**
 * Forgot password (docs/shop-rules.md#password-reset): the account's e-mail, then the server's
 * answer in place of the form. The answer is the same whether or not an account has the e-mail, so
 * the page says no more than the server does. A failure (a malformed e-mail, too many attempts, no
 * answer) shows in the form's error area, else 'The reset link could not be sent. Please try again.'
 */
import { MESSAGES } from '@pumpkart/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useForgotPasswordMutation } from './auth-api';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { AuthCard, inputClass, labelClass, submitClass } from './auth-card';

export const FORGOT_PASSWORD_TEXT = {
  title: 'Forgot password',
  subtitle: "Enter your account's e-mail and we will send you a link to set a new password.",
  submit: 'Send reset link',
  sending: 'Sending...',
  again: 'Use another e-mail',
  backToLogin: 'Back to login',
} as const;

export function ForgotPasswordPage() {
  const [forgotPassword] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const askAgain = () => {
    setSent(null);
    requestAnimationFrame(() => emailRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { message } = await forgotPassword({ email: email.trim() }).unwrap();
      setSent(message);
      // The form is gone: the answer takes the focus, so the keyboard stays in the card.
      requestAnimationFrame(() => answerRef.current?.focus());
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.forgotPasswordFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={FORGOT_PASSWORD_TEXT.title} subtitle={FORGOT_PASSWORD_TEXT.subtitle}>
      {/* Always in the document: a live region added together with its text is not read out. */}
      <div role="status" ref={answerRef} tabIndex={-1} className="outline-none">
        {sent && (
          <div className="mt-6 space-y-4">
            <p className="rounded-lg bg-green-50 px-3 py-3 text-sm font-medium text-green-800">{sent}</p>
            <button type="button" onClick={askAgain} className="text-sm font-semibold text-brand-700 hover:underline">
              {FORGOT_PASSWORD_TEXT.again}
            </button>
          </div>
        )}
      </div>
      {!sent && (
        <form className="mt-6 space-y-4" onSubmit={onSubmit}>
          <div>
            <label htmlFor="forgot-email" className={labelClass}>
              Email
            </label>
            <input
              id="forgot-email"
              ref={emailRef}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={inputClass}
              placeholder="you@example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'forgot-error' : undefined}
            />
          </div>
          {error && (
            <p
              id="forgot-error"
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
            >
              {error}
            </p>
          )}
          <button type="submit" disabled={busy} className={submitClass}>
            {busy ? FORGOT_PASSWORD_TEXT.sending : FORGOT_PASSWORD_TEXT.submit}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          {FORGOT_PASSWORD_TEXT.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
