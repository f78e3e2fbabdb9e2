/**
 * Bank transfer with an advance (docs/shop-rules.md#bank-transfer, docs/decisions/0032-bank-transfer-and-advance.md):
 * the store's bank details, an order's payment terms (the percentage paid in advance, the balance before dispatch),
 * and the transfers a buyer records by their UTR. The amounts here are in paise: the server's and the web app's
 * one computation of what is due now.
 */
import { z } from 'zod';
import { toPaise } from './money';
import { rupeesSchema } from './schemas/common';

/** 100: all in advance, the default of a checkout; below it, the balance is due before dispatch. */
export const FULL_ADVANCE_PERCENT = 100;

/** The advance of an order of `totalPaise` at `advancePercent` %, rounded up to the rupee's paisa. */
export const advancePaiseOf = (totalPaise: number, advancePercent: number): number =>
  Math.min(totalPaise, Math.ceil((totalPaise * advancePercent) / 100));

export interface PaymentTerms {
  totalPaise: number;
  advancePercent: number;
  /** Confirmed transfers and captured online instalments. */
  receivedPaise: number;
}

/** What the buyer should pay now: the rest of the advance until it is received, then the balance; 0 when paid. */
export function dueNowPaise({ totalPaise, advancePercent, receivedPaise }: PaymentTerms): number {
  const advance = advancePaiseOf(totalPaise, advancePercent);
  return receivedPaise < advance ? advance - receivedPaise : Math.max(0, totalPaise - receivedPaise);
}

export const advanceReceived = (terms: PaymentTerms): boolean =>
  terms.receivedPaise >= advancePaiseOf(terms.totalPaise, terms.advancePercent);
export const fullyReceived = (terms: PaymentTerms): boolean => terms.receivedPaise >= terms.totalPaise;

export const BANK_MESSAGES = {
  advancePercent: 'The advance must be a whole percentage from 1 to 100.',
  utr: 'The UTR number is 12 to 22 letters or digits, as the bank shows it.',
  amount: 'Enter the amount transferred, more than ₹0.',
  transferredOn: 'Enter the date of the transfer (not in the future).',
  rejectReason: 'Say why the transfer is rejected (1 to 300 characters).',
  accountName: 'Enter the account holder’s name (1 to 200 characters).',
  accountNumber: 'The account number is 9 to 18 digits.',
  ifsc: 'The IFSC is 11 characters: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234).',
  bankBranch: 'Enter the bank and branch (1 to 200 characters).',
  upiId: 'The UPI ID looks like name@bank.',
  notOffered: 'Bank transfer is not available.',
  notBankOrder: 'This order is not paid by bank transfer.',
  orderClosed: 'This order has been cancelled.',
  nothingDue: 'Nothing is due on this order.',
  tooMuch: (due: string) =>
    `This is more than the ${due} still due on this order (counting the transfers waiting to be confirmed).`,
  utrUsed: 'This UTR number was already recorded.',
  notWaiting: 'This transfer was already confirmed or rejected.',
  transferWaiting:
    'A bank transfer recorded for this order waits for the shop to confirm it: pay online once it is confirmed or rejected.',
  paidOnline: 'Online payment received',
  termsLocked: 'The payment terms can be changed only while nothing has been received and the order is pending.',
  recorded: 'Transfer recorded. The shop will confirm it when the money arrives.',
  confirmed: 'Transfer confirmed',
  rejected: 'Transfer rejected',
  termsUpdated: 'Payment terms updated',
} as const;

