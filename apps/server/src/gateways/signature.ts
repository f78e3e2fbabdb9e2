/**
 * Razorpay-style signatures (docs/shop-rules.md#webhook): HMAC-SHA256 in hex, always compared in
 * constant time (razorpay 2.9.8's own validateWebhookSignature compares with `===`, which is not).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of an expected signature with a given one (any length, any text). */
export function signaturesMatch(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // timingSafeEqual throws on different lengths; the length of a hex digest is public anyway.
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

/** The payment signature Razorpay Checkout hands to the page: HMAC of `order_id|payment_id`. */
export function paymentSignature(keySecret: string, gatewayOrderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${gatewayOrderId}|${paymentId}`);
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-looking id: `prefix_` and 14 random alphanumerics (e.g. pay_Ab12Cd34Ef56Gh). */
export function randomGatewayId(prefix: string): string {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${prefix}_${id}`;
}
