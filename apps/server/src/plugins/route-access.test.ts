/**
 * Every route's guard (docs/shop-rules.md#staff, docs/shop-rules.md#permissions), against the real database: the
 * app's routes, collected as they are added, must be exactly those of the table below, so a new route cannot slip
 * in unguarded. Each route that needs a login answers 401 without one; each back-office route answers 403 to every
 * role without its area and lets each role with it past the guard (whatever the handler then says of the empty
 * request: 400, 404... but never 401 or 403).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayOpen, SERVER_MESSAGES, type Area, type Role } from '@pumpkart/shared';
import { users } from '../db/schema';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { createTestUser } from '../test/factories';

type Access = 'public' | 'user' | Area;

/** Who may call each route: anyone, any logged-in user, or one area of the back office. */
const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'PUT /api/auth/update-profile': 'user',
  'POST /api/auth/change-password': 'user',
  'POST /api/auth/logout-all': 'user',
  'GET /api/products': 'public',
  'GET /api/products/categories/list': 'public',
  'GET /api/products/brands/list': 'public',
  'GET /api/products/suggest': 'public',
  'GET /api/products/:id': 'public',
  'GET /api/products/admin/all': 'catalog',
  'GET /api/products/admin/low-stock': 'catalog',
  'GET /api/products/admin/:id': 'catalog',
  'POST /api/products': 'catalog',
  'PUT /api/products/:id': 'catalog',
  'POST /api/products/remove-image': 'catalog',
  'DELETE /api/products/:id': 'catalog',
  'DELETE /api/products/:id/destroy': 'catalog',
  'GET /api/products/export.csv': 'catalog',
  'POST /api/products/import/dry-run': 'catalog',
  'POST /api/products/import/apply': 'catalog',
  'GET /api/products/stats': 'owner',
  'GET /api/pincode/:code': 'public',
  'GET /api/cart': 'user',
  'POST /api/cart/add': 'user',
  'PUT /api/cart/update': 'user',
  'DELETE /api/cart/remove': 'user',
  'DELETE /api/cart/clear': 'user',
  'POST /api/cart/reorder': 'user',
  'POST /api/cart/quick-order': 'user',
  'GET /api/admin/customers': 'orders',
  'GET /api/admin/customers/export.csv': 'orders',
  'GET /api/admin/customers/:kind/:id': 'orders',
  // The owner's due view, annual maintenance contracts' visits, today's reminders now (docs/shop-rules.md#due-view, #amc).
  'GET /api/admin/due-tasks': 'orders',
  'GET /api/admin/due-tasks.csv': 'orders',
  'GET /api/admin/amc/visits': 'orders',
  'POST /api/admin/amc/visits/:id/done': 'orders',
  'POST /api/admin/reminders/run': 'orders',
  'GET /api/favorites': 'user',
  'POST /api/favorites/:productId/toggle': 'user',
  'POST /api/orders': 'user',
  'GET /api/orders/me': 'user',
  // A buyer's own order and its documents; the orders area reads every order (orders/service.ts).
  'GET /api/orders/:id': 'user',
  'GET /api/orders/:id/invoice': 'user',
  'GET /api/orders/:id/credit-note': 'user',
  'PATCH /api/orders/:id/cancel': 'user',
  // Returns (modules/returns): the buyer asks and reads; the orders area decides, receives and refunds; the owner
  // issues debit notes. A note's PDF is the buyer's or the orders area's, as the invoice is.
  'GET /api/orders/:id/returns': 'user',
  'POST /api/orders/:id/returns': 'user',
  'GET /api/orders/:id/documents/:documentId': 'user',
  'POST /api/orders/:id/returns/:returnId/approve': 'orders',
  'POST /api/orders/:id/returns/:returnId/refuse': 'orders',
  'POST /api/orders/:id/returns/:returnId/receive': 'orders',
  'POST /api/orders/:id/returns/:returnId/refund': 'orders',
  'POST /api/orders/:id/debit-notes': 'owner',
  'GET /api/orders': 'orders',
  'GET /api/orders/export.csv': 'orders',
  'GET /api/orders/:id/eway-bill.json': 'orders',
  'PUT /api/orders/:id/status': 'orders',
  'GET /api/payments/config': 'public',
  'POST /api/payments/create': 'user',
  'POST /api/payments/verify': 'user',
  'GET /api/payments': 'orders',
  'PATCH /api/payments/:orderId/cod': 'orders',
  'GET /api/payments/bank/orders/:orderId': 'user',
  'POST /api/payments/bank/orders/:orderId/transfers': 'user',
  'POST /api/payments/bank/orders/:orderId/online': 'user',
  'POST /api/payments/bank/transfers/:transferId/confirm': 'orders',
  'POST /api/payments/bank/transfers/:transferId/reject': 'orders',
  'PUT /api/payments/bank/orders/:orderId/terms': 'orders',
  'POST /api/payments/webhook': 'public',
  'GET /api/payments/sandbox/checkout.js': 'public',
  'GET /api/payments/sandbox/window': 'public',
  'GET /api/payments/sandbox/window.js': 'public',
  'GET /api/payments/sandbox/orders/:orderId': 'public',
  'POST /api/payments/sandbox/pay': 'user',
  'POST /api/payments/sandbox/fail': 'user',
  'GET /api/settings/store': 'public',
  'PUT /api/settings/store': 'owner',
  'GET /api/admin/gst-report': 'owner',
  'GET /api/admin/einvoices': 'owner',
  'POST /api/admin/einvoices/:id/retry': 'owner',
  'POST /api/admin/einvoices/:id/cancel': 'owner',
  'GET /api/admin/emails': 'owner',
  'GET /api/admin/emails/:id': 'owner',
  'POST /api/admin/emails/:id/retry': 'owner',
  'GET /api/admin/audit': 'owner',
  'GET /api/admin/audit/actors': 'owner',
  'GET /api/admin/staff': 'owner',
  'POST /api/admin/staff': 'owner',
  'PATCH /api/admin/staff/:id': 'owner',
  'DELETE /api/admin/staff/:id': 'owner',
  // Price lists (modules/price-lists, docs/shop-rules.md#business-prices): the owner's.
  'GET /api/admin/price-lists': 'owner',
  'GET /api/admin/price-lists/businesses': 'owner',
  'GET /api/admin/price-lists/:id': 'owner',
  'POST /api/admin/price-lists': 'owner',
  'PUT /api/admin/price-lists/:id': 'owner',
  'PUT /api/admin/price-lists/:id/businesses': 'owner',
  'DELETE /api/admin/price-lists/:id': 'owner',
  // Compliance schedules (modules/compliance, docs/compliance-schedules.md#owner-changes): the owner's.
  'GET /api/admin/compliance/schedule': 'owner',
  'PUT /api/admin/compliance/defaults/:key': 'owner',
  'DELETE /api/admin/compliance/defaults/:key': 'owner',
  'POST /api/admin/compliance/tasks': 'owner',
  'PATCH /api/admin/compliance/tasks/:key': 'owner',
  'DELETE /api/admin/compliance/tasks/:key': 'owner',
  // Requests for quote (modules/quotes): any logged-in buyer asks, and reads, writes, withdraws, accepts and
  // downloads the quotes they may see (their own and their business's, else 404); the orders area answers.
  'POST /api/quotes': 'user',
  'GET /api/quotes': 'user',
  'GET /api/quotes/:id': 'user',
  'POST /api/quotes/:id/messages': 'user',
  'POST /api/quotes/:id/cancel': 'user',
  'POST /api/quotes/:id/accept': 'user',
  'GET /api/quotes/:id/pdf': 'user',
  'GET /api/admin/quotes': 'orders',
  'GET /api/admin/quotes/:id': 'orders',
  'POST /api/admin/quotes/:id/versions': 'orders',
  'POST /api/admin/quotes/:id/messages': 'orders',
  'POST /api/admin/quotes/:id/decline': 'orders',
  // Business accounts (modules/business): any logged-in person; what each may do follows their role in their business.
  'GET /api/business': 'user',
  'POST /api/business': 'user',
  'PATCH /api/business': 'user',
  'POST /api/business/outlets': 'user',
  'PATCH /api/business/outlets/:id': 'user',
  'DELETE /api/business/outlets/:id': 'user',
  'POST /api/business/invitations': 'user',
  'DELETE /api/business/invitations/:id': 'user',
  'POST /api/business/invitations/accept': 'user',
  'PATCH /api/business/members/:id': 'user',
  'DELETE /api/business/members/:id': 'user',
  'GET /api/business/approvals': 'user',
  'POST /api/business/approvals/:id/approve': 'user',
  'POST /api/business/approvals/:id/reject': 'user',
  // The outlet register (modules/assets, docs/shop-rules.md#assets): any person of the business reads, a viewer may not write.
  'GET /api/business/outlets/:id/register': 'user',
  'GET /api/business/outlets/:id/amc': 'user',
  'POST /api/business/outlets/:id/assets': 'user',
  'PATCH /api/business/assets/:id': 'user',
  'POST /api/business/assets/:id/move': 'user',
  'POST /api/business/assets/:id/retire': 'user',
  'POST /api/business/assets/:id/records': 'user',
  'POST /api/business/assets/:id/records/upload': 'user',
  'PUT /api/business/records/:id/attachment': 'user',
  'GET /api/business/records/:id/attachment': 'user',
  'GET /api/business/outlets/:id/register.pdf': 'user',
  'POST /api/business/outlets/:id/calendar': 'user',
  'POST /api/business/outlets/:id/calendar/reset': 'user',
  // The calendar feed: calendar apps send no login; the outlet's secret token in the URL is the key (else 404).
  'GET /api/calendar/outlets/:id.ics': 'public',
  'GET /uploads/*': 'public',
};

