/**
 * Reading issued tax documents (docs/shop-rules.md#invoices): the number and date of each order's invoice and
 * credit note (the order DTO carries them), and one document rendered to PDF for its download, always from the
 * snapshot stored at issue, so a download never changes what was issued. Who may download is the caller's check
 * (the order's buyer or an admin).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  SERVER_MESSAGES,
  type DocumentLine,
  type TaxAmounts,
  type TaxDocument,
  type TaxDocumentRef,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { taxDocuments, type TaxDocumentKind } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { epochMs } from '../../lib/raw-rows';
import { renderTaxDocumentPdf } from './pdf';

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
    .where(inArray(taxDocuments.orderId, [...orderIds]));
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
 * orders' DTO, orders/dto.ts): a json array of TaxDocumentJson, null when none. Map it with taxDocumentsOf.
 */
export function taxDocumentsJson(orderId: SQL | PgColumn): SQL {
  return sql`(
    select json_agg(json_build_object(
        'kind', ${taxDocuments.kind}, 'number', ${taxDocuments.number}, 'issuedAt', ${epochMs(taxDocuments.issuedAt)}
      ))
    from ${taxDocuments} where ${taxDocuments.orderId} = ${orderId}
  )`;
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
    .where(inArray(taxDocuments.orderId, [...orderIds]))
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
  const [row] = await db
    .select({ number: taxDocuments.number, document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)));
  if (!row) throw new NotFoundError(NOT_ISSUED[kind]);
  return { fileName: taxDocumentFileName(kind, row.number), pdf: await renderTaxDocumentPdf(row.document) };
}
