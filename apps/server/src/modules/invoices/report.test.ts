import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTotalPaise, SERVER_MESSAGES, toPaise, type GstReport, type TaxDocument } from '@pumpkart/shared';
import { taxDocuments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';
import { csvAmount, textCell } from '../../lib/csv-stream';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { B2CL_LIMIT_PAISE, classOf, csvLine, gstnDate } from './gstr1';
import { issueCreditNoteIfInvoiced, issueInvoiceIfAbsent } from './issuing';
import { monthRange } from './report';
import { documentsIssuedIn } from './store/documents';
import { createTaxedProduct, enterSellerDetails, silentLog, validGstinFor } from './test-support';

let t: TestApp;
let adminToken: string;
let buyerToken: string;

/** Document numbers by the letter of the order they are for (A-F) and 'A-CN' for a credit note. */
const numbers: Record<string, string> = {};

/** A moment in India. */
const ist = (local: string) => new Date(`${local}+05:30`);

const issueInvoice = async (orderId: string, at: Date) =>
  (await t.db.transaction((tx) => issueInvoiceIfAbsent(tx, orderId, { log: silentLog, now: at })))!.number;
const issueCreditNote = async (orderId: string, at: Date) =>
  (await t.db.transaction((tx) => issueCreditNoteIfInvoiced(tx, orderId, { log: silentLog, now: at })))!.number;

const BUSINESS_GSTIN = validGstinFor('29');
/** The demo seller's GSTIN (enterSellerDetails). */
const SELLER_GSTIN = demoStoreSettings().gstin;
const BUSINESS_NAME = '=Shree "Fuels", Pune';

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true', MAX_OPEN_UNPAID_ORDERS: '100' });
  await enterSellerDetails(t);
  adminToken = (await createTestAdmin(t.app)).token;
  const buyer = await createTestUser(t.app);
  buyerToken = buyer.token;

  const pump = (await createTaxedProduct(t.db, { price: 1180, stock: 100 })).product; // 18 %, HSN 84131100
  const vest = (await createTaxedProduct(t.db, { price: 525, stock: 100, hsnCode: '62114390', gstRate: 5 })).product;
  const big = (await createTaxedProduct(t.db, { price: 150_000, stock: 10, hsnCode: '84135010' })).product;
  const place = (lines: Parameters<typeof orderBody>[0], state: string, business = false) =>
    placeOrderOk(
      t.app,
      buyer.token,
      orderBody(lines, {
        paymentMode: 'cod',
        address: testAddress({ state }),
        customer: {
          name: 'Asha Patel',
          email: 'asha@example.com',
          phone: '9123456780',
          ...(business ? { businessName: BUSINESS_NAME, gstin: BUSINESS_GSTIN } : {}),
        },
      }),
    );
  const orders = {
    A: await place([{ product: pump }, { product: vest, quantity: 2 }], 'Karnataka', true), // B2B
    B: await place([{ product: pump }], 'Maharashtra'), // B2C inside the seller's state
    C: await place([{ product: pump, quantity: 2 }], 'Karnataka'), // B2C small, inter-state
    D: await place([{ product: big }], 'Tamil Nadu'), // B2C large, inter-state
    E: await place([{ product: vest }], 'Maharashtra'),
    F: await place([{ product: pump }], 'Kerala'),
  };
  // Issued in the order of their dates, as the shop would issue them.
  numbers.F = await issueInvoice(orders.F._id, ist('2031-10-31T23:59:59'));
  numbers.B = await issueInvoice(orders.B._id, ist('2031-11-01T00:00:00'));
  numbers.A = await issueInvoice(orders.A._id, ist('2031-11-05T10:00:00'));
  numbers.D = await issueInvoice(orders.D._id, ist('2031-11-10T15:00:00'));
  numbers['A-CN'] = await issueCreditNote(orders.A._id, ist('2031-11-20T12:00:00'));
  numbers.C = await issueInvoice(orders.C._id, ist('2031-11-30T23:59:59'));
  numbers.E = await issueInvoice(orders.E._id, ist('2031-12-01T00:00:00'));
  numbers['D-CN'] = await issueCreditNote(orders.D._id, ist('2031-12-02T11:00:00'));
  numbers['C-CN'] = await issueCreditNote(orders.C._id, ist('2031-12-03T09:00:00'));
});
afterAll(() => t?.close());

