/**
 * E-invoicing's statements (docs/decisions/0029-e-invoicing.md): the reporter's due documents and its claims
 * (a conditional update of the attempt count: the lease, as refunds do), the outcomes, the admin's list and the
 * cancellation. Every outcome is written only while the attempt count is still the claim's, so a reporter that
 * outlived its lease cannot overwrite the one that took over.
 */
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { TaxDocument } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { taxDocuments, type EinvoiceStatus } from '../../../db/schema';
import type { IrnRegistration } from '../../../irp/irp';

export type { EinvoiceStatus };

export interface DueDocument {
  id: string;
  attempts: number;
}

/** Pending documents due at `now`, oldest first (an invoice is reported before its credit note). */
export function findDueEinvoices(db: DbOrTx, now: Date, limit: number): Promise<DueDocument[]> {
  return db
    .select({ id: taxDocuments.id, attempts: taxDocuments.einvoiceAttempts })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.einvoiceStatus, 'pending'), lte(taxDocuments.einvoiceNextAttemptAt, now)))
    .orderBy(taxDocuments.issuedAt, taxDocuments.kind)
    .limit(limit);
}

/**
 * Claims a due document for one attempt: its count goes up and its next attempt moves to `leaseUntil`; answers the
 * snapshot and the new count, or null when another reporter took it first or it is no longer pending.
 */
export async function claimEinvoice(
  db: DbOrTx,
  due: DueDocument,
  leaseUntil: Date,
): Promise<{ document: TaxDocument; attempts: number } | null> {
  const [row] = await db
    .update(taxDocuments)
    .set({ einvoiceAttempts: due.attempts + 1, einvoiceNextAttemptAt: leaseUntil })
    .where(
      and(
        eq(taxDocuments.id, due.id),
        eq(taxDocuments.einvoiceStatus, 'pending'),
        eq(taxDocuments.einvoiceAttempts, due.attempts),
      ),
    )
    .returning({ document: taxDocuments.document, attempts: taxDocuments.einvoiceAttempts });
  return row ?? null;
}

/** The attempt's success: the IRN, acknowledgement and signed QR code; false when the claim was lost. */
export async function recordRegistration(
  db: DbOrTx,
  claim: { id: string; attempts: number },
  registration: IrnRegistration,
): Promise<boolean> {
  const rows = await db
    .update(taxDocuments)
    .set({
      einvoiceStatus: 'registered',
      irn: registration.irn,
      ackNo: registration.ackNo,
      ackDate: registration.ackDate,
      signedQrCode: registration.signedQrCode,
      einvoiceNextAttemptAt: null,
      einvoiceError: null,
    })
    .where(
      and(
        eq(taxDocuments.id, claim.id),
        eq(taxDocuments.einvoiceStatus, 'pending'),
        eq(taxDocuments.einvoiceAttempts, claim.attempts),
      ),
    )
    .returning({ id: taxDocuments.id });
  return rows.length > 0;
}

/** The attempt's failure: the message, and when to try again (null: only when an admin asks). */
export async function recordFailure(
  db: DbOrTx,
  claim: { id: string; attempts: number },
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(taxDocuments)
    .set({ einvoiceError: error.slice(0, 500), einvoiceNextAttemptAt: nextAttemptAt })
    .where(
      and(
        eq(taxDocuments.id, claim.id),
        eq(taxDocuments.einvoiceStatus, 'pending'),
        eq(taxDocuments.einvoiceAttempts, claim.attempts),
      ),
    );
}

/** Makes a pending document due now (the admin's retry); false when it is not pending. */
export async function makeDueNow(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(taxDocuments)
    .set({ einvoiceNextAttemptAt: now })
    .where(and(eq(taxDocuments.id, id), eq(taxDocuments.einvoiceStatus, 'pending')))
    .returning({ id: taxDocuments.id });
  return rows.length > 0;
}

const einvoiceColumns = {
  id: taxDocuments.id,
  kind: taxDocuments.kind,
  number: taxDocuments.number,
  orderId: taxDocuments.orderId,
  issuedAt: taxDocuments.issuedAt,
  sellerGstin: sql<string>`${taxDocuments.document} #>> '{seller,gstin}'`,
  buyerGstin: taxDocuments.buyerGstin,
  buyerName: sql<string>`${taxDocuments.document} #>> '{buyer,businessName}'`,
  totalPaise: taxDocuments.totalPaise,
  status: taxDocuments.einvoiceStatus,
  irn: taxDocuments.irn,
  ackNo: taxDocuments.ackNo,
  ackDate: taxDocuments.ackDate,
  signedQrCode: taxDocuments.signedQrCode,
  attempts: taxDocuments.einvoiceAttempts,
  nextAttemptAt: taxDocuments.einvoiceNextAttemptAt,
  error: taxDocuments.einvoiceError,
  cancelledAt: taxDocuments.irnCancelledAt,
  cancelReason: taxDocuments.irnCancelReason,
};

export type EinvoiceRow = Awaited<ReturnType<typeof findEinvoice>> & {};

/** One document's e-invoicing columns. */
export async function findEinvoice(db: DbOrTx, id: string) {
  const [row] = await db.select(einvoiceColumns).from(taxDocuments).where(eq(taxDocuments.id, id));
  return row;
}

/** The reported documents, newest first (the admin's E-invoices page). */
export function listEinvoices(db: DbOrTx, status: EinvoiceStatus | undefined, limit: number) {
  return db
    .select(einvoiceColumns)
    .from(taxDocuments)
    .where(status ? eq(taxDocuments.einvoiceStatus, status) : isNotNull(taxDocuments.einvoiceStatus))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.number))
    .limit(limit);
}

/** Records the IRP's cancellation of a registered document's IRN; false when it was not registered. */
export async function recordCancellation(db: DbOrTx, id: string, cancelledAt: Date, reason: string): Promise<boolean> {
  const rows = await db
    .update(taxDocuments)
    .set({ einvoiceStatus: 'cancelled', irnCancelledAt: cancelledAt, irnCancelReason: reason })
    .where(and(eq(taxDocuments.id, id), eq(taxDocuments.einvoiceStatus, 'registered')))
    .returning({ id: taxDocuments.id });
  return rows.length > 0;
}
