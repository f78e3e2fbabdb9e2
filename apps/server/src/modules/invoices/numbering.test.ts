import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { financialYearOf } from '@pumpkart/shared';
import { documentSequences, orders, taxDocuments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { capturedEvent, openPayment, orderBody, placeOrderOk, signedWebhook } from '../../test/commerce-factories';
import { createTestUser } from '../../test/factories';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { cancelOrderInTransaction } from '../orders';
import { issueInvoiceIfAbsent } from './issuing';
import { createTaxedProduct, documentsOf, enterSellerDetails, recordingLog, silentLog } from './test-support';

let t: TestApp;
beforeAll(async () => {
  // Many unpaid online orders at once for one buyer: the concurrency test opens 50.
  t = await createTestApp({ MAX_OPEN_UNPAID_ORDERS: '100' });
  await enterSellerDetails(t);
});
afterAll(() => t?.close());

const sequenceOf = (number: string) => Number(number.split('/').pop());

/** `n` pending online orders of one buyer, each with its gateway order opened. */
async function openedOrders(n: number) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTaxedProduct(t.db, { price: 590, stock: n });
  const opened: { orderId: string; rzpOrderId: string; amount: number }[] = [];
  for (let i = 0; i < n; i += 1) {
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    const { rzpOrderId, amount } = await openPayment(t.app, buyer.token, order._id);
    opened.push({ orderId: order._id, rzpOrderId, amount });
  }
  return opened;
}

describe('invoice numbers', () => {
  it('gives 50 payments settled at the same moment 50 distinct, consecutive numbers with no gap', async () => {
    const opened = await openedOrders(50);
    const answers = await Promise.all(
      opened.map(({ rzpOrderId, amount }, i) =>
        t.app.inject(signedWebhook('payment.captured', capturedEvent(rzpOrderId, `pay_Concurrent${i}`, amount))),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(opened.map(() => 200));
    const numbers = (await Promise.all(opened.map(({ orderId }) => documentsOf(t.db, orderId)))).map((documents) => {
      expect(documents).toHaveLength(1);
      return documents[0]!.number;
    });
    const fy = financialYearOf(new Date());
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const number of numbers) expect(number).toMatch(new RegExp(`^PK/${fy.shortLabel}/\\d{6}$`));
    const [series] = await t.db
      .select()
      .from(documentSequences)
      .where(and(eq(documentSequences.series, 'invoice'), eq(documentSequences.financialYear, fy.label)));
    expect(series!.nextValue).toBe(51);
  });

  it('gives a number back when the issuing transaction rolls back, so the series keeps no gap', async () => {
    const [first, second] = await openedOrders(2);
    const now = new Date('2029-06-15T06:00:00Z'); // FY 2029-30, a series of its own in this file
    await expect(
      t.db.transaction(async (tx) => {
        const issued = await issueInvoiceIfAbsent(tx, first!.orderId, { log: silentLog, now });
        expect(issued?.number).toBe('PK/29-30/000001');
        throw new Error('the payment failed after all');
      }),
    ).rejects.toThrow('the payment failed after all');
    expect(await documentsOf(t.db, first!.orderId)).toEqual([]);
    const issued = await t.db.transaction((tx) => issueInvoiceIfAbsent(tx, second!.orderId, { log: silentLog, now }));
    expect(issued?.number).toBe('PK/29-30/000001');
  });

  it('starts a new series on 1 April in India: 23:59 on 31 March and 00:00 on 1 April IST', async () => {
    const orders = await openedOrders(4);
    const issueAt = (orderId: string, iso: string) =>
      t.db.transaction((tx) => issueInvoiceIfAbsent(tx, orderId, { log: silentLog, now: new Date(iso) }));
    // 23:59 IST on 31 March 2031 is 18:29 UTC; one minute later it is 1 April 2031 in India.
    const lastOfYear = await issueAt(orders[0]!.orderId, '2031-03-31T18:29:00Z');
    const firstOfNext = await issueAt(orders[1]!.orderId, '2031-03-31T18:30:00Z');
    const secondOfNext = await issueAt(orders[2]!.orderId, '2031-04-01T10:00:00Z');
    expect([lastOfYear?.number, firstOfNext?.number, secondOfNext?.number]).toEqual([
      'PK/30-31/000001',
      'PK/31-32/000001',
      'PK/31-32/000002',
    ]);
    expect([lastOfYear?.financialYear, firstOfNext?.financialYear]).toEqual(['2030-31', '2031-32']);

    // A credit note has a series of its own, numbered by the year of its own issue.
    const cancelled = await t.db.transaction((tx) =>
      cancelOrderInTransaction(tx, orders[0]!.orderId, ['pending'], 'cancelled', {
        log: silentLog,
        now: new Date('2031-04-02T05:00:00Z'),
        by: 'admin',
        owner: t.config.ADMIN_EMAIL,
      }),
    );
    expect(cancelled?.order.status).toBe('cancelled');
    const [note] = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orders[0]!.orderId), eq(taxDocuments.kind, 'credit-note')));
    expect(note).toMatchObject({ number: 'CN/31-32/000001', financialYear: '2031-32', referenceId: lastOfYear!.id });
    expect(note!.document).toMatchObject({
      reference: { number: 'PK/30-31/000001', issuedAt: '2031-03-31T18:29:00.000Z' },
    });
  });

  it('never fails the caller: a series that ran out logs an error, keeps its number and lets the payment through', async () => {
    const [order] = await openedOrders(1);
    await t.db.insert(documentSequences).values({
      sellerGstin: demoStoreSettings().gstin,
      series: 'invoice',
      financialYear: '2035-36',
      nextValue: 1_000_000,
    });
    const { log, errors } = recordingLog();
    const issued = await t.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'processing' }).where(eq(orders.id, order!.orderId));
      return issueInvoiceIfAbsent(tx, order!.orderId, { log, now: new Date('2035-07-01T06:00:00Z') });
    });
    expect(issued).toBeNull();
    expect(errors).toEqual(['the invoice could not be issued']);
    // The caller's own write is kept; the upsert of the number was rolled back with the savepoint.
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order!.orderId));
    expect(row!.status).toBe('processing');
    const [series] = await t.db
      .select()
      .from(documentSequences)
      .where(and(eq(documentSequences.series, 'invoice'), eq(documentSequences.financialYear, '2035-36')));
    expect(series!.nextValue).toBe(1_000_000);
    expect(await documentsOf(t.db, order!.orderId)).toEqual([]);
  });

  it('issues once however many callers race for one order', async () => {
    const [only] = await openedOrders(1);
    const now = new Date('2033-05-01T06:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.transaction((tx) => issueInvoiceIfAbsent(tx, only!.orderId, { log: silentLog, now })),
      ),
    );
    expect(new Set(results.map((row) => row?.number))).toEqual(new Set(['PK/33-34/000001']));
    expect(await documentsOf(t.db, only!.orderId)).toHaveLength(1);
  });
});
