/**
 * The GST report's month and the GSTR-1 tables it writes as CSV files (docs/shop-rules.md#gst-report), without zod:
 * the web app's API client names the files, and a module of zod schemas would bring zod into the storefront's
 * JavaScript (docs/decisions/0016-storefront-weight.md).
 */

/** A calendar month, 'YYYY-MM', of the years 2000 to 2099 (GST began in July 2017). */
export const GST_REPORT_MONTH_PATTERN = /^20\d{2}-(0[1-9]|1[0-2])$/;

/** The GST report's answers: its totals (json), one GSTR-1 table as CSV, the whole return as the portal's JSON. */
export const GST_REPORT_FORMATS = ['json', 'csv', 'gstr1-json'] as const;

/** The GSTR-1 tables the report writes as CSV files, in the order of the return. */
export const GSTR1_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'hsn', 'docs'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

/** What each table holds, as the admin page names it. */
export const GSTR1_TABLE_LABELS: Record<Gstr1Table, string> = {
  b2b: 'B2B invoices (4A)',
  b2cl: 'B2C large invoices (5)',
  b2cs: 'B2C small (7)',
  cdnr: 'Credit notes, registered (9B)',
  cdnur: 'Credit notes, unregistered (9B)',
  'hsn-b2b': 'HSN summary, B2B (12)',
  'hsn-b2c': 'HSN summary, B2C (12)',
  hsn: 'HSN summary, all',
  docs: 'Documents issued (13)',
};

/** The CSV file's name: GSTR1-b2b-2026-11.csv. */
export const gstr1FileName = (table: Gstr1Table, month: string) => `GSTR1-${table}-${month}.csv`;

/** The JSON file's name, which names the seller's GSTIN: GSTR1-27AAHCP4821K1Z6-2026-11.json. */
export const gstr1JsonFileName = (gstin: string, month: string) => `GSTR1-${gstin}-${month}.json`;
