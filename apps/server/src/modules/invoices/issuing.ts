/**
 * Issuing tax invoices and credit notes (docs/shop-rules.md#invoices), inside the caller's transaction: once per
 * order and kind, never failing the caller (store/issue.ts says how), with `now` as the clock (tests cross 31 March
 * in India with it). What cannot be issued (no store settings, a line without an HSN code, a delivery state that
 * names no Indian state) is logged as a warning and nothing is written.
 */
import { einvoicingApplies, GstInputError, SERVER_MESSAGES, type TaxDocument } from '@pumpkart/shared';
import type { Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { certificatesOf, creditNoteDocument, invoiceDocument, type InvoiceSourceLine } from './snapshot';
import {
  documentOf,
  type FactLine,
  insertDocument,
  inSavepoint,
  invoiceFacts,
  lockOrder,
  type OrderRow,
  type TaxDocumentRow,
} from './store/issue';
import { nextDocumentNumber } from './store/numbering';

export interface IssueOptions {
  log: Log;
  /** The time of issue; now by default. */
  now?: Date;
}

export interface InvoiceOptions extends IssueOptions {
  /**
   * The order as the caller already locked it FOR UPDATE in this transaction (the payment's settlement): it is
   * not read and locked a second time. Its tax data, customer and address are what the invoice takes.
   */
  lockedOrder?: OrderRow;
}

export interface CreditNoteOptions extends IssueOptions {
  /** Printed on the credit note; 'Order cancelled' by default. */
  reason?: string;
}

/**
 * The order's lines with the tax data they were sold with. A line written before lines carried it, or sold
 * without an HSN code, takes its product's current data if the product still exists. Answers the title of the
 * first line that still has no HSN code instead, when there is one.
 */
function invoiceLines(rows: FactLine[]): InvoiceSourceLine[] | { missingHsn: string } {
  const lines: InvoiceSourceLine[] = [];
  for (const item of rows) {
    const { product } = item;
    const copied = item.gstRate !== null;
    const hsnCode = item.hsnCode ?? product?.hsnCode ?? null;
    const gstRate = item.gstRate ?? product?.gstRate ?? null;
    if (!hsnCode || gstRate === null) return { missingHsn: item.title };
    lines.push({
      title: item.title,
      size: item.size,
      unitPricePaise: item.unitPricePaise,
      quantity: item.quantity,
      subtotalPaise: item.subtotalPaise,
      hsnCode,
      gstRate,
      certificates: copied || !product ? item.certificates : certificatesOf(product),
      serviceDate: item.serviceDate,
    });
  }
  return lines;
}

/**
 * Issues the order's tax invoice unless it has one (then that one is answered) or is cancelled. Null when
 * nothing was issued (the reason is logged).
 */
export function issueInvoiceIfAbsent(
  tx: DbOrTx,
  orderId: string,
  { log, now = new Date(), lockedOrder }: InvoiceOptions,
): Promise<TaxDocumentRow | null> {
  return inSavepoint(tx, log, { orderId, kind: 'invoice' }, async (sp) => {
    const order = lockedOrder?.id === orderId ? lockedOrder : await lockOrder(sp, orderId);
    if (!order || order.status === 'cancelled') return null;
    // The store's details are read in this transaction, not from the process's cache: as they are now.
    const facts = await invoiceFacts(sp, orderId);
    if (!facts || facts.invoiced) {
      const existing = await documentOf(sp, orderId, 'invoice');
      if (existing) return existing;
    }
    if (!facts) {
      log.warn({ orderId }, "no invoice issued: the store's business details have not been entered");
      return null;
    }
    const seller = facts.settings;
    const lines = invoiceLines(facts.lines);
    if (!Array.isArray(lines)) {
      log.warn({ orderId, line: lines.missingHsn }, 'no invoice issued: a line has no HSN code');
      return null;
    }
    let document: TaxDocument;
    try {
      // Computed with a placeholder number first, so that nothing is taken when the tax cannot be computed.
      document = invoiceDocument({ order, lines, seller }, '', now);
    } catch (error) {
      if (!(error instanceof GstInputError)) throw error;
      log.warn({ orderId, reason: error.message }, 'no invoice issued: its tax cannot be computed');
      return null;
    }
    const number = await nextDocumentNumber(sp, 'invoice', now, seller);
    // A B2B invoice of a store that e-invoices is final once the IRP registers it (the reporter, after commit).
    const einvoice = einvoicingApplies(seller) && document.buyer.gstin !== null;
    return insertDocument(
      sp,
      { kind: 'invoice', orderId, document: { ...document, number: number.number }, referenceId: null, einvoice },
      number,
      now,
    );
  });
}

/**
 * Issues the credit note of a cancelled order's invoice (the whole invoice: same lines, same tax split, naming
 * the invoice), unless it has one. Null when the order has no invoice.
 */
export function issueCreditNoteIfInvoiced(
  tx: DbOrTx,
  orderId: string,
  { log, now = new Date(), reason = SERVER_MESSAGES.creditNoteReasonCancelled }: CreditNoteOptions,
): Promise<TaxDocumentRow | null> {
  return inSavepoint(tx, log, { orderId, kind: 'credit-note' }, async (sp) => {
    const order = await lockOrder(sp, orderId);
    if (!order) return null;
    const invoice = await documentOf(sp, orderId, 'invoice');
    if (!invoice) return null;
    const existing = await documentOf(sp, orderId, 'credit-note');
    if (existing) return existing;
    // The note is the invoice's seller's: its series and its GSTR-1 are the invoice's GSTIN's, whatever the store's is now.
    const number = await nextDocumentNumber(sp, 'credit-note', now, {
      gstin: invoice.sellerGstin,
      invoicePrefix: '',
    });
    const document = creditNoteDocument(invoice.document, number.number, now, reason);
    // Reported when its invoice is (or is being): not after the invoice's IRN was cancelled, which already took the
    // invoice out of the GST system (docs/decisions/0029-e-invoicing.md).
    const einvoice = invoice.einvoiceStatus === 'pending' || invoice.einvoiceStatus === 'registered';
    return insertDocument(
      sp,
      { kind: 'credit-note', orderId, document, referenceId: invoice.id, einvoice },
      number,
      now,
    );
  });
}