/** 12 to 22 letters or digits: NEFT UTRs have 16 or 22 characters, RTGS 22, IMPS reference numbers 12. */
export const UTR_PATTERN = /^[A-Z0-9]{12,22}$/;
/** IFSC: 4 letters (the bank), a 0, 6 letters or digits (the branch) (RBI). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const advancePercentSchema = z
  .number({ error: BANK_MESSAGES.advancePercent })
  .int(BANK_MESSAGES.advancePercent)
  .min(1, BANK_MESSAGES.advancePercent)
  .max(FULL_ADVANCE_PERCENT, BANK_MESSAGES.advancePercent);

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** The store's bank account, as the owner enters it on the Settings page; `enabled` offers bank transfer at checkout. */
export const bankDetailsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
  accountName: text(200, BANK_MESSAGES.accountName),
  accountNumber: z
    .string({ error: BANK_MESSAGES.accountNumber })
    .trim()
    .regex(/^[0-9]{9,18}$/, BANK_MESSAGES.accountNumber),
  ifsc: z.string({ error: BANK_MESSAGES.ifsc }).trim().toUpperCase().regex(IFSC_PATTERN, BANK_MESSAGES.ifsc),
  bankBranch: text(200, BANK_MESSAGES.bankBranch),
  upiId: z
    .string({ error: BANK_MESSAGES.upiId })
    .trim()
    .regex(/^([a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64})?$/, BANK_MESSAGES.upiId)
    .transform((value) => value || null)
    .nullable()
    .default(null),
});
export type BankDetails = z.output<typeof bankDetailsSchema>;
/** The bank details as the API answers them. */
export const bankDetailsDtoSchema = z.object({
  enabled: z.boolean(),
  accountName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  bankBranch: z.string(),
  upiId: z.string().nullable(),
});

/** A transfer the buyer records: the UTR (spaces dropped, upper-cased), the amount in rupees and the day. */
export const recordTransferBodySchema = z.object({
  utr: z
    .string({ error: BANK_MESSAGES.utr })
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(UTR_PATTERN, BANK_MESSAGES.utr)),
  amount: rupeesSchema.refine((amount) => amount > 0, BANK_MESSAGES.amount),
  transferredOn: z.iso.date({ error: BANK_MESSAGES.transferredOn }),
});
export type RecordTransferBody = z.infer<typeof recordTransferBodySchema>;

export const rejectTransferBodySchema = z.object({ reason: text(300, BANK_MESSAGES.rejectReason) });
export const paymentTermsBodySchema = z.object({ advancePercent: advancePercentSchema });

/** 'opened': an online instalment's gateway order, not paid (yet); never counted and not listed. */
export const TRANSFER_STATUSES = ['opened', 'recorded', 'confirmed', 'rejected', 'returned'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** How an instalment came: a bank transfer the owner confirms, or Razorpay, whose capture confirms it. */
export const TRANSFER_METHODS = ['transfer', 'razorpay'] as const;
export type TransferMethod = (typeof TRANSFER_METHODS)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  opened: 'Online payment not completed',
  recorded: 'Waiting for the shop to confirm',
  confirmed: 'Received',
  rejected: 'Not received',
  returned: 'To be returned',
};

export const bankTransferSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  method: z.enum(TRANSFER_METHODS),
  /** The bank's reference of a transfer; null for an online instalment, which has gatewayPaymentId. */
  utr: z.string().nullable(),
  gatewayPaymentId: z.string().nullable(),
  amount: z.number(),
  transferredOn: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BankTransferDto = z.infer<typeof bankTransferSchema>;

/** An order's transfers and where its terms stand (amounts in rupees), with the store's bank details when offered. */
export const orderTransfersResponseSchema = z.object({
  advancePercent: z.number().int(),
  advance: z.number(),
  received: z.number(),
  dueNow: z.number(),
  bank: bankDetailsDtoSchema.nullable(),
  transfers: z.array(bankTransferSchema),
});
export type OrderTransfersResponse = z.infer<typeof orderTransfersResponseSchema>;

export const transferIdParamsSchema = z.object({ transferId: z.uuid({ error: 'Transfer not found.' }) });
export const transferResponseSchema = z.object({ message: z.string(), transfer: bankTransferSchema });
export const termsResponseSchema = z.object({ message: z.string(), terms: orderTransfersResponseSchema });

/** A bank-transfer order's terms in paise from the server's row; null for any other payment mode. */
export const termsOfOrderRow = (order: {
  paymentMode: string;
  totalPaise: number;
  advancePercent: number;
  receivedPaise: number;
}): PaymentTerms | null =>
  order.paymentMode === 'bank'
    ? { totalPaise: order.totalPaise, advancePercent: order.advancePercent, receivedPaise: order.receivedPaise }
    : null;

/** The same from the API's order (rupees): the web app's status control reads it. */
export const termsOfOrderDto = (order: {
  paymentMode: string;
  total: number;
  advancePercent: number;
  received: number;
}): PaymentTerms | null =>
  order.paymentMode === 'bank'
    ? { totalPaise: toPaise(order.total), advancePercent: order.advancePercent, receivedPaise: toPaise(order.received) }
    : null;
