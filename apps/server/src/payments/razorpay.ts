/**
 * The live gateway (DESIGN section 3.6): Razorpay through the official `razorpay` package (2.9.8),
 * used when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set. Signatures are checked here with
 * timingSafeEqual, not with the package's `===` comparison (TOOLCHAIN.md).
 */
import Razorpay from 'razorpay';
import type { GatewayOrder, GatewayRefund, PaymentGateway } from './gateway';
import { PaymentGatewayError } from './gateway';
import { hmacSha256Hex, paymentSignature, signaturesMatch } from './signature';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The package rejects with `{ statusCode, error: { description } }`, or a TypeError without a response. */
function describe(error: unknown): string {
  const apiError = error as { statusCode?: number; error?: { description?: string } };
  if (apiError?.error?.description) return `${apiError.statusCode ?? ''} ${apiError.error.description}`.trim();
  return error instanceof Error ? error.message : String(error);
}

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  /** Unset: every webhook is refused (it cannot be verified). */
  webhookSecret?: string;
  /** Logs the provider's answer when a call fails (the buyer only sees a generic 502). */
  onError?: (message: string) => void;
}

export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  readonly scriptUrl = RAZORPAY_SCRIPT_URL;
  readonly keyId: string;
  private readonly client: Razorpay;

  constructor(private readonly options: RazorpayGatewayOptions) {
    this.keyId = options.keyId;
    this.client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  }

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder> {
    try {
      const order = await this.client.orders.create({
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt,
      });
      return { id: order.id, amountPaise: Number(order.amount) };
    } catch (error) {
      this.options.onError?.(`Razorpay orders.create failed: ${describe(error)}`);
      throw new PaymentGatewayError();
    }
  }

  async refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund> {
    try {
      const refund = await this.client.payments.refund(input.paymentId, {
        amount: input.amountPaise,
        receipt: input.receipt,
      });
      return { id: refund.id };
    } catch (error) {
      this.options.onError?.(`Razorpay payments.refund failed: ${describe(error)}`);
      throw new PaymentGatewayError('The refund could not be started with the payment provider.');
    }
  }

  async findRefund(input: { paymentId: string; amountPaise: number }): Promise<GatewayRefund | undefined> {
    try {
      const { items } = await this.client.payments.fetchMultipleRefund(input.paymentId, { count: 100 });
      const standing = items.filter((refund) => refund.status !== 'failed');
      const refundedPaise = standing.reduce((sum, refund) => sum + Number(refund.amount ?? 0), 0);
      return standing.length > 0 && refundedPaise >= input.amountPaise ? { id: standing[0]!.id } : undefined;
    } catch (error) {
      this.options.onError?.(`Razorpay payments.fetchMultipleRefund failed: ${describe(error)}`);
      throw new PaymentGatewayError('The refunds could not be looked up with the payment provider.');
    }
  }

  verifyPaymentSignature(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean {
    const expected = paymentSignature(this.options.keySecret, input.gatewayOrderId, input.paymentId);
    return signaturesMatch(expected, input.signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    if (!this.options.webhookSecret) return false;
    return signaturesMatch(hmacSha256Hex(this.options.webhookSecret, rawBody), signature);
  }
}