const report = (query: string, token: string | null = adminToken) =>
  t.app.inject({ method: 'GET', url: `/api/admin/gst-report?${query}`, headers: token ? bearer(token) : {} });

/** The documents issued between two moments, straight from the table, and the sums of their stored totals. */
async function documentsBetween(from: Date, to: Date) {
  const rows = (await t.db.select().from(taxDocuments)).filter((row) => row.issuedAt >= from && row.issuedAt < to);
  const sums = (kind: 'invoice' | 'credit-note') => {
    const of = rows.filter((row) => row.kind === kind);
    const sum = (pick: (row: (typeof rows)[number]) => number) => of.reduce((total, row) => total + pick(row), 0);
    return {
      count: of.length,
      numbers: of.map((row) => row.number).sort(),
      taxable: sum((row) => row.taxablePaise),
      cgst: sum((row) => row.cgstPaise),
      sgst: sum((row) => row.sgstPaise),
      utgst: sum((row) => row.utgstPaise),
      igst: sum((row) => row.igstPaise),
      tax: sum((row) => row.cgstPaise + row.sgstPaise + row.utgstPaise + row.igstPaise),
      total: sum((row) => row.totalPaise),
    };
  };
  return { rows, invoices: sums('invoice'), creditNotes: sums('credit-note') };
}

type Paise = Record<'taxable' | 'cgst' | 'sgst' | 'utgst' | 'igst' | 'tax' | 'total', number>;
const AMOUNT_KEYS = ['taxable', 'cgst', 'sgst', 'utgst', 'igst', 'tax', 'total'] as const;
/** Rupee amounts of the JSON back in paise, to compare exactly. */
const paiseOf = (amounts: Record<(typeof AMOUNT_KEYS)[number], number>): Paise =>
  Object.fromEntries(AMOUNT_KEYS.map((key) => [key, toPaise(amounts[key])])) as Paise;
const minus = (a: Paise, b: Paise): Paise =>
  Object.fromEntries(AMOUNT_KEYS.map((key) => [key, a[key] - b[key]])) as Paise;
const pick = (sums: Paise): Paise => Object.fromEntries(AMOUNT_KEYS.map((key) => [key, sums[key]])) as Paise;

/** A CSV text as rows of cells (RFC 4180: quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  expect(cell).toBe(''); // every line ends with CRLF
  return rows;
}

async function csv(month: string, table: string) {
  const res = await report(`month=${month}&format=csv&table=${table}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR1-${table}-${month}.csv"`);
  const [headings, ...rows] = parseCsv(res.body);
  const column = (name: string) => {
    const index = headings!.indexOf(name);
    expect(index, name).toBeGreaterThanOrEqual(0);
    return rows.map((row) => row[index]!);
  };
  /** The column's amounts added up in paise. */
  const sum = (name: string) => column(name).reduce((total, value) => total + toPaise(Number(value)), 0);
  return { headings: headings!, rows, column, sum };
}

