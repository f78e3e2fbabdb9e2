/**
 * The download of an issued tax document (docs/shop-rules.md#invoices): rendered to PDF from the snapshot stored at
 * issue, so a download never changes what was issued; the invoice also as its transporter's copy (CGST Rule 48(1))
 * and as the e-way bill portal's bulk generation file (docs/shop-rules.md#e-way-bills). Who may download is the caller's check (the order's buyer or
 * an admin).
 */
import { SERVER_MESSAGES } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { ewayBillFile, ewayBillFileName, type EwayBillFile } from './eway-bill';
import { renderTaxDocumentPdf, type RenderOptions, type TransportDetails } from './pdf';
import { findDocumentSnapshot, type TaxDocumentKind } from './store/documents';
import { documentById } from './store/notes';

const NOT_ISSUED = {
  invoice: SERVER_MESSAGES.invoiceNotIssued,
  'credit-note': SERVER_MESSAGES.creditNoteNotIssued,
} as const;

const FILE_PREFIX: Record<TaxDocumentKind, string> = {
  invoice: 'Invoice',
  'credit-note': 'Credit-Note',
  'debit-note': 'Debit-Note',
};

/** The download's file name: 'Invoice-PK-26-27-000123.pdf', 'Credit-Note-CN-26-27-000007.pdf'. */
export const taxDocumentFileName = (kind: TaxDocumentKind, number: string, copy: RenderOptions['copy'] = 'recipient') =>
  `${FILE_PREFIX[kind]}-${number.replace(/\//g, '-')}${copy === 'transporter' ? '-Transporter' : ''}.pdf`;

/** The order's invoice or credit note as a PDF; 404 with the not-issued message when there is none. */
export async function taxDocumentPdf(
  db: DbOrTx,
  orderId: string,
  kind: 'invoice' | 'credit-note',
  options: RenderOptions = {},
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await findDocumentSnapshot(db, orderId, kind);
  if (!row) throw new NotFoundError(NOT_ISSUED[kind]);
  return {
    fileName: taxDocumentFileName(kind, row.number, options.copy),
    pdf: await renderTaxDocumentPdf(row.document, { ...options, einvoice: row.einvoice }),
  };
}

/** The e-way bill portal's bulk generation file of the order's invoice (eway-bill.ts); 404 before it is issued. */
export async function invoiceEwayBillFile(
  db: DbOrTx,
  orderId: string,
  transport: TransportDetails | null,
): Promise<{ fileName: string; file: EwayBillFile }> {
  const row = await findDocumentSnapshot(db, orderId, 'invoice');
  if (!row) throw new NotFoundError(NOT_ISSUED.invoice);
  return { fileName: ewayBillFileName(row.number), file: ewayBillFile(row.document, transport) };
}

/** One of the order's documents by its id (a return's credit note, a debit note) as a PDF; 404 when not the order's. */
export async function taxDocumentPdfById(
  db: DbOrTx,
  orderId: string,
  documentId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await documentById(db, orderId, documentId);
  if (!row) throw new NotFoundError(SERVER_MESSAGES.documentNotFound);
  return { fileName: taxDocumentFileName(row.kind, row.number), pdf: await renderTaxDocumentPdf(row.document) };
}
