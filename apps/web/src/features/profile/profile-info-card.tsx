/**
 * The profile page's Info card: what the session holds (name, email, phone, business details, saved addresses),
 * and "Log out on every device", which revokes every token of the account and ends this session too.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { formatAddress } from '../../lib/address';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { loggedOut } from '../../store/session-slice';
import { useLogoutAllMutation } from './profile-api';

export const LOGOUT_EVERYWHERE_LABEL = 'Log out on every device';
export const LOGOUT_EVERYWHERE_FAILED = 'Could not log out the other devices. Please try again.';

export function ProfileInfoCard({ className }: { className: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logoutAll] = useLogoutAllMutation();
  const session = useAppSelector((state) => state.session);
  const [logoutAllError, setLogoutAllError] = useState<string | null>(null);

  const logoutEverywhere = async () => {
    setLogoutAllError(null);
    try {
      await logoutAll().unwrap();
    } catch (error) {
      setLogoutAllError(errorMessage(error, LOGOUT_EVERYWHERE_FAILED));
      return;
    }
    dispatch(loggedOut());
    void navigate(paths.login, { replace: true });
  };

  return (
    <section aria-labelledby="profile-info-title" className={`${className} h-fit`}>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-semibold text-white"
        >
          {(session.name || 'U').charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h2 id="profile-info-title" className="text-lg font-semibold break-words text-slate-900">
            {session.name || 'User'}
          </h2>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{session.email}</p>
        </div>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="text-slate-500">Phone</dt>
          <dd className="break-words text-slate-900">{session.phone || '—'}</dd>
        </div>
        {session.businessName && (
          <div>
            <dt className="text-slate-500">Business name</dt>
            <dd className="break-words text-slate-900">{session.businessName}</dd>
          </div>
        )}
        {session.gstin && (
          <div>
            <dt className="text-slate-500">GSTIN</dt>
            <dd className="break-words font-mono text-slate-900">{session.gstin}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-500">Saved addresses</dt>
          <dd className="text-slate-900">
            {(session.addresses ?? []).length === 0 ? (
              'None yet'
            ) : (
              <ul className="mt-1 space-y-2">
                {(session.addresses ?? []).map((address, index) => (
                  <li key={index} className="break-words">
                    <span className="font-medium">{address.recipientName}</span>, {formatAddress(address)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <button
          type="button"
          onClick={() => void logoutEverywhere()}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700"
        >
          {LOGOUT_EVERYWHERE_LABEL}
        </button>
        {logoutAllError && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {logoutAllError}
          </p>
        )}
      </div>
    </section>
  );
}
