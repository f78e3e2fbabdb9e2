/**
 * The download of an issued tax document (docs/shop-rules.md#invoices): rendered to PDF from the snapshot stored at
 * issue, so a download never changes what was issued. Who may download is the caller's check (the order's buyer or
 * an admin).
 */
import { SERVER_MESSAGES } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { renderTaxDocumentPdf } from './pdf';
import { findDocumentSnapshot, type TaxDocumentKind } from './store/documents';

const NOT_ISSUED: Record<TaxDocumentKind, string> = {
  invoice: SERVER_MESSAGES.invoiceNotIssued,
  'credit-note': SERVER_MESSAGES.creditNoteNotIssued,
};

const FILE_PREFIX: Record<TaxDocumentKind, string> = { invoice: 'Invoice', 'credit-note': 'Credit-Note' };

/** The download's file name: 'Invoice-PK-26-27-000123.pdf', 'Credit-Note-CN-26-27-000007.pdf'. */
export const taxDocumentFileName = (kind: TaxDocumentKind, number: string) =>
  `${FILE_PREFIX[kind]}-${number.replace(/\//g, '-')}.pdf`;

/** The order's invoice or credit note as a PDF; 404 with the not-issued message when there is none. */
export async function taxDocumentPdf(
  db: DbOrTx,
  orderId: string,
  kind: TaxDocumentKind,
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await findDocumentSnapshot(db, orderId, kind);
  if (!row) throw new NotFoundError(NOT_ISSUED[kind]);
  return { fileName: taxDocumentFileName(kind, row.number), pdf: await renderTaxDocumentPdf(row.document) };
}
