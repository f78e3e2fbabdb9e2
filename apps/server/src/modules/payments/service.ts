/**
 * Online payments and COD confirmation (docs/shop-rules.md#payments, #cod): the checkout
 * configuration, opening a gateway order for the server's total, verifying the browser's callback,
 * and the admin's "Mark as Paid" for cash on delivery, which issues the order's tax
 * invoice (docs/shop-rules.md#invoices).
 */
import { BUSINESS_MESSAGES, formatAmount, toRupees } from '@pumpkart/shared';
import type {
  BankDetails,
  CheckoutConfig,
  CreatePaymentResponse,
  PaymentDto,
  PaymentStatus,
  VerifyPaymentBody,
} from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { loadPayment } from './store/dto';
import { settleCapturedInstalment } from './bank-online';
import { recordAudit, type AuditActor } from '../audit';
import { issueInvoiceIfAbsent } from '../invoices';
import {
  findOrderWithPayment,
  findPayment,
  lockOrderWithPayment,
  markPaid,
  storeGatewayOrder,
  type LockedPayment,
} from './store/payments';

export const SHOP_NAME = 'PumpKart';
/** The payment window's fixed blue. */
export const THEME_COLOR = '#1d4ed8';

export const PAYMENT_MESSAGES = {
  orderNotFound: 'Order not found.',
  notOnline: 'This order is paid cash on delivery, not online.',
  notPayable: (status: string) => `This order is ${status} and can no longer be paid.`,
  alreadyPaid: 'This order has already been paid.',
  paymentClosed: (status: PaymentStatus) => `The payment of this order is ${status} and can no longer be made.`,
  notStarted: 'No payment has been started for this order.',
  orderIdMismatch: 'This payment does not belong to this order.',
  verificationFailed: 'Payment verification failed: the signature does not match.',
  verified: 'Payment verified successfully',
  verifiedAlready: 'Payment already verified',
  refundedAfterCancel: 'This order had already been cancelled, so the payment has been refunded.',
  notCod: 'This order is not a cash-on-delivery order.',
  codCancelled: 'This order has been cancelled.',
  codPaid: 'COD payment marked as paid',
} as const;

/** The checkout's configuration; `bank`: the store's bank details when bank transfer is offered (bank-transfers.ts). */
export function checkoutConfig(ctx: AppContext, bank: BankDetails | null = null): CheckoutConfig {
  const { gateway } = ctx.payments;
  return {
    gateway: gateway.name,
    scriptUrl: gateway.scriptUrl,
    key: gateway.keyId,
    currency: 'INR',
    codEnabled: ctx.config.COD_ENABLED,
    bankTransfer: bank,
    shopName: SHOP_NAME,
    themeColor: THEME_COLOR,
  };
}

async function ownOrderWithPayment(ctx: AppContext, userId: string, orderId: string) {
  const row = await findOrderWithPayment(ctx.db, orderId);
  // Another buyer's order is 404, never 403, so that ids cannot be probed.
  if (!row || row.order.userId !== userId) throw new NotFoundError(PAYMENT_MESSAGES.orderNotFound);
  return row;
}

/**
 * Opens (or reuses) the gateway order for the server's total of the caller's pending online order.
 * A retry answers the stored gateway order; two racing calls end up with the same one.
 */
export async function createGatewayPayment(
  ctx: AppContext,
  userId: string,
  orderId: string,
): Promise<CreatePaymentResponse> {
  const { order, payment } = await ownOrderWithPayment(ctx, userId, orderId);
  if (order.paymentMode !== 'online' || payment.mode !== 'online') throw new ConflictError(PAYMENT_MESSAGES.notOnline);
  if (payment.status === 'success') throw new ConflictError(PAYMENT_MESSAGES.alreadyPaid);
  if (order.status !== 'pending') throw new ConflictError(PAYMENT_MESSAGES.notPayable(order.status));
  // Its business's approver decides first (docs/shop-rules.md#business-accounts).
  if (order.approvalStatus === 'pending') throw new ConflictError(BUSINESS_MESSAGES.awaitingApproval);
  if (payment.status !== 'pending') throw new ConflictError(PAYMENT_MESSAGES.paymentClosed(payment.status));

  const { gateway } = ctx.payments;
  let gatewayOrderId = payment.gatewayOrderId;
  if (!gatewayOrderId) {
    const opened = await gateway.createOrder({ amountPaise: payment.amountPaise, receipt: order.id });
    const stored = await storeGatewayOrder(ctx.db, {
      id: payment.id,
      gatewayOrderId: opened.id,
      gateway: gateway.name,
      now: new Date(),
    });
    // Unless a concurrent call stored its gateway order first: answer that one.
    gatewayOrderId = stored ?? (await findPayment(ctx.db, payment.id))!.gatewayOrderId;
  }
  return {
    rzpOrderId: gatewayOrderId!,
    amount: payment.amountPaise,
    currency: 'INR',
    key: gateway.keyId,
    orderId: order.id,
  };
}

