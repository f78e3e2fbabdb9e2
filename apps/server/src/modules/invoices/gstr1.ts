/**
 * The month's documents as the tables of GSTR-1, in CSV files with the column headings of the GSTN offline
 * tool (docs/shop-rules.md#gst-report):
 *
 * - b2b (4A): invoices to buyers with a GSTIN, one row per invoice and rate.
 * - b2cl (5): invoices to buyers without a GSTIN, inter-state, above B2CL_LIMIT_PAISE, one row per invoice and rate.
 * - b2cs (7): the other invoices to buyers without a GSTIN, added up per place of supply and rate, less the credit
 *   notes of such invoices issued in the month (GSTR-1 nets them here; a row may be negative).
 * - cdnr / cdnur (9B): credit notes of b2b invoices / of b2cl invoices, one row per note and rate.
 * - hsn-b2b, hsn-b2c (12) and hsn (both): per HSN code and rate, invoices less credit notes.
 * - docs (13): the documents issued, per nature of document and series: first and last number, how many, and
 *   how many of them were cancelled.
 *
 * Amounts have 2 decimals and no separators; dates are dd-Mon-yyyy in India; the place of supply is
 * '29-Karnataka'. A credit note always cancels its whole invoice, so it falls in the same table as that invoice.
 */
import {
  documentTotalPaise,
  hsnSummary,
  taxSummaryByRate,
  type GstRate,
  type Gstr1Table,
  type TaxAmounts,
  type TaxDocument,
  type TaxedLine,
} from '@pumpkart/shared';
import type { TaxDocumentKind } from './store/documents';
import { csvAmount, textCell } from '../../lib/csv-stream';
import { ZERO_AMOUNTS } from './report';

/**
 * A B2C large invoice: inter-state, to a buyer without a GSTIN, of more than ₹1,00,000 (the limit since
 * 1 August 2024; ₹2,50,000 before).
 */
export const B2CL_LIMIT_PAISE = 1_00_000_00;

export type DocumentClass = 'b2b' | 'b2cl' | 'b2cs';

/** Which GSTR-1 table a document (or the invoice a credit note cancels) belongs to. */
export function classOf(document: TaxDocument): DocumentClass {
  if (document.buyer.gstin) return 'b2b';
  const large = document.supplyType === 'inter-state' && documentTotalPaise(document) > B2CL_LIMIT_PAISE;
  return large ? 'b2cl' : 'b2cs';
}

/** 18 -> '18', 0.25 -> '0.25'. */
const csvRate = (rate: number) => String(rate);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The date in India as the offline tool writes it: '05-Nov-2026'. */
export function gstnDate(iso: string): string {
  const inIndia = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  const day = String(inIndia.getUTCDate()).padStart(2, '0');
  return `${day}-${MONTHS[inIndia.getUTCMonth()]}-${inIndia.getUTCFullYear()}`;
}

/** Where the GSTN's state master spells a name its own way: Lakshadweep is '31-Lakshdweep' there. */
const GSTN_STATE_NAMES: Readonly<Record<string, string>> = { '31': 'Lakshdweep' };

/** '29-Karnataka'; the GSTN's list writes '&' for 'and' ('01-Jammu & Kashmir'). */
export const gstnPlaceOfSupply = (document: Pick<TaxDocument, 'placeOfSupply'>) => {
  const { code, name } = document.placeOfSupply;
  return `${code}-${GSTN_STATE_NAMES[code] ?? name.replace(/ and /g, ' & ')}`;
};

/** One CSV line (RFC 4180): a cell with a comma, quote or line break is quoted, quotes doubled. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')}\r\n`;
}

const receiverName = (document: TaxDocument) => textCell(document.buyer.businessName ?? document.buyer.name);

export interface Gstr1TableSpec {
  headings: readonly string[];
  /** The documents the table reads. */
  kinds: readonly TaxDocumentKind[];
  rows(documents: AsyncIterable<TaxDocument>): AsyncGenerator<string[]>;
}

/** One row per document and rate, for the documents of `kind` and `cls`. */
function perDocument(
  kind: TaxDocumentKind,
  cls: DocumentClass,
  row: (document: TaxDocument, rate: GstRate, taxablePaise: number) => string[],
): Gstr1TableSpec['rows'] {
  return async function* rows(documents) {
    for await (const document of documents) {
      if (document.kind !== kind || classOf(document) !== cls) continue;
      for (const rate of taxSummaryByRate(document.lines)) yield row(document, rate.ratePercent, rate.taxablePaise);
    }
  };
}

