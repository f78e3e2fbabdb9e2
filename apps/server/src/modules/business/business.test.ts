/**
 * Business accounts (docs/shop-rules.md#business-accounts) against the real database: creating a business, its
 * outlets and people (roles, the last admin), invitations by e-mail (used, expired, another account's), checkout
 * with an outlet (required, a viewer refused, a consumer unchanged), the approval of an order above the limit
 * (waiting, not payable, not swept, approved then paid; rejected and cancelled with its stock back), and who reads the
 * business's orders (a colleague yes, an outsider 404).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, type BusinessRole } from '@pumpkart/shared';
import { businessInvitations } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, payOnline, placeOrder, productStock } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { sweepExpiredOrders } from '../payments';

const SHOP = 'https://shop.example';
const ACCEPT_LINK = /https:\/\/shop\.example\/business\/join#token=[A-Za-z0-9_-]+/g;

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ PUBLIC_URL: `${SHOP}/`, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const businessBody = (overrides: Record<string, unknown> = {}) => ({
  legalName: 'Sharma Fuels Pvt Ltd',
  gstin: null,
  billingAddress: testAddress(),
  approvalLimit: 1000,
  ...overrides,
});
const outletBody = {
  name: 'Sharma Fuels, NH-48',
  address: testAddress({ city: 'Gurugram' }),
  brand: 'IOCL',
  dealerCode: 'IO-1234',
};

/** The e-mailed accept token of the latest invitation to `email`. */
async function inviteToken(email: string): Promise<string> {
  await t.app.ctx.mail.drain();
  const mails = smtp.messages.filter((mail) => mail.envelope.to.includes(email) && /^Join /.test(mail.subject ?? ''));
  const links = [...new Set(mails.at(-1)!.text!.match(ACCEPT_LINK))];
  expect(links).toHaveLength(1);
  return new URL(links[0]!).hash.replace(/^#token=/, '');
}

/** A business with its admin and one outlet. */
async function newBusiness(overrides: Record<string, unknown> = {}) {
  const admin = await createTestUser(t.app, { name: 'Anil Sharma' });
  const created = await call('POST', '/api/business', admin.token, businessBody(overrides));
  expect(created.statusCode, created.body).toBe(201);
  const withOutlet = await call('POST', '/api/business/outlets', admin.token, outletBody);
  expect(withOutlet.statusCode, withOutlet.body).toBe(200);
  const business = withOutlet.json().business;
  return { admin, business, outletId: business.outlets[0]._id as string };
}

/** A new account invited with `role` that accepted through the e-mailed link. */
async function addPerson(adminToken: string, role: BusinessRole, name = 'Ravi Kumar') {
  const person = await createTestUser(t.app, { name, email: `p-${randomUUID().slice(0, 8)}@example.com` });
  expect((await call('POST', '/api/business/invitations', adminToken, { email: person.email, role })).statusCode).toBe(
    200,
  );
  const accepted = await call('POST', '/api/business/invitations/accept', person.token, {
    token: await inviteToken(person.email),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return person;
}

describe('a business and its people', () => {
  it('is created by a person in none, who becomes its admin; a second is 409', async () => {
    const { admin, business } = await newBusiness();
    expect(business).toMatchObject({ legalName: 'Sharma Fuels Pvt Ltd', role: 'admin', approvalLimit: 1000 });
    expect(business.members).toEqual([expect.objectContaining({ email: admin.email, role: 'admin' })]);
    expect((await call('POST', '/api/business', admin.token, businessBody())).statusCode).toBe(409);
    expect((await call('GET', '/api/business', admin.token)).json().business._id).toBe(business._id);
  });

  it('checks the GSTIN like the profile does', async () => {
    const person = await createTestUser(t.app);
    const res = await call('POST', '/api/business', person.token, businessBody({ gstin: '27ABCDE' }));
    expect(res.statusCode).toBe(400);
  });

  it('lets only the admin change it; roles change; the last admin stays', async () => {
    const { admin } = await newBusiness();
    const buyer = await addPerson(admin.token, 'buyer');
    expect((await call('PATCH', '/api/business', buyer.token, businessBody())).json()).toEqual({
      message: BUSINESS_MESSAGES.adminOnly,
    });
    const changed = await call('PATCH', `/api/business/members/${buyer.user.id}`, admin.token, { role: 'approver' });
    expect(changed.json().business.members).toContainEqual(expect.objectContaining({ role: 'approver' }));
    const lastAdmin = await call('PATCH', `/api/business/members/${admin.user.id}`, admin.token, { role: 'buyer' });
    expect(lastAdmin.statusCode).toBe(409);
    expect((await call('DELETE', `/api/business/members/${admin.user.id}`, admin.token)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/business/members/${buyer.user.id}`, admin.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/business', buyer.token)).json()).toEqual({ business: null });
    const audit = await call('GET', '/api/admin/audit?entityType=business', (await createTestAdmin(t.app)).token);
    const kinds = audit.json().data.map((event: { kind: string }) => event.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'business.created',
        'business.invited',
        'business.joined',
        'business.role_changed',
        'business.member_removed',
      ]),
    );
  });

  it('refuses a used, expired or withdrawn invitation, and another account accepting it', async () => {
    const { admin } = await newBusiness();
    const invitee = await createTestUser(t.app);
    await call('POST', '/api/business/invitations', admin.token, { email: invitee.email, role: 'viewer' });
    const token = await inviteToken(invitee.email);
    const stranger = await createTestUser(t.app);
    const other = await call('POST', '/api/business/invitations/accept', stranger.token, { token });
    expect(other.statusCode).toBe(403);
    expect((await call('POST', '/api/business/invitations/accept', invitee.token, { token })).statusCode).toBe(200);
    const again = await call('POST', '/api/business/invitations/accept', invitee.token, { token });
    expect(again.json()).toEqual({ message: BUSINESS_MESSAGES.invitationUnusable });

    const late = await createTestUser(t.app);
    await call('POST', '/api/business/invitations', admin.token, { email: late.email, role: 'buyer' });
    const lateToken = await inviteToken(late.email);
    await t.db
      .update(businessInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessInvitations.email, late.email));
    expect((await call('POST', '/api/business/invitations/accept', late.token, { token: lateToken })).statusCode).toBe(
      400,
    );
  });
});

describe('buying for a business', () => {
  it('needs one of the business outlets, delivers there, and refuses a viewer', async () => {
    const { admin, outletId } = await newBusiness({ approvalLimit: null });
    const { product } = await createTestProduct(t.db, { price: 500, stock: 10 });
    const body = orderBody([{ product, quantity: 1 }]);
    expect((await placeOrder(t.app, admin.token, body)).json()).toEqual({ message: BUSINESS_MESSAGES.outletRequired });
    const other = await newBusiness();
    expect((await placeOrder(t.app, admin.token, { ...body, outletId: other.outletId })).statusCode).toBe(400);
    const placed = await placeOrder(t.app, admin.token, { ...body, outletId });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({
      approvalStatus: null,
      address: { city: 'Gurugram' },
      businessName: 'Sharma Fuels Pvt Ltd',
    });

    const viewer = await addPerson(admin.token, 'viewer');
    const refused = await placeOrder(t.app, viewer.token, { ...body, outletId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: BUSINESS_MESSAGES.viewerCannotBuy });
  });

  it("orders beyond the store's per-product cap, which holds a consumer only", async () => {
    const { admin, outletId } = await newBusiness({ approvalLimit: null });
    const { product } = await createTestProduct(t.db, { price: 400, stock: 500 });
    const uniforms = orderBody([{ product, quantity: 180 }]);
    const placed = await placeOrder(t.app, admin.token, { ...uniforms, outletId });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.items[0].quantity).toBe(180);
    const consumer = await placeOrder(t.app, (await createTestUser(t.app)).token, uniforms);
    expect(consumer.statusCode).toBe(409);
    expect(consumer.json().message).toMatch(/^You can order at most 10 of /);
  });

  it('leaves a consumer as before: no outlet, no approval, only their own orders', async () => {
    const consumer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 5000, stock: 10 });
    const res = await placeOrder(t.app, consumer.token, orderBody([{ product, quantity: 1 }]));
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ approvalStatus: null, payBy: expect.any(String), businessName: null });
    const outlet = await placeOrder(
      t.app,
      consumer.token,
      orderBody([{ product, quantity: 1 }], { outletId: randomUUID() }),
    );
    expect(outlet.statusCode).toBe(400);
  });

  it("shares the business's orders with colleagues, not with outsiders", async () => {
    const { admin, outletId } = await newBusiness({ approvalLimit: null });
    const viewer = await addPerson(admin.token, 'viewer', 'Vimala Rao');
    const { product } = await createTestProduct(t.db, { price: 500, stock: 10 });
    const order = (await placeOrder(t.app, admin.token, { ...orderBody([{ product, quantity: 1 }]), outletId })).json()
      .order;
    const mine = (await call('GET', '/api/orders/me', viewer.token)).json().orders;
    expect(mine).toEqual([
      expect.objectContaining({ _id: order._id, user: expect.objectContaining({ name: 'Anil Sharma' }) }),
    ]);
    expect((await call('GET', `/api/orders/${order._id}`, viewer.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/orders/${order._id}/returns`, viewer.token)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/orders/${order._id}/cancel`, viewer.token)).statusCode).toBe(404);
    const outsider = await createTestUser(t.app);
    expect((await call('GET', `/api/orders/${order._id}`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order._id}/invoice`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/orders/me', outsider.token)).json().orders).toEqual([]);
  });
});

describe('approval above the limit', () => {
  it("holds a buyer's order until an approver approves it; then it is paid", async () => {
    const { admin, outletId } = await newBusiness({ approvalLimit: 1000 });
    const buyer = await addPerson(admin.token, 'buyer');
    const approver = await addPerson(admin.token, 'approver', 'Asha Approver');
    const { product } = await createTestProduct(t.db, { price: 1500, stock: 5 });
    const small = await createTestProduct(t.db, { price: 100, stock: 5 });
    const within = await placeOrder(t.app, buyer.token, { ...orderBody([{ product: small.product }]), outletId });
    expect(within.json().order.approvalStatus).toBeNull();

    const res = await placeOrder(t.app, buyer.token, { ...orderBody([{ product, quantity: 1 }]), outletId });
    const order = res.json().order;
    expect(order).toMatchObject({ approvalStatus: 'pending', payBy: null });
    expect(await productStock(t.db, product.id)).toBe(4);
    await t.app.ctx.mail.drain();
    const notified = smtp.messages.filter((mail) => /waits for your approval/.test(mail.subject ?? ''));
    expect(notified.flatMap((mail) => mail.envelope.to)).toEqual(expect.arrayContaining([admin.email, approver.email]));

    const pay = await call('POST', '/api/payments/create', buyer.token, { orderId: order._id });
    expect(pay.json()).toEqual({ message: BUSINESS_MESSAGES.awaitingApproval });
    const owner = await createTestAdmin(t.app);
    const moved = await call('PUT', `/api/orders/${order._id}/status`, owner.token, { status: 'processing' });
    expect(moved.json()).toEqual({ message: BUSINESS_MESSAGES.awaitingApproval });
    // The sweeper leaves it alone however long it waits: it cannot be paid yet.
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    await sweepExpiredOrders(t.app.ctx, silent, new Date(Date.now() + 3 * 86_400_000));
    expect((await call('GET', `/api/orders/${order._id}`, buyer.token)).json().data.status).toBe('pending');
    expect((await call('GET', '/api/business/approvals', buyer.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/business/approvals/${order._id}/approve`, buyer.token)).statusCode).toBe(403);
    const outsider = await newBusiness();
    expect((await call('POST', `/api/business/approvals/${order._id}/approve`, outsider.admin.token)).statusCode).toBe(
      404,
    );

    const waiting = (await call('GET', '/api/business/approvals', approver.token)).json().orders;
    expect(waiting.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    const approved = await call('POST', `/api/business/approvals/${order._id}/approve`, approver.token);
    expect(approved.json()).toMatchObject({
      message: BUSINESS_MESSAGES.approved,
      data: { approvalStatus: 'approved', payBy: expect.any(String) },
    });
    expect((await call('POST', `/api/business/approvals/${order._id}/approve`, approver.token)).statusCode).toBe(409);
    await payOnline(t.app, buyer.token, order._id);
    expect((await call('GET', `/api/orders/${order._id}`, buyer.token)).json().data.status).toBe('processing');
  });

  it('cancels a rejected order and returns its stock', async () => {
    const { admin, outletId } = await newBusiness({ approvalLimit: 1000 });
    const buyer = await addPerson(admin.token, 'buyer');
    const { product } = await createTestProduct(t.db, { price: 1500, stock: 5 });
    const order = (await placeOrder(t.app, buyer.token, { ...orderBody([{ product }]), outletId })).json().order;
    expect(await productStock(t.db, product.id)).toBe(4);
    const rejected = await call('POST', `/api/business/approvals/${order._id}/reject`, admin.token);
    expect(rejected.json()).toMatchObject({
      message: BUSINESS_MESSAGES.rejected,
      data: { status: 'cancelled', approvalStatus: 'rejected' },
    });
    expect(await productStock(t.db, product.id)).toBe(5);
  });

  it('needs no approval for an approver or admin placing above the limit', async () => {
    const { admin, outletId } = await newBusiness({ approvalLimit: 1000 });
    const { product } = await createTestProduct(t.db, { price: 1500, stock: 5 });
    const order = (await placeOrder(t.app, admin.token, { ...orderBody([{ product }]), outletId })).json().order;
    expect(order.approvalStatus).toBeNull();
  });
});