async function json(month: string): Promise<GstReport> {
  const res = await report(`month=${month}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const documentOf = async (number: string) =>
  (await t.db.select().from(taxDocuments)).find((row) => row.number === number)!.document as TaxDocument;

describe('GET /api/admin/gst-report: the totals of a month', () => {
  it('counts the documents issued in the month in India and reconciles with their totals to the paisa', async () => {
    const november = await json('2031-11');
    const stored = await documentsBetween(ist('2031-11-01T00:00:00'), ist('2031-12-01T00:00:00'));
    // 00:00 on 1 November and 23:59:59 on 30 November in India are in; 23:59:59 on 31 October and 00:00 on
    // 1 December are not.
    expect(stored.invoices.numbers).toEqual([numbers.A, numbers.B, numbers.C, numbers.D].sort());
    expect(stored.creditNotes.numbers).toEqual([numbers['A-CN']]);
    expect(november).toMatchObject({
      month: '2031-11',
      from: '2031-10-31T18:30:00.000Z',
      to: '2031-11-30T18:30:00.000Z',
      invoices: { count: 4 },
      creditNotes: { count: 1 },
    });
    expect(paiseOf(november.invoices.totals)).toEqual(pick(stored.invoices));
    expect(paiseOf(november.creditNotes.totals)).toEqual(pick(stored.creditNotes));
    expect(paiseOf(november.net.totals)).toEqual(minus(pick(stored.invoices), pick(stored.creditNotes)));

    // Per rate: the lines' rates, lowest first, adding up to the totals.
    for (const set of [november.invoices, november.creditNotes, november.net]) {
      const sum = AMOUNT_KEYS.map((key) => set.byRate.reduce((total, row) => total + toPaise(row[key]), 0));
      expect(sum).toEqual(AMOUNT_KEYS.map((key) => toPaise(set.totals[key])));
    }
    expect(november.invoices.byRate.map((row) => row.rate)).toEqual([5, 18]);
    const vests = november.invoices.byRate[0]!;
    // The vests' 1,050.00 and, the delivery charge being apportioned by value, their share of order A's 133.80:
    // 63.00, of which 60.00 taxable and 3.00 IGST.
    expect(vests).toMatchObject({ rate: 5, taxable: 1060, igst: 53, cgst: 0, sgst: 0, tax: 53, total: 1113 });
    // Inside the seller's state (order B) CGST and SGST, elsewhere IGST.
    expect(november.invoices.totals.cgst).toBeGreaterThan(0);
    expect(november.invoices.totals.cgst).toBe(november.invoices.totals.sgst);

    // The business buyer's invoice was cancelled within the month: nothing left of it, net.
    expect(november.b2b).toMatchObject({ invoiceCount: 1, creditNoteCount: 1 });
    expect(paiseOf(november.b2b.invoices)).toEqual(paiseOf(november.b2b.creditNotes));
    expect(Object.values(november.b2b.net).every((value) => value === 0)).toBe(true);
    expect(november.b2c).toMatchObject({ invoiceCount: 3, creditNoteCount: 0 });
    expect(AMOUNT_KEYS.map((key) => toPaise(november.b2b.invoices[key]) + toPaise(november.b2c.invoices[key]))).toEqual(
      AMOUNT_KEYS.map((key) => toPaise(november.invoices.totals[key])),
    );
  });

  it('puts a credit note in the month it was issued, and reports a month with nothing as zeros', async () => {
    const december = await json('2031-12');
    const stored = await documentsBetween(ist('2031-12-01T00:00:00'), ist('2032-01-01T00:00:00'));
    expect(stored.invoices.numbers).toEqual([numbers.E]);
    expect(stored.creditNotes.numbers).toEqual([numbers['C-CN'], numbers['D-CN']].sort());
    expect(december).toMatchObject({
      invoices: { count: 1 },
      creditNotes: { count: 2 },
      to: '2031-12-31T18:30:00.000Z',
    });
    expect(paiseOf(december.invoices.totals)).toEqual(pick(stored.invoices));
    expect(paiseOf(december.creditNotes.totals)).toEqual(pick(stored.creditNotes));
    expect(december.net.totals.taxable).toBeLessThan(0);

    const october = await json('2031-10');
    expect(october.invoices.count).toBe(1);
    expect(paiseOf(october.invoices.totals)).toEqual(
      pick((await documentsBetween(ist('2031-10-01T00:00:00'), ist('2031-11-01T00:00:00'))).invoices),
    );

    const empty = await json('2030-02');
    expect(empty).toMatchObject({ invoices: { count: 0, byRate: [] }, creditNotes: { count: 0 }, net: { byRate: [] } });
    expect(Object.values(empty.net.totals).every((value) => value === 0)).toBe(true);
  });

  it('answers 400 for a missing or malformed month, a bad format or table, 401 without a token, 403 to a buyer', async () => {
    for (const query of ['', 'month=', 'month=2031-13', 'month=2031-1', 'month=11-2031', 'month=1999-11', 'month=x']) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(SERVER_MESSAGES.gstReportMonth);
    }
    for (const query of ['month=2031-11&format=csv', 'month=2031-11&format=csv&table=b2x']) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(SERVER_MESSAGES.gstReportTable);
    }
    const badFormat = await report('month=2031-11&format=xlsx');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe(SERVER_MESSAGES.gstReportFormat);

    const anonymous = await report('month=2031-11', null);
    expect(anonymous.statusCode).toBe(401);
    const buyer = await report('month=2031-11&format=csv&table=b2b', buyerToken);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toEqual({ message: SERVER_MESSAGES.adminOnly });
  });
});

describe('GET /api/admin/gst-report?format=csv: the GSTR-1 tables', () => {
  it('b2b: one row per invoice and rate, with the GSTIN, the place of supply and the GSTN headings', async () => {
    const b2b = await csv('2031-11', 'b2b');
    expect(b2b.headings).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ]);
    const invoice = await documentOf(numbers.A!);
    const value = csvAmount(documentTotalPaise(invoice));
    // The buyer's name is quoted (comma, quotes) and cannot start a formula.
    const common = [
      BUSINESS_GSTIN,
      `'${BUSINESS_NAME}`,
      numbers.A,
      '05-Nov-2031',
      value,
      '29-Karnataka',
      'N',
      '',
      'Regular B2B',
      '',
    ];
    const vests = invoice.lines.filter((line) => line.ratePercent === 5);
    const pumps = invoice.lines.filter((line) => line.ratePercent === 18); // with the delivery line, if any
    const taxable = (lines: typeof vests) => csvAmount(lines.reduce((total, line) => total + line.taxablePaise, 0));
    expect(b2b.rows).toEqual([
      [...common, '5', taxable(vests), '0.00'],
      [...common, '18', taxable(pumps), '0.00'],
    ]);
    expect(b2b.sum('Taxable Value')).toBe(invoice.totals.taxablePaise);
    expect(value).toMatch(/^\d+\.\d{2}$/);
  });

  it('b2cl, b2cs, cdnr and cdnur reconcile with the net totals; hsn carries the taxes', async () => {
    for (const month of ['2031-11', '2031-12']) {
      const totals = await json(month);
      const tables = {
        b2b: await csv(month, 'b2b'),
        b2cl: await csv(month, 'b2cl'),
        b2cs: await csv(month, 'b2cs'),
        cdnr: await csv(month, 'cdnr'),
        cdnur: await csv(month, 'cdnur'),
      };
      const taxable =
        tables.b2b.sum('Taxable Value') +
        tables.b2cl.sum('Taxable Value') +
        tables.b2cs.sum('Taxable Value') -
        tables.cdnr.sum('Taxable Value') -
        tables.cdnur.sum('Taxable Value');
      expect(taxable, month).toBe(toPaise(totals.net.totals.taxable));

      const hsn = await csv(month, 'hsn');
      expect(hsn.headings).toEqual([
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ]);
      const net = paiseOf(totals.net.totals);
      expect(hsn.sum('Taxable Value'), month).toBe(net.taxable);
      expect(hsn.sum('Integrated Tax Amount'), month).toBe(net.igst);
      expect(hsn.sum('Central Tax Amount'), month).toBe(net.cgst);
      expect(hsn.sum('State/UT Tax Amount'), month).toBe(net.sgst + net.utgst);
      expect(hsn.sum('Total Value'), month).toBe(net.total);
      // The two halves of GSTR-1 table 12 add up to the whole.
      const [b2bHalf, b2cHalf] = [await csv(month, 'hsn-b2b'), await csv(month, 'hsn-b2c')];
      expect(b2bHalf.sum('Total Value') + b2cHalf.sum('Total Value')).toBe(net.total);
      expect(paiseOf(totals.b2b.net).total).toBe(b2bHalf.sum('Total Value'));
    }
  });

  it('November: the large inter-state consumer invoice in b2cl, the small ones added up in b2cs, the note in cdnr', async () => {
    const large = await documentOf(numbers.D!);
    expect(large.totals.inclusivePaise).toBeGreaterThan(B2CL_LIMIT_PAISE);
    const b2cl = await csv('2031-11', 'b2cl');
    expect(b2cl.headings).toEqual([
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    expect(b2cl.rows).toEqual([
      [
        numbers.D,
        '10-Nov-2031',
        csvAmount(documentTotalPaise(large)),
        '33-Tamil Nadu',
        '',
        '18',
        csvAmount(large.totals.taxablePaise),
        '0.00',
        '',
      ],
    ]);

    const b2cs = await csv('2031-11', 'b2cs');
    expect(b2cs.headings).toEqual([
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    const [local, karnataka] = [await documentOf(numbers.B!), await documentOf(numbers.C!)];
    expect(b2cs.rows).toEqual([
      ['OE', '27-Maharashtra', '', '18', csvAmount(local.totals.taxablePaise), '0.00', ''],
      ['OE', '29-Karnataka', '', '18', csvAmount(karnataka.totals.taxablePaise), '0.00', ''],
    ]);

    const cdnr = await csv('2031-11', 'cdnr');
    expect(cdnr.headings).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ]);
    const note = await documentOf(numbers['A-CN']!);
    expect(cdnr.rows.map((row) => row.slice(0, 9))).toEqual(
      ['5', '18'].map(() => [
        BUSINESS_GSTIN,
        `'${BUSINESS_NAME}`,
        numbers['A-CN'],
        '20-Nov-2031',
        'C',
        '29-Karnataka',
        'N',
        'Regular B2B',
        csvAmount(documentTotalPaise(note)),
      ]),
    );
    expect(cdnr.sum('Taxable Value')).toBe(note.totals.taxablePaise);
    expect((await csv('2031-11', 'cdnur')).rows).toEqual([]);

    // HSN: the business buyer's goods were credited within the month, so table 12 (B2B) is empty.
    expect((await csv('2031-11', 'hsn-b2b')).rows).toEqual([]);
    const hsn = await csv('2031-11', 'hsn-b2c');
    expect(hsn.rows.map((row) => [row[0], row[2], row[3], row[5]])).toEqual([
      ['84131100', 'NOS-NUMBERS', '3', '18'],
      ['84135010', 'NOS-NUMBERS', '1', '18'],
    ]);
  });

  it('December: the large invoice’s credit note in cdnur, the small one’s subtracted in b2cs', async () => {
    const cdnur = await csv('2031-12', 'cdnur');
    expect(cdnur.headings).toEqual([
      'UR Type',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ]);
    const note = await documentOf(numbers['D-CN']!);
    expect(cdnur.rows).toEqual([
      [
        'B2CL',
        numbers['D-CN'],
        '02-Dec-2031',
        'C',
        '33-Tamil Nadu',
        csvAmount(documentTotalPaise(note)),
        '',
        '18',
        csvAmount(note.totals.taxablePaise),
        '0.00',
      ],
    ]);
    const [vest, cancelled] = [await documentOf(numbers.E!), await documentOf(numbers['C-CN']!)];
    expect((await csv('2031-12', 'b2cs')).rows).toEqual([
      ['OE', '27-Maharashtra', '', '5', csvAmount(vest.totals.taxablePaise), '0.00', ''],
      ['OE', '29-Karnataka', '', '18', csvAmount(-cancelled.totals.taxablePaise), '0.00', ''],
    ]);
    expect((await csv('2031-12', 'b2b')).rows).toEqual([]);
  });
});

