/**
 * The admin sidebar: greets the user by stored name (default Admin), links to the
 * nine admin pages (GST report: the month's GSTR-1 figures, docs/shop-rules.md#gst-report; E-mails: every message
 * the shop sent or kept, docs/shop-rules.md#emails; Activity: every recorded admin change, docs/shop-rules.md#audit;
 * the last, Settings,
 * holds the store's business details: docs/shop-rules.md#store-settings) with the current one marked, Change password (the admin's own account), and
 * Logout (the one logout: the session listener clears all local storage), which goes to /login.
 */
import { NavLink, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { loggedOut } from '../store/session-slice';

const ADMIN_LINKS = [
  { to: paths.admin.dashboard, label: 'Dashboard' },
  { to: paths.admin.products, label: 'Products' },
  { to: paths.admin.orders, label: 'Orders' },
  { to: paths.admin.analytics, label: 'Analytics' },
  { to: paths.admin.payments, label: 'Payments' },
  { to: paths.admin.gstReport, label: 'GST report' },
  { to: paths.admin.emails, label: 'E-mails' },
  { to: paths.admin.activity, label: 'Activity' },
  { to: paths.admin.settings, label: 'Settings' },
] as const;

export interface SidebarProps {
  /** Called after a link is followed (the collapsed sidebar closes itself). */
  onNavigate?: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const name = useAppSelector((state) => state.session.name);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const logout = () => {
    dispatch(loggedOut());
    void navigate(paths.login, { replace: true });
  };

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="border-b border-slate-800 px-5 py-5">
        <p className="text-xs font-semibold uppercase tracking-widest text-amber-400">PumpKart Admin</p>
        <p className="mt-1 truncate text-lg font-semibold" data-testid="admin-greeting">
          Hello, {name || 'Admin'}
        </p>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-medium ${
                    isActive ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-slate-800 p-3">
        <NavLink
          to={paths.admin.account}
          onClick={onNavigate}
          className={({ isActive }) =>
            `block rounded-lg px-3 py-2 text-sm font-medium ${
              isActive ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
            }`
          }
        >
          Change password
        </NavLink>
        <button
          type="button"
          onClick={logout}
          className="w-full rounded-lg bg-slate-800 px-3 py-2 text-left text-sm font-medium text-slate-200 hover:bg-red-600 hover:text-white"
        >
          Logout
        </button>
      </div>
    </div>
  );
}
