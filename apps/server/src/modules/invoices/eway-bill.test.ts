/**
 * E-way bills (CGST Rule 138, docs/shop-rules.md#e-way-bills) and the transporter's copy (CGST Rule 48(1)): a
 * consignment above ₹50,000 is shipped with its 12-digit e-way bill number and the vehicle or transporter, or with
 * the reason it goes without one (kept in the audit trail); the invoice's bulk generation file passes the JSON
 * Schema written from the portal's format; the transporter's copy prints the number and the vehicle; a buyer whose
 * GSTIN is from another state is billed in that state and shipped to the delivery state.
 */
import Ajv from 'ajv';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES, type AuditEventDto, type TaxDocument } from '@pumpkart/shared';
import { orders } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, orderRowOf, payOnline, placeOrderOk, TEST_SHIPMENT } from '../../test/commerce-factories';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';
import schema from './eway-bill.schema.json';
import { createTaxedProduct, documentsOf, enterSellerDetails, validGstinFor } from './test-support';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  await enterSellerDetails(t);
});
afterAll(() => t?.close());

const validate = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(schema);

const setStatus = (orderId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, headers: bearer(adminToken), payload });
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** A paid online order (invoiced at payment), its total set to `totalPaise` where given. */
async function paidOrder(options: { totalPaise?: number; gstin?: string; state?: string } = {}) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTaxedProduct(t.db, { price: 1180, stock: 10 });
  const body = orderBody([{ product }], { address: testAddress({ state: options.state ?? 'Karnataka' }) });
  if (options.gstin) body.customer = { ...body.customer, businessName: 'Shree Fuels', gstin: options.gstin };
  const order = await placeOrderOk(t.app, buyer.token, body);
  await payOnline(t.app, buyer.token, order._id);
  // The consignment's value is the order's total: set straight, to sit either side of ₹50,000 to the paisa.
  if (options.totalPaise !== undefined) {
    await t.db.update(orders).set({ totalPaise: options.totalPaise }).where(eq(orders.id, order._id));
  }
  return { order, buyer };
}