/**
 * The browser's callback: the signature is checked against the gateway order id WE stored (never
 * the one the browser sends, which must merely match it), then the payment settles once.
 */
export async function verifyPayment(
  ctx: AppContext,
  userId: string,
  body: VerifyPaymentBody,
  log: Log,
): Promise<{ message: string; status: PaymentStatus; orderId: string }> {
  // An instalment of a bank-terms order paid online (bank-online.ts) is verified the same way, on its own row.
  const instalment = await settleCapturedInstalment(
    ctx,
    {
      gatewayOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      accept: (row, buyerId) => {
        if (buyerId !== userId || row.orderId !== body.orderId) throw new NotFoundError(PAYMENT_MESSAGES.orderNotFound);
        const valid = ctx.payments.gateway.verifyPaymentSignature({
          gatewayOrderId: row.gatewayOrderId!,
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
        });
        if (!valid) throw new BadRequestError(PAYMENT_MESSAGES.verificationFailed);
      },
    },
    log,
  );
  if (instalment) return { message: verifiedMessage(instalment), status: instalment.status, orderId: body.orderId };
  // Checked on the locked rows (the checkout's settlement reads the order and its payment once, FOR UPDATE): a
  // refusal rolls back.
  const accept = ({ order, payment }: LockedPayment) => {
    if (order.userId !== userId) throw new NotFoundError(PAYMENT_MESSAGES.orderNotFound);
    if (!payment.gatewayOrderId) throw new BadRequestError(PAYMENT_MESSAGES.notStarted);
    if (body.razorpay_order_id !== payment.gatewayOrderId) throw new BadRequestError(PAYMENT_MESSAGES.orderIdMismatch);
    const valid = ctx.payments.gateway.verifyPaymentSignature({
      gatewayOrderId: payment.gatewayOrderId,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
    if (!valid) throw new BadRequestError(PAYMENT_MESSAGES.verificationFailed);
  };
  const outcome = await ctx.checkout.settleCapturedPayment(
    { orderId: body.orderId, accept, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature },
    log,
  );
  if (!outcome) throw new NotFoundError(PAYMENT_MESSAGES.orderNotFound);
  return { message: verifiedMessage(outcome), status: outcome.status, orderId: body.orderId };
}

const verifiedMessage = (outcome: { status: PaymentStatus; changed: boolean }) =>
  outcome.status === 'refunded'
    ? PAYMENT_MESSAGES.refundedAfterCancel
    : outcome.changed
      ? PAYMENT_MESSAGES.verified
      : PAYMENT_MESSAGES.verifiedAlready;

/**
 * The admin's "Mark as Paid" for a cash-on-delivery order (docs/shop-rules.md#cod); the id is the order's.
 * The cash is in, so the order's tax invoice is issued in the same transaction, unless it already has one
 * (docs/shop-rules.md#invoices). The order row is locked first, as a cancellation locks it, so the two never
 * cross: a cancelled order is refused, and a cancellation after this one finds the invoice to credit.
 */
export async function markCodPaid(
  ctx: AppContext,
  orderId: string,
  log: Log,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<PaymentDto> {
  const paymentId = await ctx.db.transaction(async (tx) => {
    const { order, payment } = await lockOrderWithPayment(tx, orderId);
    if (!order || !payment) throw new NotFoundError(PAYMENT_MESSAGES.orderNotFound);
    if (payment.mode !== 'cod') throw new ConflictError(PAYMENT_MESSAGES.notCod);
    if (order.status === 'cancelled') throw new ConflictError(PAYMENT_MESSAGES.codCancelled);
    if (order.approvalStatus === 'pending') throw new ConflictError(BUSINESS_MESSAGES.awaitingApproval);
    // Marking a paid one again changes nothing (a double click keeps the first paid_at) and records nothing.
    if (await markPaid(tx, payment.id, now)) {
      await recordAudit(tx, actor, {
        kind: 'order.cod_paid',
        entityType: 'order',
        entityId: orderId,
        summary: `Cash on delivery of ${formatAmount(toRupees(payment.amountPaise))} marked paid`,
        changes: { payment: { before: payment.status, after: 'success' } },
      });
    }
    await issueInvoiceIfAbsent(tx, orderId, { log, now });
    return payment.id;
  });
  return (await loadPayment(ctx.db, paymentId))!;
}
