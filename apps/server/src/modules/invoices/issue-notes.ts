/**
 * Issuing a return's credit note and the owner's debit notes (docs/shop-rules.md#returns, #debit-notes), inside the
 * caller's transaction, which has locked the order. Unlike the invoice and the cancellation's credit note, these are
 * part of what the caller does (the refund, the owner's request): a failure fails the caller, so a refund never
 * goes out without its note by accident. Each number is taken last (store/numbering.ts).
 */
import { creditNoteLastDay, creditNoteTooLate, RETURN_MESSAGES, type TaxDocument } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError } from '../../lib/errors';
import { debitNoteDocument, returnCreditNoteDocument, type NotePart } from './notes';
import { documentOf, insertDocument, type TaxDocumentRow } from './store/issue';
import { linesInInvoiceOrder, type InvoicedLine } from './store/notes';
import { nextDocumentNumber } from './store/numbering';

export { deliveryShareOf } from './notes';

/** The invoice's goods line of each order line, checked against what the invoice printed. */
async function invoiceWithLines(tx: DbOrTx, orderId: string) {
  const invoice = await documentOf(tx, orderId, 'invoice');
  if (!invoice) return null;
  const lines = await linesInInvoiceOrder(tx, orderId);
  const goods = invoice.document.lines.filter((line) => line.kind === 'goods');
  const aligned =
    goods.length === lines.length &&
    lines.every((line, i) => goods[i]!.quantity === line.quantity && goods[i]!.unitPricePaise === line.unitPricePaise);
  // The invoice was built from these very lines; a mismatch is a bug, never the caller's mistake.
  if (!aligned) throw new Error(`order ${orderId}: the invoice's lines do not match the order's`);
  return { invoice, lines };
}

/** The series a note of `invoice` is numbered in: its invoice's seller GSTIN's (a note carries no prefix). */
const sellerOf = (invoice: { document: TaxDocument }) => ({ gstin: invoice.document.seller.gstin, invoicePrefix: '' });

/** Whether a note of `invoice` goes to the IRP: the invoice went (and its IRN was not cancelled). */
const reportedToIrp = (invoice: { einvoiceStatus: string | null }) =>
  invoice.einvoiceStatus === 'pending' || invoice.einvoiceStatus === 'registered';

function indexOf(lines: InvoicedLine[], orderItemId: string): number {
  const index = lines.findIndex((line) => line.id === orderItemId);
  if (index < 0) throw new BadRequestError(RETURN_MESSAGES.unknownLine);
  return index;
}

export type ReturnCreditNoteOutcome =
  { issued: TaxDocumentRow } | { notIssued: 'no-invoice' } | { notIssued: 'too-late'; lastDay: string };

/**
 * The credit note of return `returnId`: its units of each line and `deliverySharePaise`. Not issued when the order
 * has no invoice, or past the time limit of CGST Act s.34(2) (30 November after the invoice's financial year).
 */
export async function issueReturnCreditNote(
  tx: DbOrTx,
  input: {
    orderId: string;
    returnId: string;
    lines: readonly { orderItemId: string; quantity: number }[];
    deliverySharePaise: number;
    reason: string;
    now: Date;
  },
): Promise<ReturnCreditNoteOutcome> {
  const found = await invoiceWithLines(tx, input.orderId);
  if (!found) return { notIssued: 'no-invoice' };
  const { invoice, lines } = found;
  if (creditNoteTooLate(invoice.issuedAt, input.now)) {
    return { notIssued: 'too-late', lastDay: creditNoteLastDay(invoice.issuedAt) };
  }
  const parts: NotePart[] = input.lines
    .map((returned) => {
      const index = indexOf(lines, returned.orderItemId);
      return { index, quantity: returned.quantity, inclusivePaise: lines[index]!.unitPricePaise * returned.quantity };
    })
    .sort((a, b) => a.index - b.index);
  // A note is its invoice's seller's: that GSTIN's series, and reported to the IRP when the invoice was.
  const number = await nextDocumentNumber(tx, 'credit-note', input.now, sellerOf(invoice));
  const document = returnCreditNoteDocument(
    invoice.document,
    parts,
    input.deliverySharePaise,
    number.number,
    input.now,
    input.reason,
  );
  const issued = await insertDocument(
    tx,
    {
      kind: 'credit-note',
      orderId: input.orderId,
      document,
      referenceId: invoice.id,
      returnId: input.returnId,
      einvoice: reportedToIrp(invoice),
    },
    number,
    input.now,
  );
  return { issued };
}

/**
 * A debit note raising the price of some of the order's lines by GST-inclusive amounts, at the invoice's rates.
 * 409 when the order has no invoice. A debit note has no time limit of its own (CGST Act s.34(3)-(4)).
 */
export async function issueDebitNote(
  tx: DbOrTx,
  input: { orderId: string; lines: readonly { orderItemId: string; amountPaise: number }[]; reason: string; now: Date },
): Promise<TaxDocumentRow> {
  const found = await invoiceWithLines(tx, input.orderId);
  if (!found) throw new ConflictError(RETURN_MESSAGES.noInvoice);
  const { invoice, lines } = found;
  const parts: NotePart[] = input.lines
    .map((raised) => {
      const index = indexOf(lines, raised.orderItemId);
      return { index, quantity: lines[index]!.quantity, inclusivePaise: raised.amountPaise };
    })
    .sort((a, b) => a.index - b.index);
  const number = await nextDocumentNumber(tx, 'debit-note', input.now, sellerOf(invoice));
  const document = debitNoteDocument(invoice.document, parts, number.number, input.now, input.reason);
  return insertDocument(
    tx,
    { kind: 'debit-note', orderId: input.orderId, document, referenceId: invoice.id, einvoice: reportedToIrp(invoice) },
    number,
    input.now,
  );
}
