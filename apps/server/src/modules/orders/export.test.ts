import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { AdminOrderListParams, TaxDocument } from '@pumpkart/shared';
import { orderItems, orders, products, taxDocuments } from '../../db/schema';
import { csvAmount } from '../../lib/csv-stream';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, payOnline, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';
import { ensureStoreSettings } from '../settings';
import { ORDER_CSV_COLUMNS, orderCsvBatches } from './export';

let t: TestApp;
let adminToken: string;
let buyerToken: string;

const BOM = '\uFEFF';
const column = (name: (typeof ORDER_CSV_COLUMNS)[number]) => ORDER_CSV_COLUMNS.indexOf(name);

/** The export of `query` as the server sends it. */
function exportCsv(query: Record<string, string> = {}, token = adminToken) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({ method: 'GET', url: `/api/orders/export.csv?${search}`, headers: bearer(token) });
}

/** The file's rows, the header first, as a spreadsheet reads them. */
async function exportRows(query: Record<string, string> = {}): Promise<string[][]> {
  const res = await exportCsv(query);
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body, { bom: true, relax_column_count: false }) as string[][];
}

const cell = (row: string[], name: (typeof ORDER_CSV_COLUMNS)[number]) => row[column(name)]!;

async function invoiceOf(orderId: string): Promise<TaxDocument> {
  const [row] = await t.db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId));
  return row!.document;
}

