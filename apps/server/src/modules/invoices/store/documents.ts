/**
 * Reading issued tax documents (docs/shop-rules.md#invoices): the number and date of each order's invoice and
 * credit note (the order DTO carries them), the figures an orders export lists, one document's snapshot for its
 * download (../downloads.ts), and a month's documents for the GST report.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  financialYearOf,
  type DocumentLine,
  type TaxAmounts,
  type TaxDocument,
  type TaxDocumentRef,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { taxDocuments, type TaxDocumentKind } from '../../../db/schema';
import type { EinvoicePrint } from '../pdf';

export type { TaxDocumentKind };
import { epochMs } from '../../../lib/raw-rows';
import { isoTimeJson, jsonObject, jsonValue } from '../../../lib/json-text';

export interface OrderTaxDocuments {
  invoice: TaxDocumentRef | null;
  creditNote: TaxDocumentRef | null;
}

/** Puts an issued document where the order carries it: its invoice, or the credit note that cancelled it. */
function withDocument(
  documents: OrderTaxDocuments,
  document: { kind: TaxDocumentKind; number: string; issuedAt: Date },
): OrderTaxDocuments {
  const ref = { number: document.number, issuedAt: document.issuedAt.toISOString() };
  if (document.kind === 'invoice') documents.invoice = ref;
  else documents.creditNote = ref;
  return documents;
}

/** The invoice and the credit note that cancelled it: not a return's credit note, nor a debit note. */
// Written out (no parameters): the orders' DTO statement renders it once (lib/raw-rows.ts, renderedOnce).
const wholeOrderDocument = sql`${taxDocuments.kind} in ('invoice', 'credit-note') and ${taxDocuments.returnId} is null`;

const noDocuments = (): OrderTaxDocuments => ({ invoice: null, creditNote: null });

/** The invoice and credit note of each of the orders (both null for an order without any). */
export async function taxDocumentsOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, OrderTaxDocuments>> {
  const result = new Map<string, OrderTaxDocuments>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: taxDocuments.orderId,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
    })
    .from(taxDocuments)
    .where(and(inArray(taxDocuments.orderId, [...orderIds]), wholeOrderDocument));
  for (const row of rows) result.set(row.orderId, withDocument(result.get(row.orderId) ?? noDocuments(), row));
  return result;
}

/** An issued document as taxDocumentsJson reads it, its time as epoch milliseconds. */
export interface TaxDocumentJson {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: number;
}

/**
 * The documents issued for the order `orderId` names, for a statement that reads them beside the order (the
 * orders' DTO, orders/store/order-dto.ts): a json array of TaxDocumentJson, null when none. Map it with taxDocumentsOf.
 */
export function taxDocumentsJson(orderId: SQL | PgColumn): SQL {
  return sql`(
    select json_agg(json_build_object(
        'kind', ${taxDocuments.kind}, 'number', ${taxDocuments.number}, 'issuedAt', ${epochMs(taxDocuments.issuedAt)}
      ))
    from ${taxDocuments} where ${taxDocuments.orderId} = ${orderId} and ${wholeOrderDocument}
  )`;
}

/**
 * The JSON text of the order's `kind` document as taxDocumentsOf shows it (`{"number":…,"issuedAt":…}`, `null` when
 * none): for the admin's order list only (orders/store/order-json.ts; decision 0011). An order has at most one
 * invoice and one cancelling credit note (tax_documents_order_invoice_unique, _order_cancellation_unique).
 */
export function taxDocumentRefJson(orderId: SQL | PgColumn, kind: 'invoice' | 'credit-note'): SQL {
  return sql`coalesce((
    select ${jsonObject({ number: jsonValue(taxDocuments.number), issuedAt: isoTimeJson(taxDocuments.issuedAt) })}
    from ${taxDocuments}
    where ${taxDocuments.orderId} = ${orderId} and ${taxDocuments.kind} = ${sql.raw(`'${kind}'`)} and ${wholeOrderDocument}
  ), 'null')`;
}

/** An order's invoice and credit note from the documents taxDocumentsJson read. */
export const taxDocumentsOf = (documents: TaxDocumentJson[] | null): OrderTaxDocuments =>
  (documents ?? []).reduce(
    (result, document) => withDocument(result, { ...document, issuedAt: new Date(document.issuedAt) }),
    noDocuments(),
  );

/**
 * What an order's invoice says that an export lists (docs/shop-rules.md#orders-csv), read from the snapshot stored
 * at issue: its number, date, place of supply and totals, its goods lines in the order's line order (title, then
 * id, as the invoice was built), and the number of the credit note that cancelled it, if one did.
 */
export interface InvoiceFigures {
  number: string;
  issuedAt: Date;
  placeOfSupply: TaxDocument['placeOfSupply'];
  totals: TaxAmounts;
  goodsLines: DocumentLine[];
  creditNoteNumber: string | null;
}

