/**
 * Route guards (docs/shop-rules.md#permissions, docs/shop-rules.md#staff): buyer pages send a logged-out visitor
 * to /login; the back office opens for the owner and the staff (a logged-out visitor goes to /login, a buyer to /),
 * and each of its pages only for the roles with its area: anyone else sees that they have no access to it.
 * The login redirects remember the page asked for (`state.from`), where login returns (docs/shop-rules.md#accounts).
 */
import { isBackOffice, mayOpen, type Area } from '@pumpkart/shared';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { adminHomeOf } from '../../config/admin-pages';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';

export const NO_ACCESS_TEXT = {
  title: 'You do not have access to this page',
  body: 'Your role does not include this part of the back office. Ask the owner if you need it.',
  home: 'Go to your first page',
} as const;

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAppSelector((state) => state.session.token);
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children;
}

export function RequireBackOffice({ children }: { children: ReactNode }) {
  const { token, role } = useAppSelector((state) => state.session);
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!isBackOffice(role)) return <Navigate to={paths.home} replace />;
  return children;
}

/** One back-office page: shown to the roles with its area, else the no-access message. */
export function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  const role = useAppSelector((state) => state.session.role);
  if (mayOpen(role, area)) return children;
  return (
    <section aria-labelledby="no-access-title" className="mx-auto max-w-xl rounded-xl bg-white p-6 shadow-sm">
      <h1 id="no-access-title" className="text-xl font-semibold text-slate-900">
        {NO_ACCESS_TEXT.title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{NO_ACCESS_TEXT.body}</p>
      <Link
        to={adminHomeOf(role)}
        className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {NO_ACCESS_TEXT.home}
      </Link>
    </section>
  );
}
