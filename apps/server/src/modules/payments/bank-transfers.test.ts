/**
 * Bank transfer with an advance (docs/shop-rules.md#bank-transfer): offered only once the owner entered the bank
 * details; a 30 % advance confirmed moves the order to processing; shipping is refused until the balance is in;
 * partial amounts add up; a rejected transfer counts for nothing; more than is due is refused; the dashboard's
 * revenue counts only confirmed money; the tax invoice is issued once fully paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BANK_MESSAGES } from '@pumpkart/shared';
import { outboxMessages } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, orderRowOf, placeOrder, placeOrderOk, statusBody } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { recordTransfer } from './bank-transfers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const BANK = {
  enabled: true,
  accountName: 'PumpKart Equipment Pvt Ltd',
  accountNumber: '50200012345678',
  ifsc: 'hdfc0001234',
  bankBranch: 'HDFC Bank, Camp, Pune',
  upiId: '',
};

async function offerBankTransfer(bankDetails: object | null) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/store',
    headers: bearer(adminToken),
    payload: { ...demoStoreSettings(), bankDetails },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/payments/bank${url}`, headers: bearer(token), payload });
const record = (orderId: string, token: string, utr: string, amount: number) =>
  inject('POST', `/orders/${orderId}/transfers`, token, { utr, amount, transferredOn: '2026-01-05' });
const confirm = (id: string) => inject('POST', `/transfers/${id}/confirm`, adminToken);
const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(adminToken),
    payload: statusBody(status),
  });
const revenue = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(adminToken) });
  return res.json().revenue as number;
};

async function bankOrder(price = 1000) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTestProduct(t.db, { stock: 10, price });
  return { buyer, body: orderBody([{ product, quantity: 1 }], { paymentMode: 'bank' }) };
}

describe('bank transfer with an advance', () => {
  it('is refused until the owner offers it, and the settings check the IFSC', async () => {
    await offerBankTransfer(null);
    const { buyer, body } = await bankOrder();
    const refused = await placeOrder(t.app, buyer.token, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Bank transfer is not available.');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: bearer(adminToken),
      payload: { ...demoStoreSettings(), bankDetails: { ...BANK, ifsc: 'HDFC1234' } },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await offerBankTransfer(BANK);
    expect(saved.bankDetails).toMatchObject({ ifsc: 'HDFC0001234', upiId: null });
    const config = (await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json();
    expect(config.bankTransfer.accountNumber).toBe('50200012345678');
  });

  it('takes a 30 % advance, then the balance, refusing shipping before; revenue follows what was confirmed', async () => {
    await offerBankTransfer(BANK);
    const { buyer, body } = await bankOrder(1000);
    const order = await placeOrderOk(t.app, buyer.token, body);
    expect(order.status).toBe('pending');
    const total = order.total;
    const mails = await t.db
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, (await orderRowOf(t.db, order._id)).customerEmail));
    expect(mails.map((m) => m.kind)).toContain('bank-transfer-due');

    const terms = await inject('PUT', `/orders/${order._id}/terms`, adminToken, { advancePercent: 30 });
    expect(terms.statusCode, terms.body).toBe(200);
    const advance = Math.ceil(total * 30) / 100;
    expect(terms.json().terms).toMatchObject({ advancePercent: 30, advance, dueNow: advance, received: 0 });
    // Only its buyer and the back office read it.
    const stranger = await createTestUser(t.app);
    expect((await inject('GET', `/orders/${order._id}`, stranger.token)).statusCode).toBe(404);

    const before = await revenue();
    // Part of the advance, then the rest: the order moves on only once the advance is complete.
    const first = await record(order._id, buyer.token, 'hdfc n5 2026 0105 01', 100);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().transfer.utr).toBe('HDFCN52026010501');
    expect((await record(order._id, buyer.token, 'HDFCN52026010501', 50)).json().message).toBe(
      'This UTR number was already recorded.',
    );
    expect((await record(order._id, buyer.token, 'SHORT', 50)).statusCode).toBe(400);
    const tooMuch = await record(order._id, buyer.token, 'HDFCN52026010599', total);
    expect(tooMuch.statusCode).toBe(409);
    expect(await revenue()).toBe(before);
    expect((await confirm(first.json().transfer._id)).statusCode).toBe(200);
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    expect(await revenue()).toBe(before + 100);

    // A rejected transfer counts for nothing.
    const wrong = await record(order._id, buyer.token, 'ICICR52026010502', advance - 100);
    const rejected = await inject('POST', `/transfers/${wrong.json().transfer._id}/reject`, adminToken, {
      reason: 'Not in our statement',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().transfer).toMatchObject({ status: 'rejected', rejectReason: 'Not in our statement' });
    expect((await confirm(wrong.json().transfer._id)).statusCode).toBe(409);

    const rest = await record(order._id, buyer.token, 'ICICR52026010503', advance - 100);
    expect((await confirm(rest.json().transfer._id)).statusCode).toBe(200);
    const processing = await orderRowOf(t.db, order._id);
    expect(processing.status).toBe('processing');
    // Terms are fixed once money came in.
    expect((await inject('PUT', `/orders/${order._id}/terms`, adminToken, { advancePercent: 50 })).statusCode).toBe(
      409,
    );

    // Not shipped before the balance is in: the shared rule's message names it.
    const ship = await setStatus(order._id, 'shipped');
    expect(ship.statusCode).toBe(409);
    expect(ship.json().message).toMatch(/^The balance of ₹.* has not been received yet/);
    const view = (await inject('GET', `/orders/${order._id}`, buyer.token)).json();
    expect(view.dueNow).toBeCloseTo(total - advance, 2);

    const balance = await record(order._id, buyer.token, 'SBIN52026010504', view.dueNow);
    expect((await confirm(balance.json().transfer._id)).statusCode).toBe(200);
    const paid = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(buyer.token) })
    ).json();
    const dto = paid.order ?? paid.data ?? paid;
    expect(dto.payment).toMatchObject({ mode: 'bank', status: 'success' });
    expect(dto.received).toBe(total);
    expect(await revenue()).toBeCloseTo(before + total, 2);
    expect((await record(order._id, buyer.token, 'SBIN52026010505', 1)).statusCode).toBe(409);
    expect((await setStatus(order._id, 'shipped')).statusCode).toBe(200);
  });

  it('owes confirmed money back when cancelled, taking it out of the revenue', async () => {
    await offerBankTransfer(BANK);
    const { buyer, body } = await bankOrder(500);
    const order = await placeOrderOk(t.app, buyer.token, body);
    const before = await revenue();
    const sent = await record(order._id, buyer.token, 'AXIS52026010601', order.total);
    await confirm(sent.json().transfer._id);
    expect(await revenue()).toBeCloseTo(before + order.total, 2);
    const cancel = await setStatus(order._id, 'cancelled');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await revenue()).toBeCloseTo(before, 2);
    const view = (await inject('GET', `/orders/${order._id}`, adminToken)).json();
    expect(view.transfers[0].status).toBe('returned');
  });

  it('lets the owner cancel an order whose advance never came, and other modes stay as they were', async () => {
    await offerBankTransfer(BANK);
    const { buyer, body } = await bankOrder(300);
    const order = await placeOrderOk(t.app, buyer.token, body);
    expect((await setStatus(order._id, 'processing')).statusCode).toBe(409);
    expect((await setStatus(order._id, 'cancelled')).statusCode).toBe(200);
    const online = await placeOrderOk(t.app, buyer.token, { ...body, paymentMode: 'online' });
    expect((await setStatus(online._id, 'cancelled')).json().message).toBe(
      "This order's payment is not complete yet, so its status cannot be changed.",
    );
    expect((await inject('GET', `/orders/${online._id}`, buyer.token)).json().message).toBe(
      'This order is not paid by bank transfer.',
    );
  });
});

describe("a transfer's date", () => {
  it("may be India's today just after midnight there, when the UTC date is still yesterday's", async () => {
    await offerBankTransfer(BANK);
    const { buyer, body } = await bankOrder(1000);
    const order = await placeOrderOk(t.app, buyer.token, body);
    // 7 December 2026, 19:00 UTC: 00:30 on 8 December in India.
    const now = new Date('2026-12-07T19:00:00Z');
    const transfer = (utr: string, transferredOn: string) =>
      recordTransfer(t.app.ctx, buyer.user.id, order._id, { utr, amount: 10, transferredOn }, now);
    await expect(transfer('HDFCN52026120901', '2026-12-09')).rejects.toThrow(BANK_MESSAGES.transferredOn);
    const today = await transfer('HDFCN52026120801', '2026-12-08');
    expect(today).toMatchObject({ transferredOn: '2026-12-08', status: 'recorded' });
  });
});
