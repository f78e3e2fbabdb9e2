/**
 * The admin sidebar: greets the user by stored name (default Admin) with their role (Owner, Orders staff, Catalog
 * staff), links to the admin pages their role may open (config/admin-pages.ts, docs/shop-rules.md#staff: the owner
 * sees all eleven; GST report: docs/shop-rules.md#gst-report; E-invoices: docs/shop-rules.md#e-invoicing; E-mails: docs/shop-rules.md#emails; Activity:
 * docs/shop-rules.md#audit; Staff: the owner's invites; Settings: docs/shop-rules.md#store-settings) with the
 * current one marked, Change password (their own account), and Logout (the one logout: the session listener
 * clears all local storage), which goes to /login.
 */
import { ROLE_LABELS } from '@pumpkart/shared';
import { NavLink, useNavigate } from 'react-router';
import { adminPagesOf } from '../config/admin-pages';
import { paths } from '../config/paths';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { loggedOut } from '../store/session-slice';

export interface SidebarProps {
  /** Called after a link is followed (the collapsed sidebar closes itself). */
  onNavigate?: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const { name, role } = useAppSelector((state) => state.session);
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
        {role && (
          <p className="mt-0.5 text-sm text-slate-400" data-testid="admin-role">
            {ROLE_LABELS[role]}
          </p>
        )}
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {adminPagesOf(role).map((link) => (
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
