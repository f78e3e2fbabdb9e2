/**
 * Route guards (docs/shop-rules.md#permissions): buyer pages send a logged-out visitor to /login;
 * the admin area opens only for an admin (a logged-out visitor goes to /login, a customer to /).
 * Both remember the page asked for (`state.from`), where login returns (docs/shop-rules.md#accounts).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useAppSelector } from '../store/hooks';

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAppSelector((state) => state.session.token);
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { token, role } = useAppSelector((state) => state.session);
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (role !== 'admin') return <Navigate to={paths.home} replace />;
  return children;
}
