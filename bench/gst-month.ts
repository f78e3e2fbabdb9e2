/**
 * A month of GST filing as a seller would do it (docs/admin-guide.md#gst-tax-invoices-and-the-gst-report): a
 * generated month of orders in an embedded shop (B2B and B2C, inside and outside the seller's state, large
 * inter-state sales, cancellations, returns, debit notes), their invoices and notes, then every GSTR-1 file the back
 * office offers (the CSVs and the portal's JSON) downloaded into a folder, and their totals reconciled to the paisa
 * with the stored documents and the month's report. A figure, not a test: the tests
 * (modules/invoices/report.test.ts) hold the rules; this shows a whole month at once.
 *
 *   npm run bench:gst-month                                  # 120 orders, this month
 *   npm run bench:gst-month -- --orders=300 --out=/tmp/gstr1
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toPaise, type GstReport } from '@pumpkart/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { bearer, TEST_SECRETS, type TestApp } from '../apps/server/src/test/app';
import { orderBody, placeOrderOk, TEST_SHIPMENT as SHIPMENT } from '../apps/server/src/test/commerce-factories';
import { taxDocuments } from '../apps/server/src/db/schema';
import { monthRange } from '../apps/server/src/modules/invoices/report';
import { createTestAdmin, createTestUser, testAddress } from '../apps/server/src/test/factories';
import { issueCreditNoteIfInvoiced, issueInvoiceIfAbsent } from '../apps/server/src/modules/invoices/issuing';
import { createTaxedProduct, silentLog, validGstinFor } from '../apps/server/src/modules/invoices/test-support';
import { ensureStoreSettings } from '../apps/server/src/modules/settings';
import { demoStoreSettings } from '../apps/server/src/seed/demo-store-settings';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ORDERS = Number(flag('orders') ?? 120);
const OUT = flag('out') ?? path.join(os.tmpdir(), 'pumpkart-gstr1');
const TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'docs'] as const;

/** A repeatable sequence, so that two runs file the same month. */
let seed = 20261128;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
/** The month's days up to yesterday, in India; an invoice is issued on one of them at a random hour. */
const days = Array.from({ length: Math.max(1, now.getDate() - 1) }, (_, index) => index + 1);
const moment = (day: number) =>
  new Date(
    `${month}-${String(day).padStart(2, '0')}T${String(9 + Math.floor(random() * 10)).padStart(2, '0')}:00:00+05:30`,
  );

