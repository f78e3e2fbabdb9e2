/**
 * Who may open what in the back office (docs/shop-rules.md#staff), in one place for the server's guards and the
 * web app's menu and pages. The back office is three areas: `orders` (orders and payments), `catalog` (products)
 * and `owner` (everything else: dashboard, analytics, settings, GST report, e-mails, activity, staff). The owner
 * (the `admin` role) opens all three; orders staff only `orders`; catalog staff only `catalog`; a buyer none.
 */
import type { Role, StaffRole } from './status';

export const AREAS = ['orders', 'catalog', 'owner'] as const;
export type Area = (typeof AREAS)[number];

export const ROLE_AREAS: Record<Role, readonly Area[]> = {
  admin: AREAS,
  orders_staff: ['orders'],
  catalog_staff: ['catalog'],
  customer: [],
};

/** True when this role may open this area of the back office. */
export const mayOpen = (role: Role | null | undefined, area: Area): boolean =>
  role != null && ROLE_AREAS[role].includes(area);

/** True for the roles that work in the back office: the owner and the staff. */
export const isBackOffice = (role: Role | null | undefined): boolean => role != null && ROLE_AREAS[role].length > 0;

/** How the back office names each role. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Owner',
  orders_staff: 'Orders staff',
  catalog_staff: 'Catalog staff',
  customer: 'Customer',
};

/** What each staff role may do, as the Staff page's role choice says it. */
export const STAFF_ROLE_SCOPES: Record<StaffRole, string> = {
  orders_staff: 'Orders and payments only',
  catalog_staff: 'Products only',
};
