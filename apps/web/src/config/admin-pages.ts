/**
 * The back office's pages in menu order, each with the area of docs/shop-rules.md#staff that opens it: the
 * sidebar lists a person's pages, each page's guard checks its area, and login lands a person on their first page
 * (the owner on the dashboard, orders staff on Orders, catalog staff on Products).
 */
import { mayOpen, type Area, type Role } from '@pumpkart/shared';
import { paths } from './paths';

export interface AdminPage {
  to: string;
  label: string;
  area: Area;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  { to: paths.admin.dashboard, label: 'Dashboard', area: 'owner' },
  { to: paths.admin.products, label: 'Products', area: 'catalog' },
  { to: paths.admin.orders, label: 'Orders', area: 'orders' },
  { to: paths.admin.quotes, label: 'Quotes', area: 'orders' },
  { to: paths.admin.analytics, label: 'Analytics', area: 'owner' },
  { to: paths.admin.payments, label: 'Payments', area: 'orders' },
  { to: paths.admin.customers, label: 'Customers', area: 'orders' },
  { to: paths.admin.dueTasks, label: 'Due tasks', area: 'orders' },
  { to: paths.admin.gstReport, label: 'GST report', area: 'owner' },
  { to: paths.admin.einvoices, label: 'E-invoices', area: 'owner' },
  { to: paths.admin.emails, label: 'E-mails', area: 'owner' },
  { to: paths.admin.activity, label: 'Activity', area: 'owner' },
  { to: paths.admin.staff, label: 'Staff', area: 'owner' },
  { to: paths.admin.priceLists, label: 'Price lists', area: 'owner' },
  { to: paths.admin.complianceSchedules, label: 'Compliance schedules', area: 'owner' },
  { to: paths.admin.settings, label: 'Settings', area: 'owner' },
];

/** The pages this role may open, in menu order. */
export const adminPagesOf = (role: Role | null): AdminPage[] => ADMIN_PAGES.filter((page) => mayOpen(role, page.area));

/** Where this role starts in the back office: its first page. */
export const adminHomeOf = (role: Role | null): string => adminPagesOf(role)[0]?.to ?? paths.home;