const placedIds: Record<'paidKarnataka' | 'paidMaharashtra' | 'cod' | 'cancelled', string> = {
  paidKarnataka: '',
  paidMaharashtra: '',
  cod: '',
  cancelled: '',
};
let transactionId = '';

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true', MAX_OPEN_UNPAID_ORDERS: '1000' });
  adminToken = (await createTestAdmin(t.app)).token;
  buyerToken = (await createTestUser(t.app)).token;
  // The seller is in Maharashtra (27): Karnataka pays IGST, Maharashtra CGST + SGST.
  await ensureStoreSettings(t.app.ctx, demoStoreSettings());
  const { product: pump } = await createTestProduct(t.db, { title: 'Fuel pump', price: 1180, stock: 100 });
  const { product: hose, variants } = await createTestProduct(t.db, {
    title: 'Hose, 10 m "heavy"',
    variants: [{ size: 'L', price: 105, stock: 100 }],
  });
  for (const [id, hsnCode, gstRate] of [
    [pump.id, '84131100', 18],
    [hose.id, '40092100', 5],
  ] as const) {
    await t.db.update(products).set({ hsnCode, gstRate }).where(eq(products.id, id));
  }
  const lines = [
    { product: pump, quantity: 2 },
    { product: hose, variant: variants[0], quantity: 1 },
  ];

  const karnataka = await placeOrderOk(t.app, buyerToken, orderBody(lines));
  transactionId = (await payOnline(t.app, buyerToken, karnataka._id)).paymentId;
  placedIds.paidKarnataka = karnataka._id;

  const maharashtra = await placeOrderOk(
    t.app,
    buyerToken,
    orderBody([{ product: pump, quantity: 1 }], {
      customer: { name: '+91 Traders', email: 'traders@example.com', phone: '9000011111' },
      address: testAddress({ city: 'Pune', state: 'Maharashtra', postalCode: '411001' }),
    }),
  );
  await payOnline(t.app, buyerToken, maharashtra._id);
  placedIds.paidMaharashtra = maharashtra._id;

  const cod = await placeOrderOk(
    t.app,
    buyerToken,
    orderBody([{ product: hose, variant: variants[0], quantity: 3 }], {
      customer: { name: 'Vikram Singh', email: 'vikram@fuelco.in', phone: '9988776655' },
      paymentMode: 'cod',
    }),
  );
  placedIds.cod = cod._id;

  const cancelled = await placeOrderOk(t.app, buyerToken, orderBody([{ product: pump, quantity: 1 }]));
  await payOnline(t.app, buyerToken, cancelled._id);
  const cancel = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${cancelled._id}/cancel`,
    headers: bearer(buyerToken),
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  placedIds.cancelled = cancelled._id;

  // Placed a minute apart, in this order, so newest first is the reverse.
  const ids = [placedIds.paidKarnataka, placedIds.paidMaharashtra, placedIds.cod, placedIds.cancelled];
  for (const [index, id] of ids.entries()) {
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.UTC(2026, 10, 25, 8, 33 + index)) })
      .where(eq(orders.id, id));
  }
});
afterAll(() => t?.close());

describe('GET /api/orders/export.csv', () => {
  it('answers a UTF-8 CSV attachment with a byte-order mark and the header row', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith(`${BOM}Order number,Order id,Placed at (India time),`)).toBe(true);
    expect(res.body).toContain('\r\n');
    const [header] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
  });

  it('writes one row per order line, newest order first, amounts in rupees, with the transaction id', async () => {
    const [, ...rows] = await exportRows();
    expect(rows.map((row) => cell(row, 'Order id'))).toEqual([
      placedIds.cancelled,
      placedIds.cod,
      placedIds.paidMaharashtra,
      placedIds.paidKarnataka,
      placedIds.paidKarnataka,
    ]);
    const [pumpLine, hoseLine] = rows.filter((row) => cell(row, 'Order id') === placedIds.paidKarnataka);
    expect(cell(pumpLine!, 'Order number')).toBe(placedIds.paidKarnataka.slice(-6));
    expect(cell(pumpLine!, 'Placed at (India time)')).toBe('2026-11-25 14:03');
    expect(cell(pumpLine!, 'Payment mode')).toBe('online');
    expect(cell(pumpLine!, 'Payment status')).toBe('success');
    expect(cell(pumpLine!, 'Order status')).toBe('processing');
    expect(cell(pumpLine!, 'Transaction id')).toBe(transactionId);
    expect(cell(pumpLine!, 'City')).toBe('Bengaluru');
    expect(cell(pumpLine!, 'Recipient name')).toBe('Asha Patel');
    expect([cell(pumpLine!, 'Product'), cell(pumpLine!, 'Size'), cell(pumpLine!, 'Quantity')]).toEqual([
      'Fuel pump',
      '',
      '2',
    ]);
    expect([cell(pumpLine!, 'Unit price (₹)'), cell(pumpLine!, 'Line total (₹)')]).toEqual(['1180.00', '2360.00']);
    // A title with a comma and quotes comes back whole.
    expect([cell(hoseLine!, 'Product'), cell(hoseLine!, 'Size')]).toEqual(['Hose, 10 m "heavy"', 'L']);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placedIds.paidKarnataka));
    for (const row of [pumpLine!, hoseLine!]) {
      expect(cell(row, 'Order subtotal (₹)')).toBe(csvAmount(order!.subtotalPaise));
      expect(cell(row, 'Delivery charge (₹)')).toBe(csvAmount(order!.shippingPaise));
      expect(cell(row, 'Order total (₹)')).toBe(csvAmount(order!.totalPaise));
    }
  });

  it("prints the invoice's own GST figures on an invoiced order's lines, and none on an order without one", async () => {
    const [, ...rows] = await exportRows();
    const rowsOf = (id: string) => rows.filter((row) => cell(row, 'Order id') === id);

    const inter = await invoiceOf(placedIds.paidKarnataka);
    const goods = inter.lines.filter((line) => line.kind === 'goods');
    rowsOf(placedIds.paidKarnataka).forEach((row, index) => {
      const line = goods[index]!;
      expect(cell(row, 'Product')).toBe(index === 0 ? 'Fuel pump' : 'Hose, 10 m "heavy"');
      expect(cell(row, 'HSN')).toBe(line.hsn);
      expect(cell(row, 'GST rate (%)')).toBe(String(line.ratePercent));
      expect(cell(row, 'Line taxable value (₹)')).toBe(csvAmount(line.taxablePaise));
      expect(cell(row, 'Line IGST (₹)')).toBe(csvAmount(line.igstPaise));
      expect([cell(row, 'Line CGST (₹)'), cell(row, 'Line SGST/UTGST (₹)')]).toEqual(['0.00', '0.00']);
      expect(cell(row, 'Invoice number')).toBe(inter.number);
      expect(cell(row, 'Invoice date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cell(row, 'Place of supply')).toBe('29-Karnataka');
      expect(cell(row, 'Invoice taxable value (₹)')).toBe(csvAmount(inter.totals.taxablePaise));
      expect(cell(row, 'Invoice IGST (₹)')).toBe(csvAmount(inter.totals.igstPaise));
      expect(cell(row, 'Credit note number')).toBe('');
    });
    expect(goods.map((line) => line.ratePercent)).toEqual([18, 5]);

    const intra = await invoiceOf(placedIds.paidMaharashtra);
    const [intraRow] = rowsOf(placedIds.paidMaharashtra);
    expect(cell(intraRow!, 'Place of supply')).toBe('27-Maharashtra');
    expect(cell(intraRow!, 'Line CGST (₹)')).toBe(csvAmount(intra.lines[0]!.cgstPaise));
    expect(cell(intraRow!, 'Line SGST/UTGST (₹)')).toBe(csvAmount(intra.lines[0]!.sgstPaise));
    expect(cell(intraRow!, 'Invoice CGST (₹)')).toBe(csvAmount(intra.totals.cgstPaise));
    expect(cell(intraRow!, 'Invoice SGST/UTGST (₹)')).toBe(csvAmount(intra.totals.sgstPaise));
    expect(cell(intraRow!, 'Invoice IGST (₹)')).toBe('0.00');

    const [codRow] = rowsOf(placedIds.cod);
    expect(cell(codRow!, 'Payment mode')).toBe('cod');
    expect(cell(codRow!, 'Transaction id')).toBe('');
    // The line keeps the HSN code and rate it was sold with; the tax columns wait for an invoice.
    expect([cell(codRow!, 'HSN'), cell(codRow!, 'GST rate (%)')]).toEqual(['40092100', '5']);
    for (const name of [
      'Line taxable value (₹)',
      'Line CGST (₹)',
      'Line SGST/UTGST (₹)',
      'Line IGST (₹)',
      'Invoice number',
      'Invoice date',
      'Place of supply',
      'Invoice taxable value (₹)',
      'Invoice IGST (₹)',
      'Credit note number',
    ] as const) {
      expect(cell(codRow!, name), name).toBe('');
    }

    const [cancelledRow] = rowsOf(placedIds.cancelled);
    expect(cell(cancelledRow!, 'Order status')).toBe('cancelled');
    expect(cell(cancelledRow!, 'Invoice number')).not.toBe('');
    expect(cell(cancelledRow!, 'Credit note number')).toMatch(/^CN\//);
  });

  it('writes a cell that a spreadsheet would run as a formula with a leading apostrophe', async () => {
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placedIds.cod));
    await t.db.update(orderItems).set({ title: '=HYPERLINK("http://x.test","y")' }).where(eq(orderItems.id, line!.id));
    try {
      const res = await exportCsv();
      expect(res.body).toContain(`"'=HYPERLINK(""http://x.test"",""y"")"`);
      const rows = parse(res.body, { bom: true }) as string[][];
      const maharashtra = rows.find((row) => cell(row, 'Order id') === placedIds.paidMaharashtra)!;
      expect(cell(maharashtra, 'Buyer name')).toBe("'+91 Traders");
      expect(cell(maharashtra, 'Order total (₹)')).toMatch(/^\d+\.\d{2}$/);
    } finally {
      await t.db.update(orderItems).set({ title: line!.title }).where(eq(orderItems.id, line!.id));
    }
  });

  it('holds the same orders as the list for the same filters', async () => {
    const cases: AdminOrderListParams[] = [
      {},
      { paymentMode: 'cod' },
      { paymentMode: 'online' },
      { status: 'cancelled' },
      { status: 'processing', paymentMode: 'online' },
      { paymentStatus: 'success' },
      { paymentStatus: 'pending' },
      { search: 'vikram' },
      { search: placedIds.paidMaharashtra.slice(-6).toUpperCase() },
      { search: 'traders@' },
      { from: '2026-11-25', to: '2026-11-25' },
      { from: '2026-11-26' },
      { to: '2026-11-24' },
    ];
    for (const filters of cases) {
      const query = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)]));
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/orders?${new URLSearchParams({ ...query, limit: '100' })}`,
        headers: bearer(adminToken),
      });
      const listed = (list.json() as { data: { _id: string }[] }).data.map((order) => order._id);
      const [, ...rows] = await exportRows(query);
      const exported = [...new Set(rows.map((row) => cell(row, 'Order id')))];
      expect(exported, JSON.stringify(filters)).toEqual(listed);
    }
  });

  it('answers 400 for a bad filter, before any of the file is sent', async () => {
    for (const [query, message] of [
      [{ status: 'lost' }, 'status must be one of'],
      [{ paymentMode: 'cheque' }, 'paymentMode must be one of'],
      [{ from: '2026-02-30' }, 'from is not a date of the calendar.'],
      [{ from: '2026-11-26', to: '2026-11-25' }, 'from must not be after to.'],
      [{ search: 'x'.repeat(101) }, 'search must be at most 100 characters.'],
    ] as const) {
      const res = await exportCsv(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toContain(message);
    }
  });

  it('answers 401 without a login and 403 for a buyer', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/orders/export.csv' });
    expect(anonymous.statusCode).toBe(401);
    expect((await exportCsv({}, buyerToken)).statusCode).toBe(403);
  });
});

