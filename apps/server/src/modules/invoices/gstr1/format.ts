/**
 * How a document falls into GSTR-1's tables and how its cells are written (docs/shop-rules.md#gst-report): the
 * class of a document (b2b, b2cl, b2cs), its date and place of supply as the offline tool's CSV files and the
 * portal's JSON write them, and one CSV line.
 */
import { documentTotalPaise, type GstRate, type TaxAmounts, type TaxDocument } from '@pumpkart/shared';
import { textCell } from '../../../lib/csv-stream';

/** Invoice or credit note. */
export type TaxDocumentKind = TaxDocument['kind'];

/**
 * A B2C large invoice: inter-state, to a buyer without a GSTIN, of more than ₹1,00,000 (the limit since
 * 1 August 2024; ₹2,50,000 before).
 */
export const B2CL_LIMIT_PAISE = 1_00_000_00;

export type DocumentClass = 'b2b' | 'b2cl' | 'b2cs';

/** Which GSTR-1 table a document belongs to; a note, the table of the invoice it corrects. */
export function classOf(document: TaxDocument): DocumentClass {
  if (document.buyer.gstin) return 'b2b';
  const invoicePaise = document.reference?.totalPaise ?? documentTotalPaise(document);
  const large = document.supplyType === 'inter-state' && invoicePaise > B2CL_LIMIT_PAISE;
  return large ? 'b2cl' : 'b2cs';
}

/** What a document adds to a table that nets them: -1 for a credit note, +1 for an invoice or a debit note. */
export const sign = (document: TaxDocument) => (document.kind === 'credit-note' ? -1 : 1);

/** The notes of cdnr and cdnur. */
export const NOTES: readonly TaxDocumentKind[] = ['credit-note', 'debit-note'];

/** A note's type in cdnr and cdnur: 'C' for a credit note, 'D' for a debit note. */
export const noteType = (document: TaxDocument) => (document.kind === 'debit-note' ? 'D' : 'C');

/** 18 -> '18', 0.25 -> '0.25'. */
export const csvRate = (rate: GstRate) => String(rate);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The day, month (1 to 12) and year of an instant in India. */
function dayInIndia(iso: string) {
  const inIndia = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  return { day: inIndia.getUTCDate(), month: inIndia.getUTCMonth() + 1, year: inIndia.getUTCFullYear() };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The date in India as the offline tool's CSV files write it: '05-Nov-2026'. */
export function gstnDate(iso: string): string {
  const { day, month, year } = dayInIndia(iso);
  return `${two(day)}-${MONTHS[month - 1]}-${year}`;
}

/** The date in India as the portal's JSON writes it: '05-11-2026'. */
export function gstnJsonDate(iso: string): string {
  const { day, month, year } = dayInIndia(iso);
  return `${two(day)}-${two(month)}-${year}`;
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

export const receiverName = (document: TaxDocument) => textCell(document.buyer.businessName ?? document.buyer.name);

/** A table's amounts in paise: the state tax is SGST or UTGST, which GSTR-1 reports in one column. */
export interface TableAmounts {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  stateTaxPaise: number;
}

export const tableAmounts = (amounts: TaxAmounts): TableAmounts => ({
  taxablePaise: amounts.taxablePaise,
  igstPaise: amounts.igstPaise,
  cgstPaise: amounts.cgstPaise,
  stateTaxPaise: amounts.sgstPaise + amounts.utgstPaise,
});

/** One GSTR-1 table as a CSV file. */
export interface Gstr1TableSpec {
  headings: readonly string[];
  /** The documents the table reads. */
  kinds: readonly TaxDocumentKind[];
  rows(documents: AsyncIterable<TaxDocument>): AsyncGenerator<string[]>;
}
