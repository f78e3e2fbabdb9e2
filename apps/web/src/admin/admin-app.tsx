/**
 * The admin area, mounted by App.tsx at /admin/* behind RequireAdmin and loaded
 * lazily, so buyers never download it. Each page is a chunk of its own as well: the charts library
 * is fetched only by the dashboard and analytics pages. /admin goes to /admin/dashboard.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { AdminLayout } from './admin-layout';

const DashboardPage = lazy(() =>
  import('./dashboard/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
const ProductsPage = lazy(() =>
  import('./products/products-page').then((module) => ({ default: module.ProductsPage })),
);
const OrdersPage = lazy(() => import('./orders/orders-page').then((module) => ({ default: module.OrdersPage })));
const AnalyticsPage = lazy(() =>
  import('./analytics/analytics-page').then((module) => ({ default: module.AnalyticsPage })),
);
const PaymentsPage = lazy(() =>
  import('./payments/payments-page').then((module) => ({ default: module.PaymentsPage })),
);
const SettingsPage = lazy(() =>
  import('./settings/settings-page').then((module) => ({ default: module.SettingsPage })),
);
const GstReportPage = lazy(() =>
  import('./gst-report/gst-report-page').then((module) => ({ default: module.GstReportPage })),
);
const EmailsPage = lazy(() => import('./emails/emails-page').then((module) => ({ default: module.EmailsPage })));
const ActivityPage = lazy(() =>
  import('./activity/activity-page').then((module) => ({ default: module.ActivityPage })),
);
const ChangePasswordPage = lazy(() =>
  import('./account/change-password-page').then((module) => ({ default: module.ChangePasswordPage })),
);

/** The path of an admin page relative to /admin, e.g. 'dashboard'. */
const relative = (path: string) => path.slice(paths.admin.root.length + 1);

export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to={paths.admin.dashboard} replace />} />
        <Route path={relative(paths.admin.dashboard)} element={<DashboardPage />} />
        <Route path={relative(paths.admin.products)} element={<ProductsPage />} />
        <Route path={relative(paths.admin.orders)} element={<OrdersPage />} />
        <Route path={relative(paths.admin.analytics)} element={<AnalyticsPage />} />
        <Route path={relative(paths.admin.payments)} element={<PaymentsPage />} />
        <Route path={relative(paths.admin.gstReport)} element={<GstReportPage />} />
        <Route path={relative(paths.admin.emails)} element={<EmailsPage />} />
        <Route path={relative(paths.admin.activity)} element={<ActivityPage />} />
        <Route path={relative(paths.admin.settings)} element={<SettingsPage />} />
        <Route path={relative(paths.admin.account)} element={<ChangePasswordPage />} />
        <Route path="*" element={<Navigate to={paths.admin.dashboard} replace />} />
      </Route>
    </Routes>
  );
}
