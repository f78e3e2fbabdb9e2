import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documentTotalPaise, financialYearOf, SERVER_MESSAGES, toPaise, type TaxDocument } from '@pumpkart/shared';
import { orderItems, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  capturedEvent,
  deliverWebhooksByInject,
  orderBody,
  orderRowOf,
  paymentOf,
  payOnline,
  placeOrderOk,
  signedWebhook,
  statusBody,
} from '../../test/commerce-factories';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';
import { createTaxedProduct, documentsOf, enterSellerDetails, validGstinFor } from './test-support';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
  deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

type DocumentRef = { number: string; issuedAt: string } | null;
type Order = { _id: string; invoice: DocumentRef; creditNote: DocumentRef };

const getOrder = async (orderId: string): Promise<Order> =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(adminToken) })).json().data;
const markPaid = (orderId: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/payments/${orderId}/cod`, headers: bearer(adminToken) });
const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(adminToken),
    payload: statusBody(status),
  });
const cancelByBuyer = (orderId: string, token: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/cancel`, headers: bearer(token) });
const download = (orderId: string, kind: 'invoice' | 'credit-note', token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/${kind}`, headers: token ? bearer(token) : {} });

/** The sequence number at the end of a document number: 'PK/26-27/000012' -> 12. */
const sequenceOf = (number: string) => Number(number.split('/').pop());
/** This financial year's short label, as numbers carry it, e.g. '26-27'. */
const fy = () => financialYearOf(new Date()).shortLabel;

/** One buyer's order of one product (the test's own, 18 % under HSN 84131100), COD or online. */
async function placeOneLine(
  options: { paymentMode?: 'online' | 'cod'; state?: string; price?: number; hsnCode?: string | null } = {},
) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTaxedProduct(t.db, {
    price: options.price ?? 1180,
    stock: 10,
    hsnCode: options.hsnCode,
  });
  const body = orderBody([{ product }], {
    paymentMode: options.paymentMode ?? 'online',
    address: testAddress({ state: options.state ?? 'Karnataka' }),
  });
  const order = await placeOrderOk(t.app, buyer.token, body);
  return { buyer, product, order };
}

async function paidOnlineOrder(options: { state?: string } = {}) {
  const placed = await placeOneLine(options);
  await payOnline(t.app, placed.buyer.token, placed.order._id);
  return placed;
}

describe("without the store's business details", () => {
  it('takes the payment but issues nothing; the download says so; shipping issues it once they are entered', async () => {
    const { order } = await placeOneLine({ paymentMode: 'cod' });
    const paid = await markPaid(order._id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment.status).toBe('success');
    expect((await getOrder(order._id)).invoice).toBeNull();
    expect(await documentsOf(t.db, order._id)).toEqual([]);
    const res = await download(order._id, 'invoice', adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No invoice has been issued for this order yet.' });

    await enterSellerDetails(t);
    expect((await setStatus(order._id, 'shipped')).statusCode).toBe(200);
    const { invoice } = await getOrder(order._id);
    expect(invoice?.number).toBe(`PK/${fy()}/000001`);
  });
});

describe('issuing tax invoices', () => {
  beforeAll(async () => {
    await enterSellerDetails(t);
  });

  it('issues the invoice when the online payment succeeds, with the tax of the time of sale, once', async () => {
    const buyer = await createTestUser(t.app);
    const pump = await createTaxedProduct(t.db, {
      price: 23_600,
      stock: 5,
      pesoApproval: 'P/HQ/MH/15/4521',
    });
    const vest = await createTaxedProduct(t.db, {
      hsnCode: '62114390',
      gstRate: 5,
      variants: [
        { size: 'M', price: 525, stock: 10 },
        { size: 'L', price: 525, stock: 10 },
      ],
    });
    const gstin = validGstinFor('29');
    const body = orderBody(
      [
        { product: pump.product, quantity: 1 },
        { product: vest.product, variant: vest.variants[1], quantity: 2 },
      ],
      {
        customer: {
          name: 'Asha Patel',
          email: 'asha@example.com',
          phone: '9123456780',
          businessName: 'Shree Fuels',
          gstin,
        },
      },
    );
    const order = await placeOrderOk(t.app, buyer.token, body);
    // Edited after the sale: the invoice keeps the rate and HSN code the goods were sold with.
    await t.db.update(products).set({ gstRate: 28, hsnCode: '84139190' }).where(eq(products.id, pump.product.id));
    expect((await getOrder(order._id)).invoice).toBeNull();

    const { rzpOrderId } = await payOnline(t.app, buyer.token, order._id);
    const dto = await getOrder(order._id);
    expect(dto.invoice).toEqual({
      number: expect.stringMatching(/^PK\/\d\d-\d\d\/\d{6}$/),
      issuedAt: expect.any(String),
    });
    const [row, ...others] = await documentsOf(t.db, order._id);
    expect(others).toEqual([]);
    const doc = row!.document as TaxDocument;
    const orderRow = await orderRowOf(t.db, order._id);
    expect(doc).toMatchObject({
      kind: 'invoice',
      number: dto.invoice!.number,
      issuedAt: dto.invoice!.issuedAt,
      order: { id: order._id, number: order._id.slice(-6), paymentMode: 'online' },
      reference: null,
      seller: { legalName: 'PumpKart Equipment Private Limited', gstin: '27AAHCP4821K1Z6', stateCode: '27' },
      buyer: { name: 'Asha Patel', businessName: 'Shree Fuels', gstin, address: { state: 'Karnataka' } },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      supplyType: 'inter-state',
      stateTax: null,
      reverseCharge: false,
      irn: null,
    });
    // The lines come in the order My Orders lists them: by title (the titles here are random).
    const goods = doc.lines.filter((line) => line.kind === 'goods');
    const expected = [
      [pump.product.title, '84131100', 18, 1, 'NOS'],
      [`${vest.product.title} (L)`, '62114390', 5, 2, 'NOS'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'en'));
    expect(goods.map((line) => [line.description, line.hsn, line.ratePercent, line.quantity, line.unit])).toEqual(
      expected,
    );
    const pumpLine = goods.find((line) => line.description === pump.product.title)!;
    expect(pumpLine.certificates).toEqual(['PESO approval: P/HQ/MH/15/4521']);
    expect(pumpLine.inclusivePaise).toBe(toPaise(23_600));
    // 236.00 inclusive at 18 %: taxable 200.00, IGST 36.00.
    expect(pumpLine).toMatchObject({ taxablePaise: 20_000_00, igstPaise: 3_600_00, cgstPaise: 0, sgstPaise: 0 });
    expect(documentTotalPaise(doc)).toBe(orderRow.totalPaise);
    expect(doc.totals.igstPaise).toBe(doc.totals.taxPaise);
    if (orderRow.shippingPaise > 0) {
      // Apportioned by value (the default): a delivery line per HSN code and rate of the goods, adding up to it.
      const delivery = doc.lines.filter((line) => line.kind === 'delivery');
      expect(delivery.map((line) => [line.hsn, line.ratePercent, line.quantity])).toEqual(
        expected.map(([, hsn, rate]) => [hsn, rate, 0]),
      );
    }
    expect(row).toMatchObject({
      kind: 'invoice',
      number: doc.number,
      financialYear: financialYearOf(new Date()).label,
      sequence: sequenceOf(doc.number),
      taxablePaise: doc.totals.taxablePaise,
      igstPaise: doc.totals.igstPaise,
      cgstPaise: 0,
      totalPaise: orderRow.totalPaise,
      buyerGstin: gstin,
      placeOfSupply: '29',
      referenceId: null,
    });

    // The capture reported again (the webhook after the browser's verify) issues nothing more.
    const again = await t.app.inject(
      signedWebhook(
        'payment.captured',
        capturedEvent(rzpOrderId, (await paymentOf(t.db, order._id)).gatewayPaymentId!, orderRow.totalPaise),
      ),
    );
    expect(again.statusCode).toBe(200);
    expect((await documentsOf(t.db, order._id)).map((d) => d.number)).toEqual([doc.number]);
  });

  it('numbers the invoices consecutively, one series for online and COD alike', async () => {
    const first = await paidOnlineOrder();
    const cod = await placeOneLine({ paymentMode: 'cod' });
    await markPaid(cod.order._id);
    const third = await paidOnlineOrder();
    const numbers = [
      (await getOrder(first.order._id)).invoice!.number,
      (await getOrder(cod.order._id)).invoice!.number,
      (await getOrder(third.order._id)).invoice!.number,
    ];
    const start = sequenceOf(numbers[0]!);
    expect(numbers).toEqual([0, 1, 2].map((i) => `PK/${fy()}/${String(start + i).padStart(6, '0')}`));
  });

  it('splits CGST and SGST inside the seller’s state, and charges IGST to a union territory elsewhere', async () => {
    const local = await paidOnlineOrder({ state: 'Maharashtra' });
    const [localDoc] = await documentsOf(t.db, local.order._id);
    const intra = localDoc!.document as TaxDocument;
    expect(intra).toMatchObject({ supplyType: 'intra-state', stateTax: 'SGST', placeOfSupply: { code: '27' } });
    expect(intra.totals.igstPaise).toBe(0);
    expect(intra.totals.cgstPaise + intra.totals.sgstPaise).toBe(intra.totals.taxPaise);
    expect(localDoc!.sgstPaise).toBe(intra.totals.sgstPaise);

    const chandigarh = await paidOnlineOrder({ state: 'Chandigarh' });
    const [utDoc] = await documentsOf(t.db, chandigarh.order._id);
    expect(utDoc!.document).toMatchObject({ supplyType: 'inter-state', stateTax: null, placeOfSupply: { code: '04' } });
  });

  it('computes each half from the taxable value, and totals what was charged with a round-off', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTaxedProduct(t.db, { price: 4999, stock: 5, hsnCode: '84248990', gstRate: 12 });
    const body = orderBody([{ product }], { paymentMode: 'online', address: testAddress({ state: 'Maharashtra' }) });
    const order = await placeOrderOk(t.app, buyer.token, body);
    await payOnline(t.app, buyer.token, order._id);
    const [row] = await documentsOf(t.db, order._id);
    const invoice = row!.document as TaxDocument;
    // 4,999.00 at 12 %: taxable 4,463.39, 6 % of it 267.8034, so 267.80 CGST and 267.80 SGST (not 267.80 / 267.81).
    expect(invoice.lines[0]).toMatchObject({
      taxablePaise: 4_463_39,
      cgstPaise: 267_80,
      sgstPaise: 267_80,
      taxPaise: 535_60,
      inclusivePaise: 4_998_99,
    });
    // The delivery charge, 6 % of 4,999.00 = 299.94 at 12 %: taxable 267.80, 16.068 each, 16.07 + 16.07.
    expect(invoice.lines[1]).toMatchObject({ kind: 'delivery', taxablePaise: 267_80, cgstPaise: 16_07 });
    for (const line of invoice.lines) expect(line.cgstPaise).toBe(line.sgstPaise);
    // The buyer paid 5,298.94: the lines add up to 5,298.93 and the round-off brings the invoice to what was paid.
    expect(toPaise(order.total)).toBe(5_298_94);
    expect(invoice.totals.inclusivePaise).toBe(5_298_93);
    expect(invoice.roundOffPaise).toBe(1);
    expect(documentTotalPaise(invoice)).toBe(5_298_94);
    expect(row!.totalPaise).toBe(5_298_94);
    expect(invoice.amountInWords).toBe('Rupees Five Thousand Two Hundred Ninety-Eight and Ninety-Four Paise Only');
  });

  it("taxes the delivery charge as the store's setting says, and the invoice says which", async () => {
    const mixedOrder = async () => {
      const buyer = await createTestUser(t.app);
      const pump = (await createTaxedProduct(t.db, { price: 1180, stock: 5 })).product; // 18 %, HSN 84131100
      const vest = (await createTaxedProduct(t.db, { price: 525, stock: 5, hsnCode: '62114390', gstRate: 5 })).product;
      const body = orderBody([{ product: pump }, { product: vest, quantity: 2 }], {
        paymentMode: 'online',
        address: testAddress({ state: 'Maharashtra' }),
      });
      const order = await placeOrderOk(t.app, buyer.token, body);
      await payOnline(t.app, buyer.token, order._id);
      return (await documentsOf(t.db, order._id))[0]!.document as TaxDocument;
    };
    // Apportioned by default: 133.80 over 1,180.00 at 18 % and 1,050.00 at 5 % is 70.80 and 63.00.
    const apportioned = await mixedOrder();
    expect(apportioned.deliveryTaxMethod).toBe('apportioned');
    // The lines follow the goods, whose titles are random: compared by rate, highest first.
    const byRate = (document: TaxDocument) =>
      document.lines.filter((line) => line.kind === 'delivery').sort((a, b) => b.ratePercent - a.ratePercent);
    expect(byRate(apportioned)).toMatchObject([
      { hsn: '84131100', ratePercent: 18, taxablePaise: 60_00, cgstPaise: 5_40, sgstPaise: 5_40 },
      { hsn: '62114390', ratePercent: 5, taxablePaise: 60_00, cgstPaise: 1_50, sgstPaise: 1_50 },
    ]);
    expect(documentTotalPaise(apportioned)).toBe(1_180_00 + 1_050_00 + 133_80);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: bearer(adminToken),
      payload: { ...DEMO_STORE_SETTINGS_INPUT, deliveryTaxMethod: 'highest-rate' },
    });
    expect(saved.statusCode).toBe(200);
    const highest = await mixedOrder();
    expect(highest.deliveryTaxMethod).toBe('highest-rate');
    expect(highest.lines.filter((line) => line.kind === 'delivery')).toMatchObject([
      { hsn: '84131100', ratePercent: 18, taxablePaise: 113_39, cgstPaise: 10_21, sgstPaise: 10_21 },
    ]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: bearer(adminToken),
      payload: { ...DEMO_STORE_SETTINGS_INPUT, deliveryTaxMethod: 'apportioned' },
    });
  });

  it('COD: issues the invoice at Mark as Paid, once; Mark again and shipping keep it', async () => {
    const { order } = await placeOneLine({ paymentMode: 'cod' });
    expect((await setStatus(order._id, 'shipped')).statusCode).toBe(409); // not paid yet: no status change
    expect(await documentsOf(t.db, order._id)).toEqual([]);
    expect((await markPaid(order._id)).statusCode).toBe(200);
    const issued = (await getOrder(order._id)).invoice;
    expect(issued).not.toBeNull();
    expect((await documentsOf(t.db, order._id))[0]!.document).toMatchObject({ order: { paymentMode: 'cod' } });
    await markPaid(order._id);
    expect((await setStatus(order._id, 'shipped')).statusCode).toBe(200);
    expect((await setStatus(order._id, 'delivered')).statusCode).toBe(200);
    expect((await getOrder(order._id)).invoice).toEqual(issued);
    expect(await documentsOf(t.db, order._id)).toHaveLength(1);
  });

  it('issues nothing for an order whose line has no HSN code, until the code is entered and it ships', async () => {
    const { buyer, product, order } = await placeOneLine({ hsnCode: null });
    await payOnline(t.app, buyer.token, order._id);
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect((await paymentOf(t.db, order._id)).status).toBe('success');
    expect(await documentsOf(t.db, order._id)).toEqual([]);

    await t.db.update(products).set({ hsnCode: '84248990', gstRate: 12 }).where(eq(products.id, product.id));
    expect((await setStatus(order._id, 'shipped')).statusCode).toBe(200);
    const [row] = await documentsOf(t.db, order._id);
    // The copied rate (18 %) stays; only the missing HSN code comes from the product now.
    expect((row!.document as TaxDocument).lines[0]).toMatchObject({ hsn: '84248990', ratePercent: 18 });
  });

  it("takes the product's current tax data and certificates for a line written before lines carried them", async () => {
    const { buyer, product, order } = await placeOneLine();
    // As a line of an order placed before lines copied their tax data reads.
    await t.db
      .update(orderItems)
      .set({ hsnCode: null, gstRate: null, certificates: [] })
      .where(eq(orderItems.orderId, order._id));
    await t.db
      .update(products)
      .set({ hsnCode: '84131100', gstRate: 12, pesoApproval: ' P/HQ/MH/15/9999 ' })
      .where(eq(products.id, product.id));
    await payOnline(t.app, buyer.token, order._id);
    const [row] = await documentsOf(t.db, order._id);
    expect((row!.document as TaxDocument).lines[0]).toMatchObject({
      hsn: '84131100',
      ratePercent: 12,
      certificates: ['PESO approval: P/HQ/MH/15/9999'],
    });
  });
});

describe('credit notes', () => {
  beforeAll(async () => {
    await enterSellerDetails(t);
  });

  it('issues one when an invoiced order is cancelled: its own series, naming the invoice, the same split', async () => {
    const { buyer, order } = await paidOnlineOrder();
    const invoice = (await getOrder(order._id)).invoice!;
    const res = await cancelByBuyer(order._id, buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.creditNote).toEqual({
      number: expect.stringMatching(new RegExp(`^CN/${fy()}/\\d{6}$`)),
      issuedAt: expect.any(String),
    });
    const [invoiceRow, noteRow] = await documentsOf(t.db, order._id);
    const note = noteRow!.document as TaxDocument;
    const original = invoiceRow!.document as TaxDocument;
    expect(note).toMatchObject({
      kind: 'credit-note',
      number: res.json().data.creditNote.number,
      reference: { number: invoice.number, issuedAt: invoice.issuedAt },
      reason: SERVER_MESSAGES.creditNoteReasonCancelled,
      supplyType: original.supplyType,
      placeOfSupply: original.placeOfSupply,
    });
    expect(note.lines).toEqual(original.lines);
    expect(note.totals).toEqual(original.totals);
    expect(noteRow).toMatchObject({ referenceId: invoiceRow!.id, totalPaise: invoiceRow!.totalPaise });

    // An admin's cancellation of a paid COD order: the next credit note.
    const cod = await placeOneLine({ paymentMode: 'cod' });
    await markPaid(cod.order._id);
    expect((await setStatus(cod.order._id, 'cancelled')).statusCode).toBe(200);
    const next = (await getOrder(cod.order._id)).creditNote!;
    expect(sequenceOf(next.number)).toBe(sequenceOf(note.number) + 1);
  });

  it('issues none for a cancelled order that was never invoiced', async () => {
    const { buyer, order } = await placeOneLine();
    expect((await cancelByBuyer(order._id, buyer.token)).statusCode).toBe(200);
    expect(await documentsOf(t.db, order._id)).toEqual([]);
    expect(await getOrder(order._id)).toMatchObject({ invoice: null, creditNote: null });
  });
});

describe('GET /api/orders/{id}/invoice and /credit-note', () => {
  beforeAll(async () => {
    await enterSellerDetails(t);
  });

  it('answers 404 before issue, 404 to anyone but the buyer or an admin, and the PDF to them', async () => {
    const { buyer, order } = await placeOneLine();
    const before = await download(order._id, 'invoice', buyer.token);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: SERVER_MESSAGES.invoiceNotIssued });
    const noNote = await download(order._id, 'credit-note', buyer.token);
    expect(noNote.statusCode).toBe(404);
    expect(noNote.json()).toEqual({ message: 'No credit note has been issued for this order.' });

    await payOnline(t.app, buyer.token, order._id);
    const { number } = (await getOrder(order._id)).invoice!;
    const stranger = await createTestUser(t.app);
    const refused = await download(order._id, 'invoice', stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Order not found.' });
    expect((await download(order._id, 'invoice')).statusCode).toBe(401);
    const unknown = await download('00000000-0000-4000-8000-000000000000', 'invoice', adminToken);
    expect(unknown.json()).toEqual({ message: 'Order not found.' });

    for (const token of [buyer.token, adminToken]) {
      const res = await download(order._id, 'invoice', token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Invoice-${number.replace(/\//g, '-')}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    expect((await cancelByBuyer(order._id, buyer.token)).statusCode).toBe(200);
    const note = (await getOrder(order._id)).creditNote!;
    const res = await download(order._id, 'credit-note', buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Credit-Note-${note.number.replace(/\//g, '-')}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await download(order._id, 'credit-note', stranger.token)).statusCode).toBe(404);
  });
});