const t = await openShop();
try {
  await ensureStoreSettings(t.app.ctx, demoStoreSettings()); // PumpKart Equipment, Maharashtra (27)
  const adminUser = await createTestAdmin(t.app);
  const adminToken = adminUser.token;
  const buyer = await createTestUser(t.app);
  const catalogue = [
    (await createTaxedProduct(t.db, { title: 'Fuel dispenser nozzle', price: 1180, stock: 100_000 })).product,
    (
      await createTaxedProduct(t.db, {
        title: 'Reflective safety vest',
        price: 525,
        stock: 100_000,
        hsnCode: '62114390',
        gstRate: 5,
      })
    ).product,
    (
      await createTaxedProduct(t.db, {
        title: 'Fire extinguisher ABC 6 kg',
        price: 3_540,
        stock: 100_000,
        hsnCode: '84241000',
      })
    ).product,
    (
      await createTaxedProduct(t.db, {
        title: 'Submersible turbine pump',
        price: 1_48_000,
        stock: 100_000,
        hsnCode: '84135010',
      })
    ).product,
  ];
  const states = ['Maharashtra', 'Karnataka', 'Gujarat', 'Tamil Nadu', 'Chandigarh', 'Kerala'] as const;
  const businesses = [
    { businessName: 'Shree Fuels', gstin: validGstinFor('29', 'AABFS1234C') },
    { businessName: 'Highway Petro Services', gstin: validGstinFor('27', 'AACFH2345D') },
  ];

  const invoiced: { orderId: string; day: number; total: number }[] = [];
  const cancelledIds = new Set<string>();
  for (let i = 0; i < ORDERS; i += 1) {
    const business = random() < 0.3 ? pick(businesses) : undefined;
    const lines = [{ product: pick(catalogue), quantity: 1 + Math.floor(random() * 3) }];
    if (random() < 0.4) lines.push({ product: pick(catalogue.slice(0, 3)), quantity: 1 });
    const unique = lines.filter((line, index) => lines.findIndex((l) => l.product.id === line.product.id) === index);
    const order = await placeOrderOk(
      t.app,
      buyer.token,
      orderBody(unique, {
        paymentMode: 'cod',
        address: testAddress({ state: pick(states) }),
        customer: { name: 'Asha Patel', email: 'asha@example.com', phone: '9123456780', ...business },
      }),
    );
    const day = pick(days);
    await t.db.transaction((tx) => issueInvoiceIfAbsent(tx, order._id, { log: silentLog, now: moment(day) }));
    invoiced.push({ orderId: order._id, day, total: order.total });
  }
  // About one sale in twenty is cancelled after its invoice: a credit note for all of it, a few days later.
  let cancelled = 0;
  for (const { orderId, day } of invoiced) {
    if (random() >= 0.05) continue;
    const noteDay = Math.min(days.at(-1)!, day + 1 + Math.floor(random() * 3));
    await t.db.transaction((tx) => issueCreditNoteIfInvoiced(tx, orderId, { log: silentLog, now: moment(noteDay) }));
    cancelled += 1;
    cancelledIds.add(orderId);
  }

  // Returns and debit notes, as the back office makes them today: delivered orders below the e-way bill's ₹50,000,
  // one unit of their first line returned and refunded (a credit note of that unit and its delivery share), and a
  // price raised after the invoice on a few others (a debit note).
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = adminToken) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const open = invoiced.filter(({ orderId, total }) => !cancelledIds.has(orderId) && total <= 50_000);
  let returned = 0;
  let debited = 0;
  for (const [index, { orderId }] of open.entries()) {
    if (index % 12 === 0) {
      // The cash came with the delivery: marked paid (the invoice is the one issued above).
      await call('PATCH', `/api/payments/${orderId}/cod`);
      await call('PUT', `/api/orders/${orderId}/status`, { status: 'shipped', shipment: SHIPMENT });
      await call('PUT', `/api/orders/${orderId}/status`, { status: 'delivered' });
      const { lines } = (await call('GET', `/api/orders/${orderId}/returns`, undefined, buyer.token)).data;
      const form = new FormData();
      form.append(
        'request',
        JSON.stringify({ lines: [{ orderItemId: lines[0].orderItemId, quantity: 1 }], reason: 'Damaged in transit' }),
      );
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/returns`,
        headers: bearer(buyer.token),
        payload: form as unknown as object,
      });
      if (asked.statusCode !== 201 && asked.statusCode !== 200)
        throw new Error(`return: ${asked.statusCode} ${asked.body}`);
      const returnId = asked.json().data.returns.at(-1)._id as string;
      await call('POST', `/api/orders/${orderId}/returns/${returnId}/approve`);
      await call('POST', `/api/orders/${orderId}/returns/${returnId}/receive`, { restock: true });
      await call('POST', `/api/orders/${orderId}/returns/${returnId}/refund`);
      returned += 1;
    } else if (index % 15 === 7) {
      const { lines } = (await call('GET', `/api/orders/${orderId}/returns`, undefined, buyer.token)).data;
      await call('POST', `/api/orders/${orderId}/debit-notes`, {
        lines: [{ orderItemId: lines[0].orderItemId, amount: 118 }],
        reason: 'Price revised after the invoice',
      });
      debited += 1;
    }
  }

  // The files, as the owner downloads them from the GST report.
  mkdirSync(OUT, { recursive: true });
  const get = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/gst-report?${query}`,
      headers: bearer(adminToken),
    });
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const report = (await get(`month=${month}`)).json() as GstReport;
  const files: Record<string, string> = {};
  for (const table of TABLES) {
    const res = await get(`month=${month}&format=csv&table=${table}`);
    writeFileSync(path.join(OUT, fileNameOf(res.headers)), res.body);
    files[table] = res.body;
  }
  const jsonRes = await get(`month=${month}&format=gstr1-json`);
  writeFileSync(path.join(OUT, fileNameOf(jsonRes.headers)), jsonRes.body);

  // What the shop stored: each document's own totals, a credit note taken off, an invoice or a debit note added.
  const { from, to } = monthRange(month);
  const stored = { taxable: 0, tax: 0 };
  for (const row of await t.db.select().from(taxDocuments)) {
    if (row.issuedAt < from || row.issuedAt >= to) continue;
    const tax = row.cgstPaise + row.sgstPaise + row.utgstPaise + row.igstPaise;
    const sign = row.kind === 'credit-note' ? -1 : 1;
    stored.taxable += sign * row.taxablePaise;
    stored.tax += sign * tax;
  }

  const sum = (table: string, column: string) => columnSum(files[table]!, column);
  const notes = (table: string) => columnSum(files[table]!, 'Taxable Value', 'Note Type');
  const taxableOfFiles =
    sum('b2b', 'Taxable Value') +
    sum('b2cl', 'Taxable Value') +
    sum('b2cs', 'Taxable Value') +
    notes('cdnr') +
    notes('cdnur');
  const hsnTaxable = sum('hsn-b2b', 'Taxable Value') + sum('hsn-b2c', 'Taxable Value');
  const hsnTax = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount'].reduce(
    (total, column) => total + sum('hsn-b2b', column) + sum('hsn-b2c', column),
    0,
  );
  const net = report.net.totals;
  const rows: [string, number, number][] = [
    ['taxable: b2b + b2cl + b2cs + debit notes - credit notes (cdnr, cdnur) = stored', taxableOfFiles, stored.taxable],
    ['taxable: the JSON file = stored', jsonTaxable(JSON.parse(jsonRes.body)), stored.taxable],
    ['taxable: hsn-b2b + hsn-b2c = stored', hsnTaxable, stored.taxable],
    ['tax: hsn-b2b + hsn-b2c = stored', hsnTax, stored.tax],
    ['taxable: the GST report (net) = stored', toPaise(net.taxable), stored.taxable],
    ['tax: the GST report (net) = stored', toPaise(net.tax), stored.tax],
  ];
  console.log(
    `GSTR-1 of ${month}: ${ORDERS} orders invoiced, ${cancelled} cancelled (credit note of the whole invoice), ` +
      `${returned} with a unit returned and refunded (partial credit note), ${debited} with a debit note`,
  );
  console.log(`Files in ${OUT}: ${readdirSync(OUT).sort().join(', ')}`);
  console.log(
    `Report: ${report.invoices.count} invoices, ${report.creditNotes.count} credit notes, ` +
      `${report.debitNotes.count} debit notes; ` +
      `net taxable ₹${net.taxable}, tax ₹${net.tax}, total ₹${net.total}`,
  );
  console.log(`Table 13 (docs):\n${files.docs!.trim()}`);
  console.log('| check | files (paise) | stored (paise) | equal |\n| --- | ---: | ---: | --- |');
  for (const [check, filed, expected] of rows)
    console.log(`| ${check} | ${filed} | ${expected} | ${filed === expected} |`);
  if (rows.some(([, filed, expected]) => filed !== expected)) process.exitCode = 1;
} finally {
  await t.close();
}