const sign = (document: TaxDocument) => (document.kind === 'invoice' ? 1 : -1);

async function* b2csRows(documents: AsyncIterable<TaxDocument>): AsyncGenerator<string[]> {
  const groups = new Map<string, { pos: string; code: string; rate: GstRate; taxablePaise: number }>();
  for await (const document of documents) {
    if (classOf(document) !== 'b2cs') continue;
    for (const rate of taxSummaryByRate(document.lines)) {
      const key = `${document.placeOfSupply.code}|${rate.ratePercent}`;
      const group = groups.get(key) ?? {
        pos: gstnPlaceOfSupply(document),
        code: document.placeOfSupply.code,
        rate: rate.ratePercent,
        taxablePaise: 0,
      };
      group.taxablePaise += sign(document) * rate.taxablePaise;
      groups.set(key, group);
    }
  }
  const sorted = [...groups.values()].sort((a, b) => (a.code === b.code ? a.rate - b.rate : a.code < b.code ? -1 : 1));
  for (const group of sorted) {
    if (group.taxablePaise === 0) continue;
    yield ['OE', group.pos, '', csvRate(group.rate), csvAmount(group.taxablePaise), '0.00', ''];
  }
}

type HsnGroup = TaxAmounts & { hsn: string; rate: GstRate; description: string; quantity: number; goods: boolean };

/** Invoices less credit notes per HSN code and rate, of the buyers `which` selects. */
function hsnRows(which: (document: TaxDocument) => boolean): Gstr1TableSpec['rows'] {
  return async function* rows(documents) {
    const groups = new Map<string, HsnGroup>();
    for await (const document of documents) {
      if (!which(document)) continue;
      const lines: readonly TaxedLine[] = document.lines;
      for (const row of hsnSummary(lines)) {
        const key = `${row.hsn}|${row.ratePercent}`;
        const goods = lines.some(
          (line) => line.kind === 'goods' && line.hsn === row.hsn && line.ratePercent === row.ratePercent,
        );
        const group: HsnGroup = groups.get(key) ?? {
          ...ZERO_AMOUNTS,
          hsn: row.hsn,
          rate: row.ratePercent,
          description: row.description,
          quantity: 0,
          goods: false,
        };
        const s = sign(document);
        group.taxablePaise += s * row.taxablePaise;
        group.cgstPaise += s * row.cgstPaise;
        group.sgstPaise += s * row.sgstPaise;
        group.utgstPaise += s * row.utgstPaise;
        group.igstPaise += s * row.igstPaise;
        group.taxPaise += s * row.taxPaise;
        group.inclusivePaise += s * row.inclusivePaise;
        group.quantity += s * row.quantity;
        // Named after its goods: a group seen first through a delivery line takes the goods' description.
        if (goods && !group.goods) group.description = row.description;
        group.goods ||= goods;
        groups.set(key, group);
      }
    }
    const sorted = [...groups.values()].sort((a, b) => (a.hsn === b.hsn ? a.rate - b.rate : a.hsn < b.hsn ? -1 : 1));
    for (const group of sorted) {
      if (group.inclusivePaise === 0 && group.quantity === 0) continue;
      yield [
        group.hsn,
        textCell(group.description),
        // Goods are counted in numbers; a delivery charge alone (no goods of its code and rate) is 'others'.
        group.goods ? 'NOS-NUMBERS' : 'OTH-OTHERS',
        String(group.quantity),
        csvAmount(group.inclusivePaise),
        csvRate(group.rate),
        csvAmount(group.taxablePaise),
        csvAmount(group.igstPaise),
        csvAmount(group.cgstPaise),
        csvAmount(group.sgstPaise + group.utgstPaise),
        '0.00',
      ];
    }
  };
}

const HSN_HEADINGS = [
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
] as const;

const BOTH: readonly TaxDocumentKind[] = ['invoice', 'credit-note'];

/**
 * Table 13's nature of each kind of document, as the offline tool's list names them ('Debit Note' is its text for
 * debit notes, which the shop does not issue yet).
 */
