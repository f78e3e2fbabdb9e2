/**
 * One series per seller GSTIN (docs/shop-rules.md#invoices, #gst-report): when the store's GSTIN changes (the shop
 * moved from Maharashtra to Chandigarh), the new GSTIN's invoices and credit notes start their own series, a credit
 * note stays with its invoice's GSTIN, and the GST report and its files take one GSTIN at a time, the store's by
 * default, listing the GSTINs with documents in the month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, type GstReport } from '@pumpkart/shared';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';
import { issueCreditNoteIfInvoiced, issueInvoiceIfAbsent } from './issuing';
import { createTaxedProduct, documentsOf, enterSellerDetails, silentLog, validGstinFor } from './test-support';

let t: TestApp;
let adminToken: string;
const MAHARASHTRA = DEMO_STORE_SETTINGS_INPUT.gstin;
const CHANDIGARH = validGstinFor('04', DEMO_STORE_SETTINGS_INPUT.pan);
const ist = (local: string) => new Date(`${local}+05:30`);
const orderIds: string[] = [];

const report = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/gst-report?${query}`, headers: bearer(adminToken) });

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true', MAX_OPEN_UNPAID_ORDERS: '100' });
  await enterSellerDetails(t);
  adminToken = (await createTestAdmin(t.app)).token;
  const buyer = await createTestUser(t.app);
  const pump = (await createTaxedProduct(t.db, { price: 1180, stock: 100 })).product;
  for (const state of ['Maharashtra', 'Chandigarh', 'Karnataka']) {
    const order = await placeOrderOk(
      t.app,
      buyer.token,
      orderBody([{ product: pump }], { paymentMode: 'cod', address: testAddress({ state }) }),
    );
    orderIds.push(order._id);
  }
});
afterAll(() => t?.close());

const issue = (orderId: string, at: string) =>
  t.db.transaction((tx) => issueInvoiceIfAbsent(tx, orderId, { log: silentLog, now: ist(at) }));
const cancel = (orderId: string, at: string) =>
  t.db.transaction((tx) => issueCreditNoteIfInvoiced(tx, orderId, { log: silentLog, now: ist(at) }));

describe('a change of the store GSTIN', () => {
  it('starts the new GSTIN its own series; a credit note stays with its invoice’s GSTIN', async () => {
    const [beforeMove, afterMove, later] = orderIds as [string, string, string];
    const first = await issue(beforeMove, '2032-05-03T10:00:00');
    expect(first).toMatchObject({ number: 'PK/32-33/000001', sellerGstin: MAHARASHTRA });

    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: bearer(adminToken),
      payload: {
        ...DEMO_STORE_SETTINGS_INPUT,
        gstin: CHANDIGARH,
        registeredAddress: { ...DEMO_STORE_SETTINGS_INPUT.registeredAddress, state: 'Chandigarh', city: 'Chandigarh' },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const second = await issue(afterMove, '2032-05-10T10:00:00');
    expect(second).toMatchObject({ number: 'PK/32-33/000001', sellerGstin: CHANDIGARH });
    expect(second!.document.seller).toMatchObject({ gstin: CHANDIGARH, stateCode: '04' });
    expect((await issue(later, '2032-05-11T10:00:00'))!.number).toBe('PK/32-33/000002');

    // The Maharashtra invoice's credit note is Maharashtra's, numbered in its series.
    const note = await cancel(beforeMove, '2032-05-20T10:00:00');
    expect(note).toMatchObject({ number: 'CN/32-33/000001', sellerGstin: MAHARASHTRA });
    expect(note!.document.seller.gstin).toBe(MAHARASHTRA);
    const chandigarhNote = await cancel(afterMove, '2032-05-21T10:00:00');
    expect(chandigarhNote).toMatchObject({ number: 'CN/32-33/000001', sellerGstin: CHANDIGARH });
    expect((await documentsOf(t.db, beforeMove)).map((row) => row.sellerGstin)).toEqual([MAHARASHTRA, MAHARASHTRA]);
  });

  it("reports the store's GSTIN by default, lists the month's GSTINs, and puts each document in its GSTIN's files", async () => {
    const byDefault: GstReport = (await report('month=2032-05')).json();
    expect(byDefault.gstin).toBe(CHANDIGARH);
    expect(byDefault.gstins).toEqual([CHANDIGARH, MAHARASHTRA]);
    expect(byDefault.invoices.count).toBe(2);
    expect(byDefault.creditNotes.count).toBe(1);

    const old: GstReport = (await report(`month=2032-05&gstin=${MAHARASHTRA.toLowerCase()}`)).json();
    expect(old).toMatchObject({ gstin: MAHARASHTRA, invoices: { count: 1 }, creditNotes: { count: 1 } });

    const docs = await report(`month=2032-05&gstin=${MAHARASHTRA}&format=csv&table=docs`);
    expect(docs.body.split('\r\n').slice(1, -1)).toEqual([
      'Invoices for outward supply,PK/32-33/000001,PK/32-33/000001,1,0',
      'Credit Note,CN/32-33/000001,CN/32-33/000001,1,0',
    ]);
    const b2cs = await report('month=2032-05&format=csv&table=b2cs');
    // Chandigarh's own sale is inside its state now, Karnataka's inter-state; the Maharashtra sale is not here.
    expect(
      b2cs.body
        .split('\r\n')
        .slice(1, -1)
        .map((row) => row.split(',')[1]),
    ).toEqual(['29-Karnataka']);

    const file = await report(`month=2032-05&gstin=${MAHARASHTRA}&format=gstr1-json`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="GSTR1-${MAHARASHTRA}-2032-05.json"`);
    expect(file.json()).toMatchObject({ gstin: MAHARASHTRA, fp: '052032' });
  });

  it('answers 400 for a GSTIN of the wrong shape, and a month of another GSTIN as zeros', async () => {
    const bad = await report('month=2032-05&gstin=27AAHCP4821K1Z');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SERVER_MESSAGES.gstReportGstin);
    const other: GstReport = (await report(`month=2032-05&gstin=${validGstinFor('29')}`)).json();
    expect(other).toMatchObject({
      invoices: { count: 0 },
      creditNotes: { count: 0 },
      gstins: [CHANDIGARH, MAHARASHTRA],
    });
  });
});
