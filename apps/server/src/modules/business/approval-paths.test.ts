/**
 * The business's approval on the paths besides checkout (docs/shop-rules.md#business-accounts): a quote accepted by
 * a buyer above the approval limit waits for approval as a checkout order does (an approver's acceptance does not),
 * and an order that waits leaves the cart when it is placed, so its lines are not offered to be ordered twice
 * (docs/shop-rules.md#cart), while an online order that needs no approval keeps them until it is paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, indiaDateOf, type BusinessRole } from '@pumpkart/shared';
import { businesses, businessMembers, businessOutlets } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, payOnline, placeOrder, productStock } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';

let smtp: TestSmtpServer;
let t: TestApp;
let ownerToken: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  ownerToken = (await createTestAdmin(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A business with an approval limit of ₹1,000, one outlet, and a person in each of `roles`. */
async function business(roles: BusinessRole[]) {
  const [row] = await t.db
    .insert(businesses)
    .values({ legalName: 'Sharma Fuels Pvt Ltd', billingAddress: testAddress(), approvalLimitPaise: 100_000 })
    .returning({ id: businesses.id });
  const [outlet] = await t.db
    .insert(businessOutlets)
    .values({ businessId: row!.id, name: 'NH-48', address: testAddress(), brand: 'IOCL' })
    .returning({ id: businessOutlets.id });
  const people = [];
  for (const role of roles) {
    const person = await createTestUser(t.app, { name: `The ${role}` });
    await t.db.insert(businessMembers).values({ userId: person.user.id, businessId: row!.id, role });
    people.push(person);
  }
  return { outletId: outlet!.id, people };
}

/** A quote asked by `token` to the outlet, answered by the owner at `unitPrice`; answers its id. */
async function answeredQuote(token: string, outletId: string, productId: string, unitPrice: number) {
  const asked = await call('POST', '/api/quotes', token, {
    lines: [{ product: productId, quantity: 1 }],
    customer: { name: 'Ravi Buyer', email: 'ravi@example.com', phone: '9123456780' },
    outletId,
    notes: '',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().data._id as string;
  const lines = (await call('GET', `/api/admin/quotes/${id}`, ownerToken)).json().data.lines as { _id: string }[];
  const answered = await call('POST', `/api/admin/quotes/${id}/versions`, ownerToken, {
    lines: [{ lineId: lines[0]!._id, unitPrice }],
    shipping: 0,
    validUntil: indiaDateOf(new Date(Date.now() + 5 * 86_400_000)),
    advancePercent: 100,
    termsNote: '',
    notes: '',
  });
  expect(answered.statusCode, answered.body).toBe(201);
  return id;
}

const cartLines = async (token: string) =>
  (await call('GET', '/api/cart', token)).json().items.map((line: { product: { _id: string } }) => line.product._id);

describe('a quote accepted for a business', () => {
  it("waits for approval when a buyer's order is above the limit, and is told to the approvers", async () => {
    const { outletId, people } = await business(['buyer', 'approver']);
    const [buyer, approver] = people;
    const { product } = await createTestProduct(t.db, { price: 2000, stock: 5 });
    const quoteId = await answeredQuote(buyer!.token, outletId, product.id, 1800);
    const accepted = await call('POST', `/api/quotes/${quoteId}/accept`, buyer!.token, { version: 1 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().message).toMatch(/waits for approval by your business/);
    const orderId = accepted.json().data.orderId as string;
    const order = (await call('GET', `/api/orders/${orderId}`, buyer!.token)).json().data;
    expect(order).toMatchObject({ approvalStatus: 'pending', payBy: null, total: 1800 });
    expect(await productStock(t.db, product.id)).toBe(4);
    const pay = await call('POST', '/api/payments/create', buyer!.token, { orderId });
    expect(pay.json()).toEqual({ message: BUSINESS_MESSAGES.awaitingApproval });
    await t.app.ctx.mail.drain();
    const told = smtp.messages.filter((mail) => /waits for your approval/.test(mail.subject ?? ''));
    expect(told.flatMap((mail) => mail.envelope.to)).toContain(approver!.email);
    const waiting = (await call('GET', '/api/business/approvals', approver!.token)).json().orders;
    expect(waiting.map((one: { _id: string }) => one._id)).toContain(orderId);
    expect((await call('POST', `/api/business/approvals/${orderId}/approve`, approver!.token)).statusCode).toBe(200);
    await payOnline(t.app, buyer!.token, orderId);
    expect((await call('GET', `/api/orders/${orderId}`, buyer!.token)).json().data.status).toBe('processing');
  });

  it('needs no approval within the limit, or when an approver accepts', async () => {
    const { outletId, people } = await business(['buyer', 'approver']);
    const [buyer, approver] = people;
    const { product } = await createTestProduct(t.db, { price: 2000, stock: 5 });
    const within = await answeredQuote(buyer!.token, outletId, product.id, 900);
    const small = await call('POST', `/api/quotes/${within}/accept`, buyer!.token, { version: 1 });
    expect(small.json().message).toBe('Quote accepted: your order is placed.');
    const smallOrder = await call('GET', `/api/orders/${small.json().data.orderId}`, buyer!.token);
    expect(smallOrder.json().data.approvalStatus).toBeNull();
    // The buyer asked; an approver of the same business accepts above the limit: their acceptance is the approval.
    const above = await answeredQuote(buyer!.token, outletId, product.id, 1800);
    const byApprover = await call('POST', `/api/quotes/${above}/accept`, approver!.token, { version: 1 });
    expect(byApprover.statusCode, byApprover.body).toBe(201);
    const order = await call('GET', `/api/orders/${byApprover.json().data.orderId}`, approver!.token);
    expect(order.json().data).toMatchObject({ approvalStatus: null, payBy: expect.any(String) });
  });
});

describe('the cart and an order waiting for approval', () => {
  it('loses the lines of a waiting order when it is placed; an order within the limit keeps them until paid', async () => {
    const { outletId, people } = await business(['buyer', 'approver']);
    const [buyer, approver] = people;
    const big = await createTestProduct(t.db, { price: 1500, stock: 5 });
    const small = await createTestProduct(t.db, { price: 100, stock: 5 });
    for (const { product } of [big, small]) {
      await call('POST', '/api/cart/add', buyer!.token, { productId: product.id, quantity: 1 });
    }

    const within = await placeOrder(t.app, buyer!.token, { ...orderBody([{ product: small.product }]), outletId });
    expect(within.json().order.approvalStatus).toBeNull();
    expect(await cartLines(buyer!.token)).toEqual(expect.arrayContaining([big.product.id, small.product.id]));

    const waits = await placeOrder(t.app, buyer!.token, { ...orderBody([{ product: big.product }]), outletId });
    const orderId = waits.json().order._id as string;
    expect(waits.json().order.approvalStatus).toBe('pending');
    expect(await cartLines(buyer!.token)).toEqual([small.product.id]);

    // Put in the cart again meanwhile, the line is a new wish: paying the approved order leaves it there.
    await call('POST', '/api/cart/add', buyer!.token, { productId: big.product.id, quantity: 1 });
    expect((await call('POST', `/api/business/approvals/${orderId}/approve`, approver!.token)).statusCode).toBe(200);
    await payOnline(t.app, buyer!.token, orderId);
    expect(await cartLines(buyer!.token)).toEqual(expect.arrayContaining([big.product.id, small.product.id]));
    // The order within the limit, paid, takes its line out of the cart as any online order does.
    await payOnline(t.app, buyer!.token, within.json().order._id);
    expect(await cartLines(buyer!.token)).toEqual([big.product.id]);
  });
});
