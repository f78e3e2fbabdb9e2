/**
 * The built-in sandbox gateway (docs/decisions/0004-sandbox-payment-gateway.md): a stand-in for
 * Razorpay that needs no network. Gateway orders are just ids (our payments table is the sandbox's
 * record of them); signatures are real HMAC-SHA256 with the sandbox key secret, which also signs
 * the webhooks the sandbox sends to this server (see modules/payments/sandbox-routes.ts).
 */
import type { GatewayOrder, GatewayRefund, PaymentGateway } from './gateway';
import { hmacSha256Hex, paymentSignature, randomGatewayId, signaturesMatch } from './signature';

export const SANDBOX_SCRIPT_URL = '/api/payments/sandbox/checkout.js';

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly scriptUrl = SANDBOX_SCRIPT_URL;

  constructor(
    readonly keyId: string,
    private readonly keySecret: string,
  ) {}

  async createOrder(input: { amountPaise: number }): Promise<GatewayOrder> {
    return { id: randomGatewayId('order'), amountPaise: input.amountPaise };
  }

  /**
   * Refunds issued, by payment id and receipt: a second refund under one receipt answers the first one (Razorpay
   * would refuse it, that part being refunded already); another receipt is another part. Kept in memory only, as
   * the sandbox takes no real money: a restart forgets them.
   */
  private readonly refunds = new Map<string, GatewayRefund>();

  async refund(input: { paymentId: string; receipt: string }): Promise<GatewayRefund> {
    const key = `${input.paymentId}|${input.receipt}`;
    const refund = this.refunds.get(key) ?? { id: randomGatewayId('rfnd') };
    this.refunds.set(key, refund);
    return refund;
  }

  async findRefund(input: { paymentId: string; receipt?: string }): Promise<GatewayRefund | undefined> {
    if (input.receipt !== undefined) return this.refunds.get(`${input.paymentId}|${input.receipt}`);
    for (const [key, refund] of this.refunds) if (key.startsWith(`${input.paymentId}|`)) return refund;
    return undefined;
  }

  /** What the sandbox window hands to `options.handler` after a successful payment. */
  signPayment(gatewayOrderId: string, paymentId: string): string {
    return paymentSignature(this.keySecret, gatewayOrderId, paymentId);
  }

  /** The `x-razorpay-signature` of a webhook body the sandbox sends. */
  signWebhook(rawBody: string | Buffer): string {
    return hmacSha256Hex(this.keySecret, rawBody);
  }

  verifyPaymentSignature(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean {
    return signaturesMatch(this.signPayment(input.gatewayOrderId, input.paymentId), input.signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signaturesMatch(this.signWebhook(rawBody), signature);
  }
}
