/**
 * Contracts of returns and debit notes (docs/shop-rules.md#returns, #debit-notes): the buyer's request (multipart:
 * the `request` field holds returnRequestSchema as JSON, the files are `photos`), the owner's decisions, a return as
 * both sides read it, and the owner's debit note. Amounts in rupees at this edge (docs/decisions/0002-money-in-paise.md).
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY, RETURN_REASON_MAX } from '../constants';
import { rupeesSchema } from './common';
import { idSchema, textSchema } from './fields';

/**
 * requested → approved | refused; approved → received; received → refunded (cash, or the gateway answered) or
 * refund_pending (the gateway refund is asked for or failed: the owner may try again).
 */
export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'received', 'refund_pending', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved: send the goods back',
  refused: 'Refused',
  received: 'Goods received',
  refund_pending: 'Refund under way',
  refunded: 'Refunded',
};

export const RETURN_MESSAGES = {
  reasonRequired: 'Say why you are returning the goods (3 to 500 characters).',
  refusalReasonRequired: 'Say why the return is refused (3 to 500 characters).',
  debitReasonRequired: 'Say why the price was raised (3 to 500 characters).',
  linesRequired: 'Choose at least one line and how many units to return.',
  quantityInvalid: `Units to return must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  lineTwice: 'Each line may be named once.',
  amountInvalid: 'The amount raised must be more than ₹0 with at most 2 decimals.',
  notDelivered: 'Only a delivered order can be returned.',
  returnsClosed: 'This shop does not take returns.',
  windowClosed: (lastDay: string) => `The return window of this order closed on ${lastDay}.`,
  tooManyUnits: (title: string, left: number) =>
    left === 0
      ? `Every unit of "${title}" has already been returned or asked for.`
      : `At most ${left} unit${left === 1 ? '' : 's'} of "${title}" can still be returned.`,
  unknownLine: 'One of the lines is not part of this order.',
  notFound: 'Return not found.',
  wrongStatus: (action: string, status: string) => `This return cannot be ${action}: it is ${status.toLowerCase()}.`,
  requested: 'Your return request has been sent to the shop.',
  approved: 'Return approved.',
  refused: 'Return refused.',
  received: 'Goods recorded as received.',
  refunded: 'Refund recorded.',
  refundPending: 'The refund has been asked of the payment gateway; it will show here when it answers.',
  refundFailed: (message: string) => `The payment gateway did not make the refund: ${message} Try again later.`,
  creditNoteTooLate: (lastDay: string) =>
    `No credit note can be issued for this supply after ${lastDay} (CGST Act section 34(2)); the refund goes ahead without one.`,
  debitNoteIssued: (number: string) => `Debit note ${number} issued.`,
  noInvoice: 'This order has no tax invoice yet, so no note can be issued against it.',
  photosTooMany: (max: number) => `At most ${max} photos per return.`,
} as const;

const reasonSchema = (message: string) =>
  textSchema('Reason', { error: message }).trim().min(3, message).max(RETURN_REASON_MAX, message);

export const returnLineInputSchema = z.object({
  orderItemId: idSchema,
  quantity: z
    .number({ error: RETURN_MESSAGES.quantityInvalid })
    .int(RETURN_MESSAGES.quantityInvalid)
    .min(1, RETURN_MESSAGES.quantityInvalid)
    .max(MAX_LINE_QUANTITY, RETURN_MESSAGES.quantityInvalid),
});

/** The buyer's request, sent as JSON in the `request` field of a multipart body beside its photos. */
export const returnRequestSchema = z.object({
  lines: z
    .array(returnLineInputSchema, { error: RETURN_MESSAGES.linesRequired })
    .min(1, RETURN_MESSAGES.linesRequired)
    .max(100, RETURN_MESSAGES.linesRequired)
    .refine((lines) => new Set(lines.map((line) => line.orderItemId)).size === lines.length, RETURN_MESSAGES.lineTwice),
  reason: reasonSchema(RETURN_MESSAGES.reasonRequired),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnRefusalSchema = z.object({ reason: reasonSchema(RETURN_MESSAGES.refusalReasonRequired) });
export const returnReceiptSchema = z.object({
  /** The goods go back to stock (sellable) or not (damaged, kept aside). */
  restock: z.boolean({ error: 'restock must be true or false.' }),
});
export const returnParamsSchema = z.object({ id: idSchema, returnId: idSchema });

export const returnLineSchema = z.object({
  orderItemId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
});

export const noteRefSchema = z.object({ _id: z.string(), number: z.string(), issuedAt: z.string() });
export type NoteRef = z.infer<typeof noteRefSchema>;

export const returnSchema = z.object({
  _id: z.string(),
  /** 1 for the order's first return. */
  number: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  photos: z.array(z.object({ url: z.string() })),
  lines: z.array(returnLineSchema),
  refusalReason: z.string().nullable(),
  /** Whether the received goods went back to stock; null until received. */
  restocked: z.boolean().nullable(),
  /** What comes back to the buyer: the goods' value and their share of the delivery charge, once received. */
  refund: z.number().nullable(),
  deliveryShare: z.number().nullable(),
  refundMode: z.enum(['online', 'cash']).nullable(),
  refundId: z.string().nullable(),
  /** The last gateway failure while refund_pending. */
  refundError: z.string().nullable(),
  creditNote: noteRefSchema.nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type ReturnDto = z.infer<typeof returnSchema>;

/** What can still be returned of each line, and until when (docs/shop-rules.md#returns). */
export const returnableLineSchema = z.object({
  orderItemId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  bought: z.number().int(),
  returnable: z.number().int(),
  unitPrice: z.number(),
});

export const orderReturnsSchema = z.object({
  returns: z.array(returnSchema),
  /** The last day (in India) a return may be asked for; null before delivery or when the shop takes no returns. */
  lastDay: z.string().nullable(),
  /** Whether the buyer may ask for a return now. */
  open: z.boolean(),
  lines: z.array(returnableLineSchema),
  /** The order's debit notes (docs/shop-rules.md#debit-notes). */
  debitNotes: z.array(noteRefSchema),
});
export type OrderReturns = z.infer<typeof orderReturnsSchema>;
export const orderReturnsResponseSchema = z.object({ message: z.string().optional(), data: orderReturnsSchema });

/** The owner's debit note: the GST-inclusive amount each line's price was raised by, and why. */
export const debitNoteInputSchema = z.object({
  lines: z
    .array(
      z.object({
        orderItemId: idSchema,
        amount: rupeesSchema.refine((value) => value > 0, RETURN_MESSAGES.amountInvalid),
      }),
      { error: RETURN_MESSAGES.linesRequired },
    )
    .min(1, RETURN_MESSAGES.linesRequired)
    .max(100)
    .refine((lines) => new Set(lines.map((line) => line.orderItemId)).size === lines.length, RETURN_MESSAGES.lineTwice),
  reason: reasonSchema(RETURN_MESSAGES.debitReasonRequired),
});
export type DebitNoteInput = z.infer<typeof debitNoteInputSchema>;
