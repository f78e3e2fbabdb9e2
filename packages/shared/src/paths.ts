/**
 * Every route path of the web app, defined once: the app's route table (apps/web/src/App.tsx) is made of them, and
 * the server answers 404 for a page address none of them matches (apps/server/src/plugins/static-files.ts), so that
 * crawlers never index the app's "Page not found" as a page.
 */
export const paths = {
  home: '/',
  /** An old address of the home page: the app sends it on to `home`. */
  homeAlias: '/home',
  login: '/login',
  signup: '/signup',
  /** Password reset by e-mail (docs/shop-rules.md#password-reset): ask for a link, then set the new password. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** A staff invite's link: the reset page, worded for a first password (docs/shop-rules.md#staff). */
  setPassword: '/set-password',
  about: '/about',
  policy: '/policy',
  terms: '/terms',
  contact: '/contact',
  cart: '/cart',
  payment: '/payment',
  profile: '/profile',
  favorites: '/favorites',
  /** SKUs and quantities typed or pasted, checked, then added to the cart (docs/shop-rules.md#buying-again). */
  quickOrder: '/quick-order',
  orders: '/order',
  /** One order's confirmation and details (the buyer's own). */
  order: '/order/:orderId',
  /** The buyer's requests for quote, and one of them (docs/shop-rules.md#quotes). */
  quotes: '/quotes',
  quote: '/quotes/:quoteId',
  /** The person's business: create it, or see and manage it (docs/shop-rules.md#business-accounts). */
  business: '/business',
  /** An invitation's e-mailed link (`#token=…`): accept it and join the business. */
  businessJoin: '/business/join',
  /** The business's orders waiting for approval, for its approvers and admin. */
  businessApprovals: '/business/approvals',
  /** One outlet's register: its equipment and the tasks overdue and due (docs/shop-rules.md#assets). */
  outletRegister: '/business/outlets/:outletId/register',
  /**
   * A reminder's link (docs/shop-rules.md#reminders): puts `product` in the cart for `outlet`, booked for `date` when
   * it is a service, and opens the cart (bookingPath builds it).
   */
  book: '/book',
  category: '/category/:categoryName',
  /** One product: a modal over the page it was opened from, or a page of its own (features/product). */
  product: '/product/:productId',
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    products: '/admin/products',
    orders: '/admin/orders',
    analytics: '/admin/analytics',
    payments: '/admin/PaymentInfo',
    /** The store's business details (docs/shop-rules.md#store-settings). */
    settings: '/admin/settings',
    /** The monthly GST report and its GSTR-1 files (docs/shop-rules.md#gst-report). */
    gstReport: '/admin/gst-report',
    /** The B2B documents reported to the e-invoice portal: retry, cancel an IRN (docs/shop-rules.md#e-invoicing). */
    einvoices: '/admin/einvoices',
    /** Every e-mail the shop sent or kept, and each one's preview (docs/shop-rules.md#emails). */
    emails: '/admin/emails',
    /** Every recorded admin change, by person and kind (docs/shop-rules.md#audit). */
    activity: '/admin/activity',
    /** The owner's staff accounts: invite, change role, remove (docs/shop-rules.md#staff). */
    staff: '/admin/staff',
    /** The owner's price lists for businesses and their assignment (docs/shop-rules.md#business-prices). */
    priceLists: '/admin/price-lists',
    /** The compliance tasks of outlets' equipment: the owner's intervals and tasks (docs/compliance-schedules.md). */
    complianceSchedules: '/admin/compliance-schedules',
    /** What falls due across all customers' outlets in the next 30/60/90 days: the service pipeline. */
    dueTasks: '/admin/due-tasks',
    /** Requests for quote: answer, revise, decline (docs/shop-rules.md#quotes). */
    quotes: '/admin/quotes',
    /** Businesses and people, their orders, spent and owed (docs/shop-rules.md#customers-page). */
    customers: '/admin/customers',
    /** The signed-in person's own account: change password. */
    account: '/admin/account',
  },
} as const;

/** The category page of a category; the name is URL-encoded. */
export const categoryPath = (name: string) => `/category/${encodeURIComponent(name)}`;

/** The confirmation page of an order. */
export const orderPath = (id: string) => `/order/${encodeURIComponent(id)}`;

/** One request for quote, the buyer's page. */
export const quotePath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** One outlet's register page. */
export const outletRegisterPath = (outletId: string) => `/business/outlets/${encodeURIComponent(outletId)}/register`;

/** A reminder's one-click link: the product into the cart for the outlet, for the day it is booked (a service). */
export const bookingPath = ({ productId, outletId, date }: { productId: string; outletId: string; date?: string }) =>
  `/book?${new URLSearchParams({ product: productId, outlet: outletId, ...(date ? { date } : {}) }).toString()}`;

/** The product view of a product. */
export const productPath = (id: string) => `/product/${encodeURIComponent(id)}`;

const storefrontPatterns = Object.values(paths).filter(
  (path): path is Exclude<typeof path, object> => typeof path === 'string',
);

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * Whether the app has a page at `pathname` (as React Router matches: letters in any case, a trailing slash allowed,
 * `:name` one non-empty segment). The back office's addresses are all the admin app's: it sends an unknown one on
 * to its start page.
 */
export function isAppPath(pathname: string): boolean {
  const segments = segmentsOf(pathname).map((segment) => segment.toLowerCase());
  if (segments[0] === paths.admin.root.slice(1)) return true;
  return storefrontPatterns.some((pattern) => {
    const parts = segmentsOf(pattern);
    return (
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index])
    );
  });
}
