/**
 * The GSTR-1 tables that list documents one by one (docs/shop-rules.md#gst-report), one CSV row per document and
 * rate: b2b (4A) and b2cl (5) for invoices, cdnr and cdnur (9B) for the notes of b2b and b2cl invoices. A note
 * falls in the class of the invoice it corrects, whatever its own value (a partial credit note of a B2CL invoice).
 */
import { documentTotalPaise, taxSummaryByRate, type GstRate, type TaxDocument } from '@pumpkart/shared';
import { csvAmount } from '../../../lib/csv-stream';
import {
  classOf,
  csvRate,
  gstnDate,
  gstnPlaceOfSupply,
  receiverName,
  type DocumentClass,
  type Gstr1TableSpec,
  type TaxDocumentKind,
  noteType,
  NOTES,
} from './format';

/** The documents of `kind` whose class is `cls`. */
export async function* documentsOfClass(
  documents: AsyncIterable<TaxDocument>,
  kinds: readonly TaxDocumentKind[],
  cls: DocumentClass,
): AsyncGenerator<TaxDocument> {
  for await (const document of documents)
    if (kinds.includes(document.kind) && classOf(document) === cls) yield document;
}

/** One row per document and rate, for the documents of `kinds` and `cls`. */
function perDocument(
  kinds: readonly TaxDocumentKind[],
  cls: DocumentClass,
  row: (document: TaxDocument, rate: GstRate, taxablePaise: number) => string[],
): Gstr1TableSpec['rows'] {
  return async function* rows(documents) {
    for await (const document of documentsOfClass(documents, kinds, cls)) {
      for (const rate of taxSummaryByRate(document.lines)) yield row(document, rate.ratePercent, rate.taxablePaise);
    }
  };
}

export const b2b: Gstr1TableSpec = {
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
  rows: perDocument(['invoice'], 'b2b', (document, rate, taxablePaise) => [
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
};

export const b2cl: Gstr1TableSpec = {
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
  rows: perDocument(['invoice'], 'b2cl', (document, rate, taxablePaise) => [
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
};

export const cdnr: Gstr1TableSpec = {
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
  kinds: NOTES,
  rows: perDocument(NOTES, 'b2b', (document, rate, taxablePaise) => [
    document.buyer.gstin!,
    receiverName(document),
    document.number,
    gstnDate(document.issuedAt),
    noteType(document),
    gstnPlaceOfSupply(document),
    'N',
    'Regular B2B',
    csvAmount(documentTotalPaise(document)),
    '',
    csvRate(rate),
    csvAmount(taxablePaise),
    '0.00',
  ]),
};

export const cdnur: Gstr1TableSpec = {
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
  kinds: NOTES,
  rows: perDocument(NOTES, 'b2cl', (document, rate, taxablePaise) => [
    'B2CL',
    document.number,
    gstnDate(document.issuedAt),
    noteType(document),
    gstnPlaceOfSupply(document),
    csvAmount(documentTotalPaise(document)),
    '',
    csvRate(rate),
    csvAmount(taxablePaise),
    '0.00',
  ]),
};
