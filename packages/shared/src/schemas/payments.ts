/** Contracts of /api/payments (docs/shop-rules.md#payments and #cod). */
import { z } from 'zod';
import { idSchema, textSchema } from './fields';
import { addressSchema } from './common';
import { orderStatusSchema, paymentModeSchema, paymentStatusSchema } from './orders';

export const createPaymentBodySchema = z.object({ orderId: idSchema });

/** Amount in paise, as the payment window expects it. */
export const createPaymentResponseSchema = z.object({
  rzpOrderId: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  key: z.string(),
  orderId: z.string(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

export const verifyPaymentBodySchema = z.object({
  razorpay_order_id: textSchema('razorpay_order_id').min(1).max(100),
  razorpay_payment_id: textSchema('razorpay_payment_id').min(1).max(100),
  razorpay_signature: textSchema('razorpay_signature').min(1).max(200),
  orderId: idSchema,
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

export const verifyPaymentResponseSchema = z.object({
  message: z.string(),
  status: paymentStatusSchema,
  orderId: z.string(),
});

export const paymentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  mode: paymentModeSchema,
  status: paymentStatusSchema,
  amount: z.number(),
  gateway: z.string(),
  transactionId: z.string().nullable(),
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  signature: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  order: z.object({
    _id: z.string(),
    status: orderStatusSchema,
    total: z.number(),
    address: addressSchema,
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  }),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

export const paymentListResponseSchema = z.array(paymentSchema);
export const orderIdParamsSchema = z.object({ orderId: idSchema });
export const codPaidResponseSchema = z.object({ message: z.string(), payment: paymentSchema });

/**
 * GET /api/payments/config: which payment script to load and whether COD is offered
 * (docs/decisions/0004-sandbox-payment-gateway.md, docs/shop-rules.md#cod).
 */
export const checkoutConfigSchema = z.object({
  gateway: z.enum(['sandbox', 'razorpay']),
  scriptUrl: z.string(),
  key: z.string(),
  currency: z.literal('INR'),
  codEnabled: z.boolean(),
  shopName: z.string(),
  themeColor: z.string(),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;
