/** Contracts of /api/payments (docs/shop-rules.md#payments, #cod, and the admin's list: #admin-lists). */
import { z } from 'zod';
import { bankDetailsDtoSchema } from '../bank-transfer';
import { idSchema, indiaDaySchema, textSchema } from './fields';
import { addressSchema } from './common';
import { PAYMENT_MODES, PAYMENT_STATUSES } from '../status';
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
    /** Received so far by confirmed bank transfers (docs/shop-rules.md#bank-transfer); 0 for other modes. */
    received: z.number(),
    address: addressSchema,
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  }),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

/**
 * Orders of the admin's payments list (docs/shop-rules.md#admin-lists): newest first (the default), oldest first,
 * by amount either way. Ties go newest first, then by id, so pages are stable.
 */
export const PAYMENT_SORTS = ['newest', 'oldest', 'amount_desc', 'amount_asc'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];
export const PAYMENTS_DEFAULT_LIMIT = 20;
export const PAYMENTS_MAX_LIMIT = 100;

/** '' means no filter: an empty field of the admin page. */
const emptyIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** An optional India day: '' means none. */
const optionalDay = (label: string) => z.preprocess(emptyIsAbsent, indiaDaySchema(label).optional());

const wholeNumber = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number from 1.` })
    .int(`${label} must be a whole number from 1.`)
    .min(1, `${label} must be 1 or more.`);

/** GET /api/payments (docs/shop-rules.md#admin-lists): one page of payments, filtered and sorted. */
export const paymentListQuerySchema = z
  .object({
    page: wholeNumber('page').max(100_000, 'page must be at most 100000.').default(1),
    limit: wholeNumber('limit')
      .max(PAYMENTS_MAX_LIMIT, `limit must be at most ${PAYMENTS_MAX_LIMIT}.`)
      .default(PAYMENTS_DEFAULT_LIMIT),
    status: z.preprocess(
      emptyIsAbsent,
      z.enum(PAYMENT_STATUSES, { error: `status must be one of ${quoted(PAYMENT_STATUSES)}.` }).optional(),
    ),
    mode: z.preprocess(
      emptyIsAbsent,
      z.enum(PAYMENT_MODES, { error: `mode must be one of ${quoted(PAYMENT_MODES)}.` }).optional(),
    ),
    /** Created on or after this day (India time). */
    from: optionalDay('from'),
    /** Created on or before this day (India time). */
    to: optionalDay('to'),
    /**
     * The gateway's payment id (the transaction id) or order id, exactly; or the order's id, whole or its last 6
     * characters (the number the buyer sees), any case.
     */
    search: z.preprocess(
      emptyIsAbsent,
      textSchema('search').trim().max(100, 'search must be at most 100 characters.').optional(),
    ),
    sort: z.preprocess(
      emptyIsAbsent,
      z.enum(PAYMENT_SORTS, { error: `sort must be one of ${quoted(PAYMENT_SORTS)}.` }).default('newest'),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to.',
    path: ['from'],
  });
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
/** The query as a client writes it: every part optional. */
export type PaymentListParams = Partial<PaymentListQuery>;

export const paymentListResponseSchema = z.object({ data: z.array(paymentSchema), total: z.number().int() });
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;
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
  /** The store's bank details when bank transfer (NEFT/RTGS/IMPS) is offered, else null (docs/shop-rules.md#bank-transfer). */
  bankTransfer: bankDetailsDtoSchema.nullable(),
  shopName: z.string(),
  themeColor: z.string(),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;