function fileNameOf(headers: Record<string, unknown>): string {
  return /filename="([^"]+)"/.exec(String(headers['content-disposition']))![1]!;
}

/** A CSV file's rows as cells (quoted cells may hold commas; the amounts are never quoted). */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '')));
}

/** A column's amounts added up in paise; with `noteType`, a credit note's ('C') taken off and a debit note's added. */
function columnSum(text: string, column: string, noteType?: string): number {
  const [header, ...rows] = csvRows(text);
  const index = header!.indexOf(column);
  const typeIndex = noteType ? header!.indexOf(noteType) : -1;
  if (index < 0) throw new Error(`no column ${column}`);
  return rows.reduce((total, row) => total + (row[typeIndex] === 'C' ? -1 : 1) * toPaise(Number(row[index])), 0);
}

type Json = Record<string, unknown>;
/** A document's taxable value in the JSON: its items' txval in paise. */
function txval(document: Json): number {
  const items = document.itms as { itm_det: { txval: number } }[];
  return items.reduce((total, item) => total + toPaise(item.itm_det.txval), 0);
}

/** The taxable value of the GSTR-1 JSON: invoices and debit notes added, credit notes taken off. */
function jsonTaxable(file: Json): number {
  const list = (key: string) => (file[key] as Json[] | undefined) ?? [];
  const signed = (note: Json) => (note.ntty === 'C' ? -1 : 1) * txval(note);
  return (
    list('b2b')
      .flatMap((party) => party.inv as Json[])
      .reduce((total, invoice) => total + txval(invoice), 0) +
    list('b2cl')
      .flatMap((place) => place.inv as Json[])
      .reduce((total, invoice) => total + txval(invoice), 0) +
    list('b2cs').reduce((total, row) => total + toPaise(row.txval as number), 0) +
    list('cdnr')
      .flatMap((party) => party.nt as Json[])
      .reduce((total, note) => total + signed(note), 0) +
    list('cdnur').reduce((total, note) => total + signed(note), 0)
  );
}

/** A shop of its own: an embedded database in memory, migrated, and the app on it (no port: requests are injected). */
async function openShop(): Promise<Pick<TestApp, 'app' | 'db' | 'close'>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-gst-month-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    COD_ENABLED: 'true',
    MAX_OPEN_UNPAID_ORDERS: '100000',
  });
  const app = await buildApp({ config, database, secrets: TEST_SECRETS, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
