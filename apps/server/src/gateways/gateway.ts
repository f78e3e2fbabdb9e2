/**
 * The payment gateway interface (docs/decisions/0004-sandbox-payment-gateway.md): the server's
 * calls to the provider, with two implementations, the built-in sandbox (default, no network) and
 * Razorpay (official package). Amounts are paise, as Razorpay expects.
 */
import { DomainError } from '../lib/errors';

export type GatewayName = 'sandbox' | 'razorpay';

export interface GatewayOrder {
  id: string;
  amountPaise: number;
}

export interface GatewayRefund {
  id: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key the payment window is opened with. */
  readonly keyId: string;
  /** The browser script that defines `window.Razorpay`. */
  readonly scriptUrl: string;
  /** Opens a gateway order for an amount in paise; `receipt` is our order id. */
  createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder>;
  /**
   * Refunds `amountPaise` of a captured payment: the whole amount (a cancellation, `receipt` our order id) or a part
   * (a return, `receipt` the return's id), as Razorpay's refund API takes an amount in paise.
   */
  refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund>;
  /**
   * A refund the gateway already holds for this payment (not failed) covering `amountPaise`, if any: with
   * `receipt`, the one made under that receipt (a return's part); asked before a refund is retried, because an
   * earlier call may have reached the gateway even though its answer never got recorded here (a payment is never
   * refunded twice).
   */
  findRefund(input: { paymentId: string; amountPaise: number; receipt?: string }): Promise<GatewayRefund | undefined>;
  /** Checks Checkout's `razorpay_signature`: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  verifyPaymentSignature(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean;
  /** Checks `x-razorpay-signature`: HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/** How long any call to the provider may take before it is given up (RazorpayGateway's default). */
export const GATEWAY_TIMEOUT_MS = 10_000;

export const GATEWAY_MESSAGES = {
  unreachable: 'The payment provider could not be reached. Please try again.',
  timedOut: 'The payment provider did not answer in time. Please try again.',
} as const;

/** The provider could not be reached or refused a call: 502, with a message a buyer can act on. */
export class PaymentGatewayError extends DomainError {
  constructor(message: string = GATEWAY_MESSAGES.unreachable, statusCode = 502) {
    super(statusCode, message);
  }
}

/** The provider did not answer within the time limit: 503, the buyer may simply try again. */
export class PaymentGatewayTimeoutError extends PaymentGatewayError {
  constructor(message: string = GATEWAY_MESSAGES.timedOut) {
    super(message, 503);
  }
}