export const NATURE_OF_DOCUMENT: Record<TaxDocumentKind, string> = {
  invoice: 'Invoices for outward supply',
  'credit-note': 'Credit Note',
};

/**
 * Table 13: one row per nature of document and series ('PK/26-27'; a new row when the prefix changed within the
 * month), with the first and last number issued in the month and how many. Every series is gap-free, so the count
 * is also the range's length. Cancelled is 0: the shop never cancels an issued document; a cancelled sale keeps its
 * invoice and gets a credit note, which is a document of its own in this table (docs/shop-rules.md#gst-report).
 */
async function* documentsIssuedRows(documents: AsyncIterable<TaxDocument>): AsyncGenerator<string[]> {
  const series = new Map<string, { nature: string; first: string; last: string; count: number }>();
  for await (const document of documents) {
    const key = `${document.kind}|${document.number.slice(0, document.number.lastIndexOf('/'))}`;
    const row = series.get(key);
    // The documents of each kind arrive in the order of their numbers.
    if (row) {
      row.last = document.number;
      row.count += 1;
    } else {
      const nature = NATURE_OF_DOCUMENT[document.kind];
      series.set(key, { nature, first: document.number, last: document.number, count: 1 });
    }
  }
  for (const row of series.values()) yield [row.nature, row.first, row.last, String(row.count), '0'];
}

export const GSTR1: Record<Gstr1Table, Gstr1TableSpec> = {
  b2b: {
    headings: [
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
    ],
    kinds: ['invoice'],
    rows: perDocument('invoice', 'b2b', (document, rate, taxablePaise) => [
      document.buyer.gstin!,
      receiverName(document),
      document.number,
      gstnDate(document.issuedAt),
      csvAmount(documentTotalPaise(document)),
      gstnPlaceOfSupply(document),
      'N',
      '',
      'Regular B2B',
      '',
      csvRate(rate),
      csvAmount(taxablePaise),
      '0.00',
    ]),
  },
  b2cl: {
    headings: [
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    kinds: ['invoice'],
    rows: perDocument('invoice', 'b2cl', (document, rate, taxablePaise) => [
      document.number,
      gstnDate(document.issuedAt),
      csvAmount(documentTotalPaise(document)),
      gstnPlaceOfSupply(document),
      '',
      csvRate(rate),
      csvAmount(taxablePaise),
      '0.00',
      '',
    ]),
  },
  b2cs: {
    headings: [
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    kinds: BOTH,
    rows: b2csRows,
  },
  cdnr: {
    headings: [
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
    ],
    kinds: ['credit-note'],
    rows: perDocument('credit-note', 'b2b', (document, rate, taxablePaise) => [
      document.buyer.gstin!,
      receiverName(document),
      document.number,
      gstnDate(document.issuedAt),
      'C',
      gstnPlaceOfSupply(document),
      'N',
      'Regular B2B',
      csvAmount(documentTotalPaise(document)),
      '',
      csvRate(rate),
      csvAmount(taxablePaise),
      '0.00',
    ]),
  },
  cdnur: {
    headings: [
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
    ],
    kinds: ['credit-note'],
    rows: perDocument('credit-note', 'b2cl', (document, rate, taxablePaise) => [
      'B2CL',
      document.number,
      gstnDate(document.issuedAt),
      'C',
      gstnPlaceOfSupply(document),
      csvAmount(documentTotalPaise(document)),
      '',
      csvRate(rate),
      csvAmount(taxablePaise),
      '0.00',
    ]),
  },
  'hsn-b2b': { headings: HSN_HEADINGS, kinds: BOTH, rows: hsnRows((document) => classOf(document) === 'b2b') },
  'hsn-b2c': { headings: HSN_HEADINGS, kinds: BOTH, rows: hsnRows((document) => classOf(document) !== 'b2b') },
  hsn: { headings: HSN_HEADINGS, kinds: BOTH, rows: hsnRows(() => true) },
  docs: {
    headings: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    kinds: BOTH,
    rows: documentsIssuedRows,
  },
};

/** The table as CSV text, line by line: the headings, then its rows. */
export async function* gstr1Csv(table: Gstr1Table, documents: AsyncIterable<TaxDocument>): AsyncGenerator<string> {
  const spec = GSTR1[table];
  yield csvLine(spec.headings);
  for await (const row of spec.rows(documents)) yield csvLine(row);
}
