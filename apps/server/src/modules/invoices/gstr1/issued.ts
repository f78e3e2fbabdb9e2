/**
 * Table 13 of GSTR-1, documents issued (docs/shop-rules.md#gst-report): one row per nature of document and series
 * ('PK/26-27'; a new row when the prefix changed within the month), with the first and last number issued in the
 * month and how many. Every series is gap-free, so the count is also the range's length. Cancelled is 0: the shop
 * never cancels an issued document; a cancelled sale keeps its invoice and gets a credit note, which is a document
 * of its own in this table.
 */
import type { TaxDocument } from '@pumpkart/shared';
import type { Gstr1TableSpec, TaxDocumentKind } from './format';

/** Table 13's nature of each kind of document, as the offline tool's list names them, and its doc_num in the JSON. */
export const NATURE_OF_DOCUMENT: Record<TaxDocumentKind, { name: string; docNum: number }> = {
  invoice: { name: 'Invoices for outward supply', docNum: 1 },
  'debit-note': { name: 'Debit Note', docNum: 4 },
  'credit-note': { name: 'Credit Note', docNum: 5 },
};

export interface IssuedSeries {
  kind: TaxDocumentKind;
  first: string;
  last: string;
  count: number;
}

/** The series issued in the month, in the order the documents arrive (each kind in number order). */
export async function issuedSeries(documents: AsyncIterable<TaxDocument>): Promise<IssuedSeries[]> {
  const series = new Map<string, IssuedSeries>();
  for await (const document of documents) {
    const key = `${document.kind}|${document.number.slice(0, document.number.lastIndexOf('/'))}`;
    const row = series.get(key);
    if (row) {
      row.last = document.number;
      row.count += 1;
    } else {
      series.set(key, { kind: document.kind, first: document.number, last: document.number, count: 1 });
    }
  }
  return [...series.values()];
}

export const docs: Gstr1TableSpec = {
  headings: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
  kinds: ['invoice', 'debit-note', 'credit-note'],
  async *rows(documents) {
    for (const row of await issuedSeries(documents)) {
      yield [NATURE_OF_DOCUMENT[row.kind].name, row.first, row.last, String(row.count), '0'];
    }
  },
};
