/**
 * Signup (docs/shop-rules.md#accounts): name, email, phone and password, all required; the phone keeps
 * only digits, at most 10. Registration answers no token, so the new buyer is logged in with the
 * same credentials at once, told 'Registration successful! Welcome to PumpKart.' (a notice) and
 * taken back to where they came from, else home (return-to.ts). Should that login fail (e.g. the e-mail already
 * had an account, which the server answers as a new one, docs/decisions/0022-registration-does-not-reveal-accounts.md),
 * the notice says 'Registration successful! Please log in.' and the login page opens, saying no more. A failed
 * registration shows the server's message, else 'Something went wrong. Try again!'.
 */
import { MESSAGES, PASSWORD_MIN_LENGTH, sanitizePhoneInput } from '@pumpkart/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLoginMutation, useRegisterMutation } from './auth-api';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useAppDispatch, useNotify } from '../../store/hooks';
import { loggedIn } from '../../store/session-slice';
import { AuthCard, inputClass, labelClass, submitClass } from './auth-card';
import { returnTo } from './return-to';

export function SignupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [register] = useRegisterMutation();
  const [login] = useLoginMutation();
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const email = form.email.trim();
    try {
      await register({ ...form, name: form.name.trim(), email }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.signupFailed));
      setBusy(false);
      return;
    }
    try {
      const answer = await login({ email, password: form.password }).unwrap();
      dispatch(loggedIn(answer));
      notify(MESSAGES.signupWelcome, 'success');
      const next = returnTo(location.state, answer.user.role);
      void navigate(next.to, next.options);
    } catch {
      notify(MESSAGES.signupSucceeded, 'success');
      void navigate(paths.login, { replace: true, state: location.state });
    }
  };

  return (
    <AuthCard title="Sign up" subtitle="Create your PumpKart account to order equipment for your pump.">
      <form className="mt-6 space-y-4" onSubmit={onSubmit}>
        <div>
          <label htmlFor="signup-name" className={labelClass}>
            Name
          </label>
          <input
            id="signup-name"
            name="name"
            autoComplete="name"
            required
            value={form.name}
            onChange={(event) => set('name')(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="signup-email" className={labelClass}>
            Email
          </label>
          <input
            id="signup-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(event) => set('email')(event.target.value)}
            className={inputClass}
            placeholder="you@example.com"
          />
        </div>
        <div>
          <label htmlFor="signup-phone" className={labelClass}>
            Phone
          </label>
          <input
            id="signup-phone"
            type="tel"
            name="phone"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            value={form.phone}
            onChange={(event) => set('phone')(sanitizePhoneInput(event.target.value))}
            className={inputClass}
            placeholder="10-digit mobile number"
            aria-describedby="signup-phone-hint"
          />
          <p id="signup-phone-hint" className="mt-1 text-xs text-slate-500">
            Digits only, 10 at most.
          </p>
        </div>
        <div>
          <label htmlFor="signup-password" className={labelClass}>
            Password
          </label>
          <input
            id="signup-password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={(event) => set('password')(event.target.value)}
            className={inputClass}
            aria-describedby="signup-password-hint"
          />
          <p id="signup-password-hint" className="mt-1 text-xs text-slate-500">
            At least {PASSWORD_MIN_LENGTH} characters.
          </p>
        </div>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={submitClass}>
          {busy ? 'Signing up...' : 'Sign up'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} state={location.state} className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