describe('the export at size', () => {
  const MANY = 1_200;

  beforeAll(async () => {
    // 1,200 more orders, all in the same 2 milliseconds, two at each microsecond (ties go by id), each with
    // one line and one payment: a batch boundary that rounded to milliseconds would skip or repeat orders.
    const [buyer] = await t.db.select({ userId: orders.userId }).from(orders).limit(1);
    await t.db.execute(sql`
      INSERT INTO orders (user_id, status, payment_mode, customer_name, customer_email, customer_phone, address,
                          subtotal_paise, shipping_paise, total_paise, created_at)
      SELECT ${buyer!.userId}, 'processing', 'cod', 'Bulk Buyer ' || g, 'bulk' || g || '@example.com', '9000000000',
             ${JSON.stringify(testAddress())}::jsonb, 10000, 5000, 15000,
             '2026-06-01T00:00:00Z'::timestamptz + (g / 2) * interval '1 microsecond'
      FROM generate_series(1, ${MANY}) AS g`);
    await t.db.execute(sql`
      INSERT INTO order_items (order_id, title, unit_price_paise, quantity, subtotal_paise)
      SELECT id, 'Bulk item', 10000, 1, 10000 FROM orders WHERE customer_name LIKE 'Bulk Buyer %'`);
    await t.db.execute(sql`
      INSERT INTO payments (order_id, mode, status, amount_paise, gateway)
      SELECT id, 'cod', 'pending', 15000, 'cod' FROM orders WHERE customer_name LIKE 'Bulk Buyer %'`);
  });

  it('reads the orders a batch at a time, each exactly once, newest first', async () => {
    const [{ total } = { total: 0 }] = await t.db.select({ total: sql<number>`count(*)::int` }).from(orders);
    let batches = 0;
    const ids: string[] = [];
    for await (const rows of orderCsvBatches(t.db, { search: 'Bulk Buyer' }, 500)) {
      batches += 1;
      ids.push(...rows.map((row) => row[column('Order id')] as string));
    }
    expect(batches).toBe(3);
    expect(ids).toHaveLength(MANY);
    expect(new Set(ids).size).toBe(MANY);
    const expected = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.customerName} LIKE 'Bulk Buyer %'`)
      .orderBy(sql`${orders.createdAt} DESC, ${orders.id} DESC`);
    expect(ids).toEqual(expected.map((row) => row.id));

    // Small batches cross many boundaries inside one millisecond.
    const small: string[] = [];
    for await (const rows of orderCsvBatches(t.db, {}, 7))
      small.push(...rows.map((row) => row[column('Order id')] as string));
    expect(new Set(small).size).toBe(total);
  });

  it('exports all of them through the route, a row per line', async () => {
    const [, ...rows] = await exportRows({ paymentMode: 'cod' });
    // The bulk orders and the one cash-on-delivery order placed above.
    expect(rows).toHaveLength(MANY + 1);
  });
});
