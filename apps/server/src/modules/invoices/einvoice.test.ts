import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TaxDocument } from '@pumpkart/shared';
import type { Inv01 } from '../../irp/inv01-types';
import { irnOf } from '../../irp/irn';
import { IrpUnavailable, type IrnCancelInput, type IrpClient } from '../../irp/irp';
import { SandboxIrp, sandboxIrpKey } from '../../irp/sandbox';
import { verifyQr } from '../../irp/signed-qr';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { deliverWebhooksByInject, orderBody, payOnline, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';
import { inv01Of } from './einvoice-inv01';
import { reportDueEinvoices } from './einvoice-reporter';
import { createTaxedProduct, documentsOf, silentLog, validGstinFor } from './test-support';

/** The sandbox behind a switch that takes it off the network, and a clock the test moves. */
class TestIrp implements IrpClient {
  readonly name = 'sandbox' as const;
  down = false;
  now = new Date();
  readonly keys = sandboxIrpKey(null);
  readonly sandbox = new SandboxIrp(this.keys, () => this.now);
  readonly sent: Inv01[] = [];
  generate(payload: Inv01) {
    if (this.down) return Promise.reject(new IrpUnavailable('connect ECONNREFUSED'));
    this.sent.push(payload);
    return this.sandbox.generate(payload);
  }
  cancel(input: IrnCancelInput) {
    return this.sandbox.cancel(input);
  }
}

const irp = new TestIrp();
let t: TestApp;
let adminToken: string;
const BUYER_GSTIN = validGstinFor('29');

beforeAll(async () => {
  t = await createTestApp({ EINVOICE_POLL_INTERVAL_MS: '3600000' }, { irp });
  deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/store',
    headers: bearer(adminToken),
    payload: { ...DEMO_STORE_SETTINGS_INPUT, einvoiceEnabled: true },
  });
  expect(saved.json()).toMatchObject({ einvoiceEnabled: true });
});
afterAll(() => t?.close());

const report = () => reportDueEinvoices(t.db, irp, silentLog);
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(adminToken), payload });

/** A paid online order of two products and the delivery charge (split over their rates), by a business buyer in Karnataka (or a consumer). */
async function paidOrder(b2b = true) {
  const buyer = await createTestUser(t.app);
  const pump = await createTaxedProduct(t.db, { price: 23_600, stock: 5 });
  const vest = await createTaxedProduct(t.db, { hsnCode: '62114390', gstRate: 5, price: 420, stock: 5 });
  const body = orderBody([{ product: pump.product }, { product: vest.product, quantity: 2 }], {
    address: testAddress({ state: 'Karnataka' }),
  });
  if (b2b) body.customer = { ...body.customer, gstin: BUYER_GSTIN, businessName: 'Shree Fuels LLP' };
  const order = await placeOrderOk(t.app, buyer.token, body);
  await payOnline(t.app, buyer.token, order._id);
  return { buyer, order };
}

async function pdfText(orderId: string, kind: 'invoice' | 'credit-note') {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/${kind}`, headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text;
}

describe('e-invoicing a B2B invoice', () => {
  // Two PDFs rendered and read: allowed more time on a loaded machine.
  it(
    'issues it pending, then registers it with the IRN computed as NIC does and a QR the IRP signed',
    { timeout: 90_000 },
    async () => {
      const { order } = await paidOrder();
      const [pending] = await documentsOf(t.db, order._id);
      expect(pending).toMatchObject({ kind: 'invoice', einvoiceStatus: 'pending', irn: null });
      expect(await pdfText(order._id, 'invoice')).toContain('not final until it is registered');

      expect(await report()).toEqual({ registered: 1, failed: 0 });
      const [row] = await documentsOf(t.db, order._id);
      const document = row!.document as TaxDocument;
      const irn = irnOf({
        sellerGstin: document.seller.gstin,
        financialYear: row!.financialYear.replace(/^(\d{4})-/, '$1-'),
        docType: 'INV',
        docNo: row!.number,
      });
      expect(row).toMatchObject({ einvoiceStatus: 'registered', irn, ackNo: expect.stringMatching(/^\d{15}$/) });
      expect(verifyQr(row!.signedQrCode!, irp.keys.publicKey)).toMatchObject({
        SellerGstin: document.seller.gstin,
        BuyerGstin: BUYER_GSTIN,
        DocNo: row!.number,
        DocTyp: 'INV',
        ItemCnt: 4,
        MainHsnCode: '84131100',
        Irn: irn,
      });

      const text = await pdfText(order._id, 'invoice');
      expect(text).toContain(irn);
      expect(text).toContain(`Ack No.: ${row!.ackNo}`);
      expect(text).toMatch(/Ack Date: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
      expect(text).toContain('Signed QR code of the Invoice Registration Portal');
    },
  );

  it('sends JSON that the INV-01 schema (version 1.1) accepts, with totals that add up', async () => {
    const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../irp/inv01.schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true, multipleOfPrecision: 6 }).compile(schema);
    const { order } = await paidOrder();
    const [row] = await documentsOf(t.db, order._id);
    const payload = inv01Of(row!.document as TaxDocument);
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect(payload).toMatchObject({
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: row!.number },
      SellerDtls: { Gstin: DEMO_STORE_SETTINGS_INPUT.gstin, Stcd: '27' },
      BuyerDtls: { Gstin: BUYER_GSTIN, LglNm: 'Shree Fuels LLP', Pos: '29', Stcd: '29' },
    });
    const items = payload.ItemList;
    // The delivery charge apportioned over the two rates takes the goods' HSN codes: goods to the IRP, one unit each.
    expect(items.map((item) => [item.HsnCd, item.IsServc, item.Qty]).sort()).toEqual([
      ['62114390', 'N', 1],
      ['62114390', 'N', 2],
      ['84131100', 'N', 1],
      ['84131100', 'N', 1],
    ]);
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
    expect(sum(items.map((item) => item.AssAmt))).toBe(payload.ValDtls.AssVal);
    expect(sum(items.map((item) => item.IgstAmt))).toBe(payload.ValDtls.IgstVal);
    expect(sum([...items.map((item) => item.TotItemVal), payload.ValDtls.RndOffAmt])).toBe(payload.ValDtls.TotInvVal);
    expect(payload.ValDtls.TotInvVal * 100).toBe(row!.totalPaise);
    // A wrong field fails the schema: the test would see a broken mapping.
    expect(validate({ ...payload, DocDtls: { ...payload.DocDtls, Dt: '2026-11-12' } })).toBe(false);
  });

  it('leaves a B2C invoice alone', async () => {
    const { order } = await paidOrder(false);
    const [row] = await documentsOf(t.db, order._id);
    expect(row).toMatchObject({ einvoiceStatus: null, irn: null });
    expect(await pdfText(order._id, 'invoice')).not.toContain('E-invoice');
  });
});

describe('when the portal is down', () => {
  it('takes the payment and issues the invoice pending; retries later; the admin may send it at once', async () => {
    await report();
    irp.down = true;
    const { order } = await paidOrder();
    const [issued] = await documentsOf(t.db, order._id);
    expect(issued!.einvoiceStatus).toBe('pending');
    expect(await report()).toEqual({ registered: 0, failed: 1 });
    const [waiting] = await documentsOf(t.db, order._id);
    expect(waiting).toMatchObject({
      einvoiceStatus: 'pending',
      einvoiceAttempts: 1,
      einvoiceError: expect.stringContaining('ECONNREFUSED'),
    });
    expect(waiting!.einvoiceNextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the next pass leaves it.
    expect(await report()).toEqual({ registered: 0, failed: 0 });

    irp.down = false;
    const list = await admin('GET', '/einvoices?status=pending');
    expect(list.json()).toMatchObject({ provider: 'sandbox', enabled: true });
    const item = list.json().items.find((entry: { number: string }) => entry.number === issued!.number);
    expect(item).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringContaining('ECONNREFUSED') });
    const retried = await admin('POST', `/einvoices/${item.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'registered', irn: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await admin('POST', `/einvoices/${item.id}/retry`)).statusCode).toBe(409);
  });
});