/** The invoice figures of each of the orders that has an invoice. */
export async function invoiceFiguresOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, InvoiceFigures>> {
  const result = new Map<string, InvoiceFigures>();
  if (orderIds.length === 0) return result;
  // Only the parts of the snapshot the export prints, not the seller and buyer each document repeats.
  const rows = await db
    .select({
      orderId: taxDocuments.orderId,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      placeOfSupply: sql<TaxDocument['placeOfSupply']>`${taxDocuments.document} -> 'placeOfSupply'`,
      totals: sql<TaxAmounts>`${taxDocuments.document} -> 'totals'`,
      lines: sql<DocumentLine[]>`${taxDocuments.document} -> 'lines'`,
    })
    .from(taxDocuments)
    .where(and(inArray(taxDocuments.orderId, [...orderIds]), wholeOrderDocument))
    .orderBy(asc(taxDocuments.kind));
  const creditNotes = new Map<string, string>();
  for (const row of rows) {
    if (row.kind === 'credit-note') {
      creditNotes.set(row.orderId, row.number);
      continue;
    }
    result.set(row.orderId, {
      number: row.number,
      issuedAt: row.issuedAt,
      placeOfSupply: row.placeOfSupply,
      totals: row.totals,
      goodsLines: row.lines.filter((line) => line.kind === 'goods'),
      creditNoteNumber: null,
    });
  }
  for (const [orderId, number] of creditNotes) {
    const invoice = result.get(orderId);
    if (invoice) invoice.creditNoteNumber = number;
  }
  return result;
}

/**
 * The snapshot of the order's invoice or cancellation credit note, with its number and what the IRP returned for it
 * (null when it is not e-invoiced); undefined when none was issued.
 */
export async function findDocumentSnapshot(
  db: DbOrTx,
  orderId: string,
  kind: 'invoice' | 'credit-note',
): Promise<{ number: string; document: TaxDocument; einvoice: EinvoicePrint | null } | undefined> {
  const [row] = await db
    .select({
      number: taxDocuments.number,
      document: taxDocuments.document,
      status: taxDocuments.einvoiceStatus,
      irn: taxDocuments.irn,
      ackNo: taxDocuments.ackNo,
      ackDate: taxDocuments.ackDate,
      signedQrCode: taxDocuments.signedQrCode,
      cancelledAt: taxDocuments.irnCancelledAt,
    })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind), isNull(taxDocuments.returnId)));
  if (!row) return undefined;
  const { number, document, status } = row;
  const einvoice = status && {
    status,
    irn: row.irn,
    ackNo: row.ackNo,
    ackDate: row.ackDate?.toISOString() ?? null,
    signedQrCode: row.signedQrCode,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
  return { number, document, einvoice };
}

const PAGE_SIZE = 200;

/** The month of the GST report: from its first moment up to (not including) the next month's. */
export interface IssueRange {
  from: Date;
  to: Date;
}

/**
 * The documents the seller `sellerGstin` issued in the month, of the kinds asked for, invoices before credit notes
 * and each series in number order, read PAGE_SIZE at a time (a month never crosses a financial year, so the
 * sequence orders it).
 */
export async function* documentsIssuedIn(
  db: DbOrTx,
  range: IssueRange,
  sellerGstin: string,
  kinds: readonly TaxDocumentKind[] = ['invoice', 'credit-note'],
  pageSize = PAGE_SIZE,
): AsyncGenerator<TaxDocument> {
  // The series' unique index (seller GSTIN, kind, financial year, sequence) serves the pages.
  const financialYear = financialYearOf(range.from).label;
  for (const kind of kinds) {
    let after = 0;
    for (;;) {
      const rows = await db
        .select({ sequence: taxDocuments.sequence, document: taxDocuments.document })
        .from(taxDocuments)
        .where(
          and(
            eq(taxDocuments.sellerGstin, sellerGstin),
            eq(taxDocuments.kind, kind),
            eq(taxDocuments.financialYear, financialYear),
            gte(taxDocuments.issuedAt, range.from),
            lt(taxDocuments.issuedAt, range.to),
            gt(taxDocuments.sequence, after),
          ),
        )
        .orderBy(asc(taxDocuments.sequence))
        .limit(pageSize);
      for (const row of rows) yield row.document;
      if (rows.length < pageSize) break;
      after = rows.at(-1)!.sequence;
    }
  }
}

/** The seller GSTINs that issued documents in the month, in order. */
export async function sellerGstinsIn(db: DbOrTx, range: IssueRange): Promise<string[]> {
  const rows = await db
    .selectDistinct({ gstin: taxDocuments.sellerGstin })
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedAt, range.from), lt(taxDocuments.issuedAt, range.to)))
    .orderBy(asc(taxDocuments.sellerGstin));
  return rows.map((row) => row.gstin);
}
