/**
 * Document numbers (docs/shop-rules.md#invoices, docs/decisions/0009-gst-tax-computation.md): one consecutive
 * series per financial year (in India) for invoices, PREFIX/26-27/000123, and one for credit notes,
 * CN/26-27/000007. The number is taken by one upsert on the series' row inside the issuing transaction: the row
 * lock makes concurrent issuers wait for each other, and a rollback gives the number back, so there are no gaps
 * and no duplicates.
 */
import { sql } from 'drizzle-orm';
import { creditNoteNumber, financialYearOf, formatInvoiceNumber, type FinancialYear } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { documentSequences, type TaxDocumentKind } from '../../../db/schema';
import { statement } from '../../../db/statement';

/** The series' next number taken, built once. */
const takeSequenceQuery = statement('take_document_sequence', ({ db }) =>
  db
    .insert(documentSequences)
    .values({ series: sql.placeholder('series'), financialYear: sql.placeholder('financialYear'), nextValue: 2 })
    .onConflictDoUpdate({
      target: [documentSequences.series, documentSequences.financialYear],
      set: { nextValue: sql`${documentSequences.nextValue} + 1` },
    })
    .returning({ taken: sql<number>`${documentSequences.nextValue} - 1` }),
);

/** Takes the next sequence number of `series` in financial year `fy` (1 for its first document). */
export async function takeSequence(tx: DbOrTx, series: TaxDocumentKind, fy: string): Promise<number> {
  const [row] = await takeSequenceQuery(tx, { series, financialYear: fy });
  return Number(row!.taken);
}

export interface DocumentNumber {
  number: string;
  financialYear: FinancialYear;
  sequence: number;
}

/**
 * The next number of an invoice (with the store's prefix) or a credit note issued at `issuedAt`. Call it last
 * before the insert: it holds the series' row lock until the transaction ends.
 */
export async function nextDocumentNumber(
  tx: DbOrTx,
  kind: TaxDocumentKind,
  issuedAt: Date,
  invoicePrefix: string,
): Promise<DocumentNumber> {
  const financialYear = financialYearOf(issuedAt);
  const sequence = await takeSequence(tx, kind, financialYear.label);
  const number =
    kind === 'invoice'
      ? formatInvoiceNumber(invoicePrefix, financialYear.label, sequence)
      : creditNoteNumber(financialYear.label, sequence);
  return { number, financialYear, sequence };
}
