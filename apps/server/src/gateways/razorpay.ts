/**
 * The live gateway (docs/decisions/0004-sandbox-payment-gateway.md): Razorpay through the official
 * `razorpay` package (2.9.8), used when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set. Signatures
 * are checked here with timingSafeEqual, not with the package's own check, which compares with
 * `===`. Every call has a time limit (timeoutMs, 10 s by default): a silent provider gets a 503,
 * never a request that hangs.
 */
import Razorpay from 'razorpay';
import {
  GATEWAY_TIMEOUT_MS,
  PaymentGatewayError,
  PaymentGatewayTimeoutError,
  type GatewayOrder,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway';
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
  /** Milliseconds any one call may take before it fails with 503 (default GATEWAY_TIMEOUT_MS). */
  timeoutMs?: number;
}

class TimedOut extends Error {}

/** The package's axios instance, which it does not type: given a socket timeout so nothing lingers. */
type WithAxios = { api?: { rq?: { defaults?: { timeout?: number } } } };

export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  readonly scriptUrl = RAZORPAY_SCRIPT_URL;
  readonly keyId: string;
  private readonly client: Razorpay;
  private readonly timeoutMs: number;

  constructor(private readonly options: RazorpayGatewayOptions) {
    this.keyId = options.keyId;
    this.timeoutMs = options.timeoutMs ?? GATEWAY_TIMEOUT_MS;
    this.client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
    // The limit below answers the caller; the socket's own timeout, a little later, closes the request.
    const axios = (this.client as unknown as WithAxios).api?.rq;
    if (axios?.defaults) axios.defaults.timeout = this.timeoutMs + 1_000;
  }

  /** Runs one call of the package within the time limit; any failure becomes a PaymentGatewayError. */
  private async call<T>(name: string, messages: { failed?: string; timedOut?: string }, run: () => Promise<T>) {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimedOut()), this.timeoutMs);
    });
    try {
      return await Promise.race([run(), limit]);
    } catch (error) {
      if (error instanceof TimedOut) {
        this.options.onError?.(`Razorpay ${name} did not answer within ${this.timeoutMs} ms`);
        throw new PaymentGatewayTimeoutError(messages.timedOut);
      }
      this.options.onError?.(`Razorpay ${name} failed: ${describe(error)}`);
      throw new PaymentGatewayError(messages.failed);
    } finally {
      clearTimeout(timer);
    }
  }

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder> {
    const order = await this.call('orders.create', {}, () =>
      this.client.orders.create({ amount: input.amountPaise, currency: 'INR', receipt: input.receipt }),
    );
    return { id: order.id, amountPaise: Number(order.amount) };
  }

  async refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund> {
    const refund = await this.call(
      'payments.refund',
      {
        failed: 'The refund could not be started with the payment provider.',
        timedOut: 'The payment provider did not answer the refund in time.',
      },
      () => this.client.payments.refund(input.paymentId, { amount: input.amountPaise, receipt: input.receipt }),
    );
    return { id: refund.id };
  }

  async findRefund(input: {
    paymentId: string;
    amountPaise: number;
    receipt?: string;
  }): Promise<GatewayRefund | undefined> {
    const { items } = await this.call(
      'payments.fetchMultipleRefund',
      {
        failed: 'The refunds could not be looked up with the payment provider.',
        timedOut: 'The payment provider did not answer the refund look-up in time.',
      },
      () => this.client.payments.fetchMultipleRefund(input.paymentId, { count: 100 }),
    );
    const standing = items.filter((refund) => refund.status !== 'failed');
    if (input.receipt !== undefined) {
      const part = standing.find((refund) => refund.receipt === input.receipt);
      return part && Number(part.amount ?? 0) >= input.amountPaise ? { id: part.id } : undefined;
    }
    const refundedPaise = standing.reduce((sum, refund) => sum + Number(refund.amount ?? 0), 0);
    return standing.length > 0 && refundedPaise >= input.amountPaise ? { id: standing[0]!.id } : undefined;
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