describe('GET /api/admin/gst-report: docs (table 13, documents issued)', () => {
  it("lists the month's invoices and credit notes by series, first to last, their number, none cancelled", async () => {
    const [november, december] = [await csv('2031-11', 'docs'), await csv('2031-12', 'docs')];
    expect(november.headings).toEqual([
      'Nature of Document',
      'Sr. No. From',
      'Sr. No. To',
      'Total Number',
      'Cancelled',
    ]);
    // F (31 October in India) is October's; B, A, D and C were issued in November in that order.
    expect(november.rows).toEqual([
      ['Invoices for outward supply', numbers.B, numbers.C, '4', '0'],
      ['Credit Note', numbers['A-CN'], numbers['A-CN'], '1', '0'],
    ]);
    expect(december.rows).toEqual([
      ['Invoices for outward supply', numbers.E, numbers.E, '1', '0'],
      ['Credit Note', numbers['D-CN'], numbers['C-CN'], '2', '0'],
    ]);
    // Table 13 counts what the totals count.
    for (const [month, table] of [
      ['2031-11', november],
      ['2031-12', december],
    ] as const) {
      const totals = await json(month);
      const counted = (nature: string) =>
        table.rows.filter((row) => row[0] === nature).reduce((n, row) => n + Number(row[3]), 0);
      expect(counted('Invoices for outward supply'), month).toBe(totals.invoices.count);
      expect(counted('Credit Note'), month).toBe(totals.creditNotes.count);
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the report and its query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths['/api/admin/gst-report'].get;
    expect(route.parameters.map((parameter: { name: string; in: string }) => [parameter.in, parameter.name])).toEqual(
      expect.arrayContaining([
        ['query', 'month'],
        ['query', 'format'],
        ['query', 'table'],
      ]),
    );
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});

describe('the pieces of the report', () => {
  it('reads the month in India, a page at a time, invoices then credit notes in number order', async () => {
    expect(monthRange('2031-12')).toEqual({
      month: '2031-12',
      from: new Date('2031-11-30T18:30:00.000Z'),
      to: new Date('2031-12-31T18:30:00.000Z'),
    });
    const read: string[] = [];
    for await (const document of documentsIssuedIn(
      t.db,
      monthRange('2031-11'),
      SELLER_GSTIN,
      ['invoice', 'credit-note'],
      1,
    )) {
      read.push(document.number);
    }
    expect(read).toEqual([numbers.B, numbers.A, numbers.D, numbers.C, numbers['A-CN']]);
  });

  it('classifies by GSTIN, supply type and the ₹1,00,000 limit, and writes cells as the offline tool reads them', async () => {
    const large = await documentOf(numbers.D!);
    const at = (inclusivePaise: number) => ({ ...large, totals: { ...large.totals, inclusivePaise } });
    expect(classOf(at(B2CL_LIMIT_PAISE))).toBe('b2cs');
    expect(classOf(at(B2CL_LIMIT_PAISE + 1))).toBe('b2cl');
    expect(classOf({ ...at(B2CL_LIMIT_PAISE + 1), supplyType: 'intra-state' })).toBe('b2cs');
    expect(classOf({ ...large, buyer: { ...large.buyer, gstin: BUSINESS_GSTIN } })).toBe('b2b');
    // A note is in its invoice's class, whatever its own value: a partial credit note of a B2CL invoice is B2CL.
    const note = (invoicePaise?: number) => ({
      ...at(5_000_00),
      kind: 'credit-note' as const,
      reference: { number: large.number, issuedAt: large.issuedAt, totalPaise: invoicePaise },
    });
    expect(classOf(note(B2CL_LIMIT_PAISE + 1))).toBe('b2cl');
    expect(classOf(note(B2CL_LIMIT_PAISE))).toBe('b2cs');
    expect(classOf(note(undefined))).toBe('b2cs');

    expect([csvAmount(0), csvAmount(5), csvAmount(-5), csvAmount(12_345_678_90)]).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '12345678.90',
    ]);
    expect(gstnDate('2031-09-04T18:30:00.000Z')).toBe('05-Sep-2031');
    expect(csvLine(['a', 'b,c', 'say "hi"', ''])).toBe('a,"b,c","say ""hi""",\r\n');
    expect([textCell('+91 Traders'), textCell('-x'), textCell('@a'), textCell('Asha')]).toEqual([
      "'+91 Traders",
      "'-x",
      "'@a",
      'Asha',
    ]);
  });
});
