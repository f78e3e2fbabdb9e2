/**
 * Login (docs/shop-rules.md#accounts): email (a valid address, checked by the browser) and password,
 * both required. The button reads 'Logging in...' while busy. Success returns to the page the
 * visitor came from, else an admin goes to /admin/dashboard and anyone else to / (return-to.ts). A
 * failure shows the server's message, else 'Login failed. Try again!'. 'Forgot password?' opens the
 * password reset (docs/shop-rules.md#password-reset).
 */
import { MESSAGES } from '@pumpkart/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLoginMutation } from './auth-api';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../store/hooks';
import { loggedIn } from '../../store/session-slice';
import { AuthCard, inputClass, labelClass, submitClass } from './auth-card';
import { returnTo } from './return-to';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [login] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await login({ email: email.trim(), password }).unwrap();
      dispatch(loggedIn(answer));
      const next = returnTo(location.state, answer.user.role);
      void navigate(next.to, next.options);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.loginFailed));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Login" subtitle="Welcome back to PumpKart.">
      <form className="mt-6 space-y-4" onSubmit={onSubmit}>
        <div>
          <label htmlFor="login-email" className={labelClass}>
            Email
          </label>
          <input
            id="login-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
            placeholder="you@example.com"
          />
        </div>
        <div>
          <label htmlFor="login-password" className={labelClass}>
            Password
          </label>
          <input
            id="login-password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={inputClass}
          />
          <p className="mt-2 text-right text-sm">
            <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={submitClass}>
          {busy ? MESSAGES.loggingIn : 'Login'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to PumpKart?{' '}
        <Link to={paths.signup} state={location.state} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
