/**
 * What the audit trail records of an admin's order changes (docs/shop-rules.md#audit): the status change, from
 * and to, with the courier, tracking and e-way bill (or the reason there is none) when shipped; and the refund an admin's cancellation issues (a captured
 * online payment through the gateway, collected cash by hand). Each is recorded inside the change's transaction.
 */
import { formatAmount, orderStatusLabel, toRupees, type OrderStatus, type ShipmentInput } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { changedFields, recordAudit, type AuditActor } from '../audit';
import { REFUND_DUE, type OrderStatusSnapshot, type PaymentRow } from './store/lifecycle';

/**
 * 'order.status_changed': 'Status: Processing → Shipped', with the shipment's fields that changed; a move of a shipped
 * or delivered order back says '(moved back)' and records the admin's reason as the change's `reason`.
 */
export async function recordStatusChange(
  tx: DbOrTx,
  actor: AuditActor,
  orderId: string,
  before: OrderStatusSnapshot,
  status: OrderStatus,
  { shipment, reason }: { shipment?: ShipmentInput; reason?: string } = {},
): Promise<void> {
  const after: OrderStatusSnapshot = shipment
    ? {
        status,
        courier: shipment.courier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl ?? null,
        ewayBillNumber: shipment.ewayBillNumber ?? null,
        vehicleNumber: shipment.vehicleNumber ?? null,
        transporterId: shipment.transporterId ?? null,
      }
    : { ...before, status };
  await recordAudit(tx, actor, {
    kind: 'order.status_changed',
    entityType: 'order',
    entityId: orderId,
    summary: `Status: ${orderStatusLabel(before.status)} → ${orderStatusLabel(status)}${reason ? ' (moved back)' : ''}`,
    changes: {
      ...changedFields({ ...before }, { ...after }),
      ...(reason ? { reason: { before: null, after: reason } } : {}),
      // A consignment above ₹50,000 shipped without an e-way bill: why (docs/shop-rules.md#e-way-bills).
      ...(shipment?.noEwayBillReason && !shipment.ewayBillNumber
        ? { noEwayBillReason: { before: null, after: shipment.noEwayBillReason } }
        : {}),
    },
  });
}

/** 'order.refund_issued' when an admin's cancellation owes the buyer their money: its amount and how it goes back. */
export async function recordRefundIfIssued(
  tx: DbOrTx,
  actor: AuditActor,
  orderId: string,
  payment: PaymentRow | undefined,
): Promise<void> {
  const online = payment?.mode === 'online' && payment.failureReason === REFUND_DUE;
  const cash = payment?.mode === 'cod' && payment.status === 'refunded';
  if (!payment || !(online || cash)) return;
  const amount = toRupees(payment.amountPaise);
  await recordAudit(tx, actor, {
    kind: 'order.refund_issued',
    entityType: 'order',
    entityId: orderId,
    summary: online
      ? `Refund of ${formatAmount(amount)} issued through the payment gateway`
      : `Refund of ${formatAmount(amount)} in cash to be returned by hand`,
    changes: {
      refund: { before: null, after: amount },
      refundMode: { before: null, after: online ? 'online' : 'cash' },
    },
  });
}
