/**
 * The month's documents as the tables of GSTR-1 (docs/shop-rules.md#gst-report): CSV files with the column
 * headings of the GSTN offline tool, one per table, and one JSON file in the portal's own format (json.ts).
 *
 * - documents.ts: b2b (4A), b2cl (5), cdnr and cdnur (9B), one row per document and rate.
 * - summaries.ts: b2cs (7) per place of supply and rate, and the HSN summary (12) per HSN code and rate, both
 *   invoices less credit notes.
 * - issued.ts: documents issued (13), per nature of document and series.
 * - format.ts: the class of a document and how cells are written.
 *
 * Amounts have 2 decimals and no separators; dates are dd-Mon-yyyy in India; the place of supply is '29-Karnataka'.
 */
import type { Gstr1Table, TaxDocument } from '@pumpkart/shared';
import { b2b, b2cl, cdnr, cdnur } from './documents';
import { csvLine, type Gstr1TableSpec } from './format';
import { docs } from './issued';
import { b2cs, hsnAll, hsnB2b, hsnB2c } from './summaries';

export { B2CL_LIMIT_PAISE, classOf, csvLine, gstnDate, gstnPlaceOfSupply, type Gstr1TableSpec } from './format';
export { NATURE_OF_DOCUMENT } from './issued';

export const GSTR1: Record<Gstr1Table, Gstr1TableSpec> = {
  b2b,
  b2cl,
  b2cs,
  cdnr,
  cdnur,
  'hsn-b2b': hsnB2b,
  'hsn-b2c': hsnB2c,
  hsn: hsnAll,
  docs,
};

/** The table as CSV text, line by line: the headings, then its rows. */
export async function* gstr1Csv(table: Gstr1Table, documents: AsyncIterable<TaxDocument>): AsyncGenerator<string> {
  const spec = GSTR1[table];
  yield csvLine(spec.headings);
  for await (const row of spec.rows(documents)) yield csvLine(row);
}
