/** Contracts of /api/quotes and /api/admin/quotes (docs/shop-rules.md#quotes). */
import { z } from 'zod';
import { advancePercentSchema } from '../bank-transfer';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../constants';
import { MESSAGES } from '../messages';
import { QUOTE_DISPLAY_STATUSES, PAYMENT_MODES } from '../status';
import { addressSchema, rupeesSchema } from './common';
import { idSchema, indiaDaySchema, textSchema } from './fields';
import { orderCustomerSchema } from './orders';

const notesSchema = (label: string, max: number) => textSchema(label).trim().max(max).optional().default('');

export const quoteRequestLineSchema = z.object({
  product: idSchema,
  variantId: z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable()),
  quantity: z
    .number()
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}.`),
});

/**
 * A buyer's request: the lines, who asks, where to deliver (an outlet of the buyer's business, or an address as at
 * checkout) and the notes.
 */
export const quoteRequestBodySchema = z
  .object({
    lines: z
      .array(quoteRequestLineSchema)
      .min(1, 'The request has no lines.')
      .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines per request.`),
    customer: orderCustomerSchema,
    outletId: idSchema.optional(),
    address: z.object(addressSchema.shape, { error: MESSAGES.checkoutAddressIncomplete }).optional(),
    notes: notesSchema('Notes', 2000),
  })
  .refine((body) => body.outletId || body.address, { message: MESSAGES.checkoutAddressIncomplete });
export type QuoteRequestBody = z.infer<typeof quoteRequestBodySchema>;

/** The owner's answer or revision: a GST-inclusive unit price per requested line, and the terms. */
export const quoteAnswerBodySchema = z.object({
  lines: z.array(z.object({ lineId: idSchema, unitPrice: rupeesSchema })).min(1),
  shipping: rupeesSchema,
  validUntil: indiaDaySchema('Valid until'),
  // The same terms as a bank-transfer order's (docs/shop-rules.md#bank-transfer): 1 to 100 % in advance.
  advancePercent: advancePercentSchema,
  termsNote: notesSchema('Payment terms', 500),
  notes: notesSchema('Notes', 2000),
});
export type QuoteAnswerBody = z.infer<typeof quoteAnswerBodySchema>;

export const quoteMessageBodySchema = z.object({
  body: textSchema('Message').trim().min(1, 'Write a message.').max(2000),
});

/** Accepting names the version read, so that a version superseded meanwhile is refused, not accepted unseen. */
export const quoteAcceptBodySchema = z.object({
  version: z.number().int().min(1),
  paymentMode: z.enum(PAYMENT_MODES).default('online'),
});
export type QuoteAcceptBody = z.infer<typeof quoteAcceptBodySchema>;

export const quoteVersionSchema = z.object({
  version: z.number().int(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      title: z.string(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      subtotal: z.number(),
      gstRate: z.number(),
    }),
  ),
  shipping: z.number(),
  total: z.number(),
  validUntil: z.string(),
  advancePercent: z.number().int(),
  termsNote: z.string(),
  notes: z.string(),
  createdAt: z.string(),
  /** Superseded by a later version. */
  superseded: z.boolean(),
});
export type QuoteVersionDto = z.infer<typeof quoteVersionSchema>;

export const quoteSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_DISPLAY_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  businessName: z.string().nullable(),
  lineCount: z.number().int(),
  /** The current version's total and validity; null before the first answer. */
  total: z.number().nullable(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteDetailSchema = quoteSummarySchema.extend({
  customerPhone: z.string(),
  gstin: z.string().nullable(),
  outlet: z.object({ _id: z.string(), name: z.string() }).nullable(),
  address: z.object(addressSchema.shape),
  notes: z.string(),
  lines: z.array(
    z.object({
      _id: z.string(),
      productId: z.string().nullable(),
      variantId: z.string().nullable(),
      title: z.string(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      /** Today's catalog price (what the owner's answer starts from); null once the product is gone. */
      currentPrice: z.number().nullable(),
    }),
  ),
  versions: z.array(quoteVersionSchema),
  messages: z.array(
    z.object({
      _id: z.string(),
      authorName: z.string(),
      fromShop: z.boolean(),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
  orderId: z.string().nullable(),
  /** Whether the caller may accept the current version now. */
  acceptable: z.boolean(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const quoteResponseSchema = z.object({ message: z.string().optional(), data: quoteDetailSchema });
export const quoteListResponseSchema = z.object({
  data: z.array(quoteSummarySchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export const quoteAcceptResponseSchema = z.object({
  message: z.string(),
  data: z.object({ quote: quoteDetailSchema, orderId: z.string() }),
});

export const quoteListQuerySchema = z.object({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(QUOTE_DISPLAY_STATUSES).optional()),
  search: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(100).optional()),
  page: z.coerce.number().int('page must be a whole number.').min(1, 'page must be 1 or more.').default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;
