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
import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { documentTotalPaise, type TaxDocument } from '@pumpkart/shared';
import type { Log } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { orders, taxDocuments, type TaxDocumentKind } from '../../../db/schema';
import { statement } from '../../../db/statement';
import { selectStoreSettingsWith, toStoreSettingsDto } from '../../settings';
import type { CertificateFields } from '../snapshot';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** The order row, locked FOR UPDATE in the caller's transaction. */
export async function lockOrder(tx: DbOrTx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/**
 * The order's invoice, or the credit note that cancelled it (not a return's), if issued. Debit notes are many per
 * order: not asked here.
 */
export async function documentOf(
  tx: DbOrTx,
  orderId: string,
  kind: 'invoice' | 'credit-note',
): Promise<TaxDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind), isNull(taxDocuments.returnId)));
  return row;
}

/** An order line as invoiceFacts reads it: the tax data it was sold with, and its product's current data. */
export interface FactLine {
  title: string;
  size: string | null;
  unitPricePaise: number;
  quantity: number;
  subtotalPaise: number;
  hsnCode: string | null;
  gstRate: number | null;
  certificates: string[];
  /** A service line's booked day (docs/shop-rules.md#service-products); null for goods. */
  serviceDate: string | null;
  /** Null when the product no longer exists. */
  product: ({ hsnCode: string | null; gstRate: number } & CertificateFields) | null;
}

/**
 * What issuing an order's invoice reads, in one statement built once (docs/decisions/0015-checkout-statements.md): the store's details as they are now, whether the order already has its invoice, and its lines
 * with the tax data they were sold with, in the order an invoice prints them (title, then id). No row when the
 * store's details have not been entered. The subqueries name their tables themselves: drizzle leaves a column
 * unqualified in a one-table select.
 */
const invoiceFactsQuery = statement('invoice_facts', ({ db }) => {
  const orderId = sql.placeholder('orderId');
  return selectStoreSettingsWith(db, {
    invoiced: sql<boolean>`exists (
      select 1 from tax_documents d where d.order_id = ${orderId} and d.kind = 'invoice'
    )`.as('invoiced'),
    lines: sql<FactLine[]>`(
      select coalesce(json_agg(json_build_object(
          'title', i.title, 'size', i.size, 'unitPricePaise', i.unit_price_paise, 'quantity', i.quantity,
          'subtotalPaise', i.subtotal_paise, 'hsnCode', i.hsn_code, 'gstRate', i.gst_rate,
          'certificates', i.certificates, 'serviceDate', i.service_date,
          'product', case when p.id is null then null else json_build_object(
            'hsnCode', p.hsn_code, 'gstRate', p.gst_rate, 'bisLicence', p.bis_licence,
            'pesoApproval', p.peso_approval, 'legalMetrologyApproval', p.legal_metrology_approval) end
        ) order by i.title, i.id), '[]')
      from order_items i left join products p on p.id = i.product_id
      where i.order_id = ${orderId}
    )`.as('lines'),
  });
});

export async function invoiceFacts(tx: DbOrTx, orderId: string) {
  const [row] = await invoiceFactsQuery(tx, { orderId });
  return row && { ...row, settings: toStoreSettingsDto(row.settings) };
}

/** The tax document's columns a run gives, each its placeholder. */
const DOCUMENT_COLUMNS = [
  'kind',
  'orderId',
  'sellerGstin',
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
  'returnId',
] as const;

/** A tax document's row, built once. */
const insertDocumentQuery = statement('insert_tax_document', ({ db }) =>
  db
    .insert(taxDocuments)
    .values(
      Object.fromEntries(DOCUMENT_COLUMNS.map((column) => [column, sql.placeholder(column)])) as Record<
        (typeof DOCUMENT_COLUMNS)[number],
        Placeholder
      >,
    )
    .returning(),
);

export async function insertDocument(
  tx: DbOrTx,
  values: {
    kind: TaxDocumentKind;
    orderId: string;
    document: TaxDocument;
    referenceId: string | null;
    /** Reported to the IRP (docs/decisions/0029-e-invoicing.md): pending and due at once. */
    einvoice: boolean;
    returnId?: string | null;
  },
  number: { financialYear: { label: string }; sequence: number },
  issuedAt: Date,
): Promise<TaxDocumentRow> {
  const { document } = values;
  const { totals } = document;
  const columns: Required<Pick<typeof taxDocuments.$inferInsert, (typeof DOCUMENT_COLUMNS)[number]>> = {
    kind: values.kind,
    orderId: values.orderId,
    sellerGstin: document.seller.gstin,
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
    returnId: values.returnId ?? null,
  };
  const [row] = await insertDocumentQuery(tx, columns);
  if (!values.einvoice) return row!;
  // A second statement: the prepared insert cannot take a null time for the documents that are not reported.
  const [pending] = await tx
    .update(taxDocuments)
    .set({ einvoiceStatus: 'pending', einvoiceNextAttemptAt: issuedAt })
    .where(eq(taxDocuments.id, row!.id))
    .returning();
  return pending!;
}

/** Runs `work` in a savepoint of `tx`; a failure is logged and rolled back, and answers null. */
export async function inSavepoint(
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