describe('cancelling an IRN within 24 hours', () => {
  it('cancels it at the IRP; the invoice stays issued, and the credit note of the cancelled order is not reported', async () => {
    const { buyer, order } = await paidOrder();
    await report();
    const [invoice] = await documentsOf(t.db, order._id);
    const bad = await admin('POST', `/einvoices/${invoice!.id}/cancel`, { reason: '7', remark: '' });
    expect(bad.statusCode).toBe(400);
    const res = await admin('POST', `/einvoices/${invoice!.id}/cancel`, { reason: '2', remark: 'Wrong buyer GSTIN' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: '2 Data entry mistake: Wrong buyer GSTIN' });
    expect((await admin('POST', `/einvoices/${invoice!.id}/cancel`, { reason: '2', remark: 'x' })).statusCode).toBe(
      409,
    );
    expect(await pdfText(order._id, 'invoice')).toMatch(/IRN cancelled: \d{2}-\d{2}-\d{4}/);

    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(cancelled.statusCode).toBe(200);
    const [, note] = await documentsOf(t.db, order._id);
    expect(note).toMatchObject({ kind: 'credit-note', einvoiceStatus: null });
  });

  it('refuses after 24 hours (the shop checks, and so does the IRP)', async () => {
    const { order } = await paidOrder();
    await report();
    const [invoice] = await documentsOf(t.db, order._id);
    irp.now = new Date(invoice!.ackDate!.getTime() + 24 * 3600_000 + 1000);
    await expect(
      irp.cancel({ gstin: DEMO_STORE_SETTINGS_INPUT.gstin, irn: invoice!.irn!, reason: '3', remark: 'late' }),
    ).rejects.toThrow(/^2270/);
    irp.now = new Date();
    const { cancelIrn } = await import('./einvoice-cancel');
    await expect(
      cancelIrn(
        t.db,
        irp,
        invoice!.id,
        { reason: '3', remark: 'late' },
        new Date(invoice!.ackDate!.getTime() + 25 * 3600_000),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('within 24 hours') });
  });
});

describe('credit notes of e-invoiced invoices', () => {
  it('reports the credit note of a cancelled order as CRN naming the invoice', async () => {
    const { buyer, order } = await paidOrder();
    await report();
    await t.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}/cancel`, headers: bearer(buyer.token) });
    const [invoice, note] = await documentsOf(t.db, order._id);
    expect(note!.einvoiceStatus).toBe('pending');
    irp.sent.length = 0;
    expect(await report()).toEqual({ registered: 1, failed: 0 });
    expect(irp.sent[0]).toMatchObject({
      DocDtls: { Typ: 'CRN', No: note!.number },
      RefDtls: { PrecDocDtls: [{ InvNo: invoice!.number }] },
    });
    const [, registered] = await documentsOf(t.db, order._id);
    expect(registered!.einvoiceStatus).toBe('registered');
    expect(await pdfText(order._id, 'credit-note')).toContain(`Ack No.: ${registered!.ackNo}`);
  });
});