async function historyOf(orderId: string): Promise<AuditEventDto[]> {
  const res = await get(`/api/admin/audit?entityType=order&entityId=${orderId}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('shipping a consignment above ₹50,000', () => {
  it('ships ₹50,000.00 without an e-way bill, but refuses ₹50,000.01 without one or a reason (400, nothing written)', async () => {
    const atThreshold = await paidOrder({ totalPaise: 5_000_000 });
    const ok = await setStatus(atThreshold.order._id, { status: 'shipped', shipment: TEST_SHIPMENT });
    expect(ok.statusCode, ok.body).toBe(200);

    const above = await paidOrder({ totalPaise: 5_000_001 });
    const refused = await setStatus(above.order._id, { status: 'shipped', shipment: TEST_SHIPMENT });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SERVER_MESSAGES.ewayBillRequired('₹50,000.01'));
    const row = await orderRowOf(t.db, above.order._id);
    expect([row.status, row.courier, row.shippedAt, row.ewayBillNumber]).toEqual(['processing', null, null, null]);
  });

  it('stores the number with the vehicle (compacted, upper case) and answers them on the order', async () => {
    const { order } = await paidOrder({ totalPaise: 7_500_000 });
    const shipment = { ...TEST_SHIPMENT, ewayBillNumber: '1312 3456 7890', vehicleNumber: 'mh 12-ab 1234' };
    const res = await setStatus(order._id, { status: 'shipped', shipment });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.shipment).toMatchObject({
      ewayBillNumber: '131234567890',
      vehicleNumber: 'MH12AB1234',
      transporterId: null,
    });
    const [change] = await historyOf(order._id);
    expect(change!.changes).toMatchObject({
      ewayBillNumber: { before: null, after: '131234567890' },
      vehicleNumber: { before: null, after: 'MH12AB1234' },
    });
  });

  it('ships without one when told why, keeping the reason in the audit trail', async () => {
    const { order } = await paidOrder({ totalPaise: 6_000_000 });
    const reason = 'Buyer collects from our shop counter';
    const res = await setStatus(order._id, {
      status: 'shipped',
      shipment: { ...TEST_SHIPMENT, noEwayBillReason: reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [change] = await historyOf(order._id);
    expect(change!.changes).toMatchObject({ noEwayBillReason: { before: null, after: reason } });
  });

  it('refuses a malformed number, vehicle or transporter ID, and a number without either, naming the problem', async () => {
    const { order } = await paidOrder({ totalPaise: 6_000_000 });
    const cases: Array<[object, string]> = [
      [{ ewayBillNumber: '12345678901', vehicleNumber: 'MH12AB1234' }, SERVER_MESSAGES.ewayBillNumberInvalid],
      [{ ewayBillNumber: '12345678901A', vehicleNumber: 'MH12AB1234' }, SERVER_MESSAGES.ewayBillNumberInvalid],
      [{ ewayBillNumber: '123456789012', vehicleNumber: 'MH1' }, SERVER_MESSAGES.vehicleNumberInvalid],
      [{ ewayBillNumber: '123456789012', transporterId: '27AAHCP4821K1' }, SERVER_MESSAGES.transporterIdInvalid],
      [{ ewayBillNumber: '123456789012' }, SERVER_MESSAGES.ewayBillTransportRequired],
    ];
    for (const [extra, message] of cases) {
      const res = await setStatus(order._id, { status: 'shipped', shipment: { ...TEST_SHIPMENT, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
  });
});

describe("the invoice's e-way bill file and transporter's copy", () => {
  it('downloads the bulk generation JSON that passes the schema, with the vehicle once shipped (admin only)', async () => {
    const { order, buyer } = await paidOrder({ totalPaise: undefined });
    const before = await get(`/api/orders/${order._id}/eway-bill.json`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['content-disposition']).toMatch(/^attachment; filename="EWB-PK-\d\d-\d\d-\d{6}\.json"$/);
    const file = before.json();
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    const [bill] = file.billLists;
    const doc = (await documentsOf(t.db, order._id))[0]!.document as TaxDocument;
    expect(bill).toMatchObject({
      userGstin: '27AAHCP4821K1Z6',
      supplyType: 'O',
      subSupplyType: 1,
      docType: 'INV',
      docNo: doc.number,
      transType: 1,
      fromStateCode: 27,
      toGstin: 'URP',
      toStateCode: 29,
      actualToStateCode: 29,
      toPincode: 560001,
      totInvValue: (await orderRowOf(t.db, order._id)).totalPaise / 100,
      igstValue: doc.totals.igstPaise / 100,
    });
    expect(bill.vehicleNo).toBeUndefined();

    await setStatus(order._id, {
      status: 'shipped',
      shipment: { ...TEST_SHIPMENT, ewayBillNumber: '131234567890', vehicleNumber: 'KA01AB1234' },
    });
    const after = (await get(`/api/orders/${order._id}/eway-bill.json`)).json();
    expect(validate(after), JSON.stringify(validate.errors)).toBe(true);
    expect(after.billLists[0]).toMatchObject({ transMode: 1, vehicleNo: 'KA01AB1234', vehicleType: 'R' });

    expect((await get(`/api/orders/${order._id}/eway-bill.json`, buyer.token)).statusCode).toBe(403);
  });

  it('the schema itself refuses what the portal refuses: a date not dd/mm/yyyy, a road trip without a vehicle', async () => {
    const { order } = await paidOrder();
    const file = (await get(`/api/orders/${order._id}/eway-bill.json`)).json();
    const [bill] = file.billLists;
    expect(validate({ ...file, billLists: [{ ...bill, docDate: '2026-11-28' }] })).toBe(false);
    expect(validate({ ...file, billLists: [{ ...bill, transMode: 1 }] })).toBe(false);
    expect(validate({ ...file, billLists: [{ ...bill, transMode: 1, transporterId: '29AABCS7719Q1ZI' }] })).toBe(true);
    expect(validate({ ...file, billLists: [{ ...bill, toAddr1: 'Flat (3)' }] })).toBe(false);
    expect(validate({ ...file, version: '1.0.1118' })).toBe(false);
  });

  it("prints 'Duplicate for transporter' with the e-way bill and vehicle; the original stays as it was", async () => {
    const { order, buyer } = await paidOrder({ totalPaise: 5_500_000 });
    await setStatus(order._id, {
      status: 'shipped',
      shipment: { ...TEST_SHIPMENT, ewayBillNumber: '131234567890', transporterId: '29AABCS7719Q1ZI' },
    });
    const copy = await get(`/api/orders/${order._id}/invoice?copy=transporter`);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-disposition']).toMatch(/-Transporter\.pdf"$/);
    const copyText = await pdfText(copy.rawPayload);
    expect(copyText).toContain('Duplicate for transporter');
    expect(copyText).toContain('E-way bill no.: 1312 3456 7890');
    expect(copyText).toContain('Transporter ID: 29AABCS7719Q1ZI');
    expect(copyText).not.toContain('Original for recipient');

    const original = await pdfText((await get(`/api/orders/${order._id}/invoice`, buyer.token)).rawPayload);
    expect(original).toContain('Original for recipient');
    expect(original).not.toContain('E-way bill');

    const wrong = await get(`/api/orders/${order._id}/invoice?copy=supplier`);
    expect(wrong.statusCode).toBe(400);
  });

  it('bills a GSTIN from another state in its state, ships to the delivery state, and says so in the file', async () => {
    const gstin = validGstinFor('27');
    const { order } = await paidOrder({ gstin, state: 'Karnataka' });
    const doc = (await documentsOf(t.db, order._id))[0]!.document as TaxDocument;
    expect(doc.buyer.gstinState).toEqual({ code: '27', name: 'Maharashtra' });
    expect(doc.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(doc.supplyType).toBe('inter-state');

    const text = await pdfText((await get(`/api/orders/${order._id}/invoice`)).rawPayload);
    expect(text).toContain('State of registration: Maharashtra (27)');
    expect(text).toContain('State: Karnataka (29)');

    const file = (await get(`/api/orders/${order._id}/eway-bill.json`)).json();
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(file.billLists[0]).toMatchObject({ toGstin: gstin, transType: 2, toStateCode: 27, actualToStateCode: 29 });
  });
});
