/**
 * Document numbers (docs/shop-rules.md#invoices, docs/decisions/0009-gst-tax-computation.md): one consecutive
 * series per seller GSTIN and financial year (in India) for invoices, PREFIX/26-27/000123, one for credit notes,
 * CN/26-27/000007, and one for debit notes, DN/26-27/000001: a new GSTIN starts its own series at 1. The number is
 * taken by one upsert on the series' row inside the issuing transaction: the row
 * lock makes concurrent issuers wait for each other, and a rollback gives the number back, so there are no gaps
 * and no duplicates.
 */
import { sql } from 'drizzle-orm';
import {
  creditNoteNumber,
  debitNoteNumber,
  financialYearOf,
  formatInvoiceNumber,
  type FinancialYear,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { documentSequences, type TaxDocumentKind } from '../../../db/schema';
import { statement } from '../../../db/statement';

/** The series' next number taken, built once. */
const takeSequenceQuery = statement('take_document_sequence', ({ db }) =>
  db
    .insert(documentSequences)
    .values({
      sellerGstin: sql.placeholder('sellerGstin'),
      series: sql.placeholder('series'),
      financialYear: sql.placeholder('financialYear'),
      nextValue: 2,
    })
    .onConflictDoUpdate({
      target: [documentSequences.sellerGstin, documentSequences.series, documentSequences.financialYear],
      set: { nextValue: sql`${documentSequences.nextValue} + 1` },
    })
    .returning({ taken: sql<number>`${documentSequences.nextValue} - 1` }),
);

/** Takes the next sequence number of the seller's `series` in financial year `fy` (1 for its first document). */
export async function takeSequence(
  tx: DbOrTx,
  sellerGstin: string,
  series: TaxDocumentKind,
  fy: string,
): Promise<number> {
  const [row] = await takeSequenceQuery(tx, { sellerGstin, series, financialYear: fy });
  return Number(row!.taken);
}

export interface DocumentNumber {
  number: string;
  financialYear: FinancialYear;
  sequence: number;
}

/**
 * The next number of an invoice (with the store's prefix), a credit note or a debit note issued at `issuedAt` by the
 * seller `sellerGstin`. Call it last before the insert: it holds the series' row lock until the transaction ends.
 */
export async function nextDocumentNumber(
  tx: DbOrTx,
  kind: TaxDocumentKind,
  issuedAt: Date,
  seller: { gstin: string; invoicePrefix: string },
): Promise<DocumentNumber> {
  const financialYear = financialYearOf(issuedAt);
  const sequence = await takeSequence(tx, seller.gstin, kind, financialYear.label);
  const number =
    kind === 'invoice'
      ? formatInvoiceNumber(seller.invoicePrefix, financialYear.label, sequence)
      : kind === 'debit-note'
        ? debitNoteNumber(financialYear.label, sequence)
        : creditNoteNumber(financialYear.label, sequence);
  return { number, financialYear, sequence };
}
