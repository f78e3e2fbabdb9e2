/**
 * What a message attaches (docs/shop-rules.md#emails): 'payment-received' carries the order's tax invoice PDF
 * when one was issued (docs/shop-rules.md#invoices); without an invoice it goes without, which is not an error.
 * Every other kind attaches nothing. The worker attaches the files; the admin's E-mails page lists their names.
 */
import type { DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { taxDocumentFileName, taxDocumentPdf, taxDocumentsOfOrders } from '../invoices';
import type { MailAttachment } from './transport';

interface MessageRow {
  kind: string;
  data: Record<string, unknown>;
}

/** The order whose invoice the message attaches, or null. */
function invoiceOrderOf(row: MessageRow): string | null {
  return row.kind === 'payment-received' && typeof row.data.orderId === 'string' ? row.data.orderId : null;
}

/** The files to attach, rendered from the stored documents. */
export async function attachmentsOf(db: DbOrTx, row: MessageRow): Promise<MailAttachment[]> {
  const orderId = invoiceOrderOf(row);
  if (!orderId) return [];
  try {
    const { fileName, pdf } = await taxDocumentPdf(db, orderId, 'invoice');
    return [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
  } catch (err) {
    if (err instanceof NotFoundError) return [];
    throw err;
  }
}

/** The file names of what the message attaches (without rendering them). */
export async function attachmentNames(db: DbOrTx, row: MessageRow): Promise<string[]> {
  const orderId = invoiceOrderOf(row);
  if (!orderId) return [];
  const invoice = (await taxDocumentsOfOrders(db, [orderId])).get(orderId)?.invoice;
  return invoice ? [taxDocumentFileName('invoice', invoice.number)] : [];
}
