/**
 * Cancelling a registered document's IRN (docs/shop-rules.md#e-invoicing): the admin's action, allowed by the IRP
 * within 24 hours of the acknowledgement. The shop's document stays issued with its number (the series has no gaps
 * and the number cannot get a new IRN): it is marked "IRN cancelled", and the order's cancellation issues a credit
 * note as always, which is then not reported, since the invoice is already out of the GST system.
 */
import type { DbOrTx } from '../../db/client';
import { DomainError, NotFoundError } from '../../lib/errors';
import { IRN_CANCEL_REASON_LABELS } from '@pumpkart/shared';
import { IrpRejection, IrpUnavailable, type IrnCancelReason, type IrpClient } from '../../irp/irp';
import { findEinvoice, recordCancellation } from './store/einvoice';

export const CANCEL_WINDOW_MS = 24 * 60 * 60_000;

export const EINVOICE_MESSAGES = {
  notFound: 'No such e-invoiced document.',
  notRegistered: 'Only a registered e-invoice can be cancelled: this one has no IRN yet, or it is already cancelled.',
  tooLate:
    'The IRN can no longer be cancelled: the portal allows it only within 24 hours of its acknowledgement. Issue a credit note instead (cancel or return the order).',
  unavailable: 'The e-invoice portal could not be reached. Please try again.',
  notPending: 'Only a document waiting for its IRN can be retried.',
} as const;

/** Cancels the IRN of the document `id` at the IRP, then records it; answers the document's row. */
export async function cancelIrn(
  db: DbOrTx,
  irp: IrpClient,
  id: string,
  input: { reason: IrnCancelReason; remark: string },
  now: Date = new Date(),
) {
  const row = await findEinvoice(db, id);
  if (!row?.status) throw new NotFoundError(EINVOICE_MESSAGES.notFound);
  if (row.status !== 'registered' || !row.irn || !row.ackDate) {
    throw new DomainError(409, EINVOICE_MESSAGES.notRegistered);
  }
  if (now.getTime() - row.ackDate.getTime() > CANCEL_WINDOW_MS) throw new DomainError(409, EINVOICE_MESSAGES.tooLate);
  let cancelledAt: Date;
  try {
    ({ cancelledAt } = await irp.cancel({
      gstin: row.sellerGstin,
      irn: row.irn,
      reason: input.reason,
      remark: input.remark,
    }));
  } catch (error) {
    if (error instanceof IrpUnavailable) throw new DomainError(503, EINVOICE_MESSAGES.unavailable);
    if (error instanceof IrpRejection) {
      throw new DomainError(error.code === '2270' ? 409 : 422, `The portal refused: ${error.message}`);
    }
    throw error;
  }
  await recordCancellation(
    db,
    id,
    cancelledAt,
    `${input.reason} ${IRN_CANCEL_REASON_LABELS[input.reason]}: ${input.remark}`,
  );
  return (await findEinvoice(db, id))!;
}
