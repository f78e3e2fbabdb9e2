/**
 * What issuing a return's credit note or a debit note reads (../issue-notes.ts): the order's lines in the order its
 * invoice printed them (title, then id: store/issue.ts's invoiceFacts), and an order's debit notes.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderItems, taxDocuments } from '../../../db/schema';

export interface InvoicedLine {
  id: string;
  title: string;
  quantity: number;
  unitPricePaise: number;
}

/** The order's lines, in the invoice's order: index i is the invoice's goods line i. */
export function linesInInvoiceOrder(db: DbOrTx, orderId: string): Promise<InvoicedLine[]> {
  return db
    .select({
      id: orderItems.id,
      title: orderItems.title,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
}

/** The order's debit notes, oldest first. */
export function debitNotesOf(db: DbOrTx, orderId: string) {
  return db
    .select({ id: taxDocuments.id, number: taxDocuments.number, issuedAt: taxDocuments.issuedAt })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'debit-note')))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));
}

/** One document of the order by its id, with its snapshot. */
export async function documentById(db: DbOrTx, orderId: string, documentId: string) {
  const [row] = await db
    .select({ kind: taxDocuments.kind, number: taxDocuments.number, document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.id, documentId)));
  return row;
}
