/**
 * Debit notes and the credit note's time limit through the API (docs/shop-rules.md#debit-notes, #returns): the
 * owner's debit note in its own series, its PDF read back as text, cdnr/cdnur and table 13 listing it; a return's
 * credit note refused after 30 November following the invoice's financial year (CGST Act s.34(2)).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { financialYearOf, type OrderReturns, type TaxDocument } from '@pumpkart/shared';
import { taxDocuments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { deliverWebhooksByInject, orderBody, payOnline, placeOrderOk, statusBody } from '../../test/commerce-factories';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';
import { gstr1Csv } from './gstr1';
import { createTaxedProduct, enterSellerDetails, validGstinFor } from './test-support';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
  await enterSellerDetails(t);
});
afterAll(() => t?.close());

const fy = () => financialYearOf(new Date()).shortLabel;

async function deliveredOrder(gstin: string | null) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTaxedProduct(t.db, { title: 'Dispenser nozzle', price: 1180, stock: 10 });
  const body = orderBody([{ product, quantity: 2 }], {
    address: testAddress({ state: 'Karnataka' }),
    customer: {
      name: 'Asha Patel',
      email: 'asha@example.com',
      phone: '9123456780',
      ...(gstin ? { businessName: 'Sharma Fuels', gstin } : {}),
    },
  });
  const order = await placeOrderOk(t.app, buyer.token, body);
  await payOnline(t.app, buyer.token, order._id);
  for (const status of ['shipped', 'delivered']) {
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(adminToken),
      payload: statusBody(status),
    });
  }
  const data: OrderReturns = (
    await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/returns`, headers: bearer(buyer.token) })
  ).json().data;
  return { buyer, order, lineId: data.lines[0]!.orderItemId };
}

const debit = (orderId: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/debit-notes`, headers: bearer(token), payload });

async function pdfText(orderId: string, documentId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/documents/${documentId}`,
    headers: bearer(adminToken),
  });
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function rows(table: 'cdnr' | 'cdnur' | 'docs', documents: TaxDocument[]) {
  const lines: string[] = [];
  for await (const line of gstr1Csv(
    table,
    (async function* () {
      yield* documents;
    })(),
  )) {
    lines.push(line.trim());
  }
  return lines;
}

describe('a debit note', () => {
  it('raises lines of an invoiced order in its own series, on a PDF, in cdnr and table 13', async () => {
    const { buyer, order, lineId } = await deliveredOrder(validGstinFor('29'));
    expect((await debit(order._id, { lines: [{ orderItemId: lineId, amount: 118 }], reason: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await debit(order._id, { lines: [{ orderItemId: lineId, amount: 0 }], reason: 'Price raised' })).statusCode,
    ).toBe(400);
    expect(
      (await debit(order._id, { lines: [{ orderItemId: lineId, amount: 118 }], reason: 'Price raised' }, buyer.token))
        .statusCode,
    ).toBe(403);

    const res = await debit(order._id, {
      lines: [{ orderItemId: lineId, amount: 118 }],
      reason: 'Brass price revised by the maker after the invoice',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(`Debit note DN/${fy()}/000001 issued.`);
    const [ref] = res.json().data.debitNotes;
    expect(ref.number).toBe(`DN/${fy()}/000001`);
    const second = await debit(order._id, {
      lines: [{ orderItemId: lineId, amount: 59 }],
      reason: 'Freight surcharge',
    });
    expect(second.json().data.debitNotes.map((n: { number: string }) => n.number)).toEqual([
      `DN/${fy()}/000001`,
      `DN/${fy()}/000002`,
    ]);

    const [row] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, ref._id));
    expect(row!.document.lines).toEqual([
      expect.objectContaining({ kind: 'goods', ratePercent: 18, taxablePaise: 10_000, igstPaise: 1_800, quantity: 2 }),
    ]);
    expect(row!.totalPaise).toBe(11_800);

    const text = await pdfText(order._id, ref._id);
    expect(text).toContain('DEBIT NOTE');
    expect(text).toContain(`DN/${fy()}/000001`);
    expect(text).toContain('Debit note total');
    expect(text).toContain('Issued under CGST Rule 53');
    expect(text).toMatch(/Original invoice number: PK\/\d\d-\d\d\/\d{6}/);
    expect(text).toContain('Reason: Brass price revised by the maker after the invoice');
    expect(text).toMatch(/raises the value of the lines above of invoice PK\/\d\d-\d\d\/\d{6}/);
    expect(text).toContain('Brass price revised by the maker after the invoice');

    const cdnr = await rows('cdnr', [row!.document]);
    expect(cdnr[1]).toContain(`DN/${fy()}/000001`);
    expect(cdnr[1]!.split(',')[4]).toBe('D');
    const docs = await rows('docs', [row!.document]);
    expect(docs[1]).toBe(`Debit Note,DN/${fy()}/000001,DN/${fy()}/000001,1,0`);

    // The month's GST report adds the debit notes to the invoices, less the credit notes.
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const report = (
      await t.app.inject({ method: 'GET', url: `/api/admin/gst-report?month=${month}`, headers: bearer(adminToken) })
    ).json();
    expect(report.debitNotes).toMatchObject({ count: 2, totals: { taxable: 150, igst: 27, total: 177 } });
    expect(report.b2b).toMatchObject({ debitNoteCount: 2, debitNotes: { taxable: 150 } });
    const { invoices, creditNotes, debitNotes, net } = report;
    expect(net.totals.taxable).toBeCloseTo(
      invoices.totals.taxable - creditNotes.totals.taxable + debitNotes.totals.taxable,
      2,
    );
    expect(net.totals.tax).toBeCloseTo(invoices.totals.tax - creditNotes.totals.tax + debitNotes.totals.tax, 2);
  });

  it('is refused for an order without an invoice', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTaxedProduct(t.db, { price: 100, stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    const data: OrderReturns = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/returns`, headers: bearer(adminToken) })
    ).json().data;
    const res = await debit(order._id, {
      lines: [{ orderItemId: data.lines[0]!.orderItemId, amount: 10 }],
      reason: 'Raised',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order has no tax invoice yet, so no note can be issued against it.');
  });
});

describe("a return's credit note after the time limit", () => {
  it('is not issued after 30 November following the invoice year; the refund goes ahead and says so', async () => {
    const { buyer, order, lineId } = await deliveredOrder(null);
    // The invoice dated two financial years ago: its credit notes closed on 30 November of last year at the latest.
    const longAgo = new Date(Date.now() - 2 * 366 * 86_400_000);
    await t.db.update(taxDocuments).set({ issuedAt: longAgo }).where(eq(taxDocuments.orderId, order._id));
    const form = new FormData();
    form.append('request', JSON.stringify({ lines: [{ orderItemId: lineId, quantity: 1 }], reason: 'Leaking seal' }));
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/returns`,
      headers: bearer(buyer.token),
      payload: form as unknown as object,
    });
    const id = asked.json().data.returns[0]._id;
    const act = (action: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/returns/${id}/${action}`,
        headers: bearer(adminToken),
        ...(payload ? { payload } : {}),
      });
    await act('approve');
    await act('receive', { restock: true });
    const refunded = await act('refund');
    const lastDay = `${financialYearOf(longAgo).start + 1}-11-30`;
    expect(refunded.json().message).toBe(
      `Refund recorded. No credit note can be issued for this supply after ${lastDay} (CGST Act section 34(2)); the refund goes ahead without one.`,
    );
    expect(refunded.json().data.returns[0]).toMatchObject({ status: 'refunded', creditNote: null });
  });
});