const AREA_REFUSALS: Record<Area, string> = {
  owner: SERVER_MESSAGES.adminOnly,
  orders: SERVER_MESSAGES.ordersAreaOnly,
  catalog: SERVER_MESSAGES.catalogAreaOnly,
};

const ROLES_CHECKED: Role[] = ['customer', 'orders_staff', 'catalog_staff', 'admin'];

let t: TestApp;
const accounts = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES_CHECKED) accounts.set(role, (await createTestUser(t.app, { role })).user.id);
});
afterAll(() => t?.close());

/** A fresh token of the role's account: a route such as logout-all revokes the earlier ones. */
async function tokenOf(role: Role): Promise<string> {
  const id = accounts.get(role)!;
  const [row] = await t.db.select({ ver: users.tokenVersion }).from(users).where(eq(users.id, id));
  return t.app.signToken({ sub: id, role, ver: row!.ver });
}

/** The route's path with a fresh id for each parameter. */
const concrete = (url: string) => url.replace(/:\w+/g, () => randomUUID()).replace('*', 'x');

function call(route: string, token?: string) {
  const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  return t.app.inject({
    method,
    url: concrete(url),
    headers: token ? bearer(token) : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

it('has every route of the app in the table, and nothing else', () => {
  const routes = t.routes.map(({ method, url }) => `${method} ${url}`).sort();
  expect(routes).toEqual(Object.keys(ROUTE_ACCESS).sort());
});

const guarded = Object.entries(ROUTE_ACCESS).filter(
  (entry): entry is [string, Exclude<Access, 'public'>] => entry[1] !== 'public',
);

describe.each(guarded)('%s (%s)', (route, access) => {
  it('answers 401 without a login', async () => {
    // Every guard runs in onRequest, before the body is validated (plugins/auth.ts).
    expect((await call(route)).statusCode).toBe(401);
  });

  it.each(ROLES_CHECKED)('as %s: past the guard exactly when the role may', async (role) => {
    const res = await call(route, await tokenOf(role));
    if (access === 'user' || mayOpen(role, access)) {
      expect([401, 403], `${role} on ${route}: ${res.body}`).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: AREA_REFUSALS[access] });
    }
  });
});
