/**
 * Issuing tax invoices and credit notes (docs/shop-rules.md#invoices), inside the caller's transaction: the
 * payment's settlement (online), the COD "Mark as Paid" or the admin's "shipped", and every cancellation.
 *
 * - Once per order and kind: the order row is locked first and an existing document is answered as it is, so
 *   racing callers issue one (unique (order_id, kind) backs this up).
 * - The number is taken last (numbering.ts), so the series' row is locked only for the insert.
 * - Issuing never makes the caller fail: it runs in a savepoint. When it cannot be issued (no store settings,
 *   a line without an HSN code, a delivery state that names no Indian state) a warning is logged and nothing is
 *   written; anything unexpected is logged as an error and rolled back to the savepoint, number included. The
 *   payment, status change or cancellation goes ahead either way.
 * - `now` is the clock (tests cross 31 March in India with it).
 */
import { and, eq, sql } from 'drizzle-orm';
import { documentTotalPaise, GstInputError, SERVER_MESSAGES, type TaxDocument } from '@pumpkart/shared';
import type { Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders, taxDocuments, type TaxDocumentKind } from '../../db/schema';
import { preparedInsert, preparedInTransaction } from '../../lib/prepared';
import { selectStoreSettingsWith, toStoreSettingsDto } from '../settings';
import { nextDocumentNumber } from './numbering';
import {
  certificatesOf,
  creditNoteDocument,
  invoiceDocument,
  type CertificateFields,
  type InvoiceSourceLine,
} from './snapshot';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

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
  lockedOrder?: typeof orders.$inferSelect;
}

export interface CreditNoteOptions extends IssueOptions {
  /** Printed on the credit note; 'Order cancelled' by default. */
  reason?: string;
}

async function lockOrder(tx: DbOrTx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

async function documentOf(tx: DbOrTx, orderId: string, kind: TaxDocumentKind): Promise<TaxDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)));
  return row;
}

/** An order line as invoiceFacts reads it: the tax data it was sold with, and its product's current data. */
interface FactLine {
  title: string;
  size: string | null;
  unitPricePaise: number;
  quantity: number;
  subtotalPaise: number;
  hsnCode: string | null;
  gstRate: number | null;
  certificates: string[];
  /** Null when the product no longer exists. */
  product: ({ hsnCode: string | null; gstRate: number } & CertificateFields) | null;
}

/**
 * What issuing an order's invoice reads, in one statement built once (docs/decisions/0015-checkout-statements.md): the store's details as they are now, whether the order already has its invoice, and its lines
 * with the tax data they were sold with, in the order an invoice prints them (title, then id). No row when the
 * store's details have not been entered. The subqueries name their tables themselves: drizzle leaves a column
 * unqualified in a one-table select.
 */
const invoiceFactsQuery = preparedInTransaction((tx) => {
  const orderId = sql.placeholder('orderId');
  return selectStoreSettingsWith(tx, {
    invoiced: sql<boolean>`exists (
      select 1 from tax_documents d where d.order_id = ${orderId} and d.kind = 'invoice'
    )`.as('invoiced'),
    lines: sql<FactLine[]>`(
      select coalesce(json_agg(json_build_object(
          'title', i.title, 'size', i.size, 'unitPricePaise', i.unit_price_paise, 'quantity', i.quantity,
          'subtotalPaise', i.subtotal_paise, 'hsnCode', i.hsn_code, 'gstRate', i.gst_rate,
          'certificates', i.certificates,
          'product', case when p.id is null then null else json_build_object(
            'hsnCode', p.hsn_code, 'gstRate', p.gst_rate, 'bisLicence', p.bis_licence,
            'pesoApproval', p.peso_approval, 'legalMetrologyApproval', p.legal_metrology_approval) end
        ) order by i.title, i.id), '[]')
      from order_items i left join products p on p.id = i.product_id
      where i.order_id = ${orderId}
    )`.as('lines'),
  }).prepare('invoice_facts');
});

async function invoiceFacts(tx: DbOrTx, orderId: string) {
  const [row] = await invoiceFactsQuery(tx).execute({ orderId });
  return row && { ...row, settings: toStoreSettingsDto(row.settings) };
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
    });
  }
  return lines;
}

/** A tax document's row, built once. */
const insertDocumentQuery = preparedInsert(
  taxDocuments,
  [
    'kind',
    'orderId',
    'number',
    'financialYear',
    'sequence',
    'issuedAt',
    'document',
    'taxablePaise',
    'cgstPaise',
    'sgstPaise',
    'utgstPaise',
    'igstPaise',
    'totalPaise',
    'buyerGstin',
    'placeOfSupply',
    'irn',
    'signedQrCode',
    'referenceId',
  ],
  'insert_tax_document',
);

async function insertDocument(
  tx: DbOrTx,
  values: { kind: TaxDocumentKind; orderId: string; document: TaxDocument; referenceId: string | null },
  number: { financialYear: { label: string }; sequence: number },
  issuedAt: Date,
): Promise<TaxDocumentRow> {
  const { document } = values;
  const { totals } = document;
  const [row] = await insertDocumentQuery(tx).execute([
    {
      kind: values.kind,
      orderId: values.orderId,
      number: document.number,
      financialYear: number.financialYear.label,
      sequence: number.sequence,
      issuedAt,
      document,
      taxablePaise: totals.taxablePaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      utgstPaise: totals.utgstPaise,
      igstPaise: totals.igstPaise,
      // What was charged: the lines and the round-off (docs/decisions/0023-equal-tax-halves.md).
      totalPaise: documentTotalPaise(document),
      buyerGstin: document.buyer.gstin,
      placeOfSupply: document.placeOfSupply.code,
      irn: document.irn,
      signedQrCode: document.signedQrCode,
      referenceId: values.referenceId,
    },
  ]);
  return row!;
}

/** Runs `work` in a savepoint of `tx`; a failure is logged and rolled back, and answers null. */
async function inSavepoint(
  tx: DbOrTx,
  log: Log,
  context: { orderId: string; kind: TaxDocumentKind },
  work: (sp: DbOrTx) => Promise<TaxDocumentRow | null>,
): Promise<TaxDocumentRow | null> {
  try {
    return await tx.transaction(work);
  } catch (err) {
    log.error({ err, ...context }, `the ${context.kind} could not be issued`);
    return null;
  }
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
    const number = await nextDocumentNumber(sp, 'invoice', now, seller.invoicePrefix);
    return insertDocument(
      sp,
      { kind: 'invoice', orderId, document: { ...document, number: number.number }, referenceId: null },
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
    const number = await nextDocumentNumber(sp, 'credit-note', now, '');
    const document = creditNoteDocument(invoice.document, number.number, now, reason);
    return insertDocument(sp, { kind: 'credit-note', orderId, document, referenceId: invoice.id }, number, now);
  });
}
