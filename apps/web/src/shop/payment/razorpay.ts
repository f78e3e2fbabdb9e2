/**
 * The browser API of the payment provider's script (Razorpay Standard Checkout), which the server's
 * sandbox gateway reproduces (docs/decisions/0004-sandbox-payment-gateway.md): `new
 * window.Razorpay(options).open()`.
 */

export interface RazorpaySuccessResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailureResponse {
  error?: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
}

export interface RazorpayOptions {
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  name: string;
  description?: string;
  order_id: string;
  handler: (response: RazorpaySuccessResponse) => void;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  modal?: { ondismiss?: () => void };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailureResponse) => void): void;
  close?(): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}
