/**
 * The admin area, mounted by App.tsx at /admin/* behind RequireBackOffice and loaded
 * lazily, so buyers never download it. Each page is a chunk of its own as well: the charts library
 * is fetched only by the dashboard and analytics pages. Each page opens only for the roles with its area
 * (config/admin-pages.ts, docs/shop-rules.md#staff); /admin and an unknown page go to the person's first page.
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ADMIN_PAGES, adminHomeOf } from '../config/admin-pages';
import { paths } from '../config/paths';
import { RequireArea } from '../shop/layout/guards';
import { useAppSelector } from '../store/hooks';
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
const EinvoicesPage = lazy(() =>
  import('./einvoices/einvoices-page').then((module) => ({ default: module.EinvoicesPage })),
);
const EmailsPage = lazy(() => import('./emails/emails-page').then((module) => ({ default: module.EmailsPage })));
const ActivityPage = lazy(() =>
  import('./activity/activity-page').then((module) => ({ default: module.ActivityPage })),
);
const PriceListsPage = lazy(() =>
  import('./price-lists/price-lists-page').then((module) => ({ default: module.PriceListsPage })),
);
const ComplianceSchedulesPage = lazy(() =>
  import('./compliance/compliance-page').then((module) => ({ default: module.ComplianceSchedulesPage })),
);
const CustomersPage = lazy(() =>
  import('./customers/customers-page').then((module) => ({ default: module.CustomersPage })),
);
const DueTasksPage = lazy(() =>
  import('./due-tasks/due-tasks-page').then((module) => ({ default: module.DueTasksPage })),
);
const StaffPage = lazy(() => import('./staff/staff-page').then((module) => ({ default: module.StaffPage })));
const AdminQuotesPage = lazy(() =>
  import('./quotes/quotes-page').then((module) => ({ default: module.AdminQuotesPage })),
);
const AdminQuoteScreen = lazy(() =>
  import('./quotes/quote-screen').then((module) => ({ default: module.AdminQuoteScreen })),
);
const ChangePasswordPage = lazy(() =>
  import('./account/change-password-page').then((module) => ({ default: module.ChangePasswordPage })),
);

/** The path of an admin page relative to /admin, e.g. 'dashboard'. */
const relative = (path: string) => path.slice(paths.admin.root.length + 1);

/** Each menu page's component. */
const PAGE_COMPONENTS: Record<string, ComponentType> = {
  [paths.admin.dashboard]: DashboardPage,
  [paths.admin.products]: ProductsPage,
  [paths.admin.orders]: OrdersPage,
  [paths.admin.analytics]: AnalyticsPage,
  [paths.admin.payments]: PaymentsPage,
  [paths.admin.gstReport]: GstReportPage,
  [paths.admin.einvoices]: EinvoicesPage,
  [paths.admin.emails]: EmailsPage,
  [paths.admin.activity]: ActivityPage,
  [paths.admin.quotes]: AdminQuotesPage,
  [paths.admin.staff]: StaffPage,
  [paths.admin.priceLists]: PriceListsPage,
  [paths.admin.complianceSchedules]: ComplianceSchedulesPage,
  [paths.admin.customers]: CustomersPage,
  [paths.admin.dueTasks]: DueTasksPage,
  [paths.admin.settings]: SettingsPage,
};

export default function AdminApp() {
  const home = adminHomeOf(useAppSelector((state) => state.session.role));
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to={home} replace />} />
        {ADMIN_PAGES.map(({ to, area }) => {
          const Page = PAGE_COMPONENTS[to]!;
          return (
            <Route
              key={to}
              path={relative(to)}
              element={
                <RequireArea area={area}>
                  <Page />
                </RequireArea>
              }
            />
          );
        })}
        <Route
          path={`${relative(paths.admin.quotes)}/:quoteId`}
          element={
            <RequireArea area="orders">
              <AdminQuoteScreen />
            </RequireArea>
          }
        />
        <Route path={relative(paths.admin.account)} element={<ChangePasswordPage />} />
        <Route path="*" element={<Navigate to={home} replace />} />
      </Route>
    </Routes>
  );
}
