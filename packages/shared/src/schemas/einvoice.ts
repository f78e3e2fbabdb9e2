/**
 * Contracts of /api/admin/einvoices (docs/shop-rules.md#e-invoicing): the B2B documents reported to the Invoice
 * Registration Portal, with where each stands, and the cancellation of an IRN within 24 hours.
 */
import { z } from 'zod';

export const EINVOICE_STATUSES = ['pending', 'registered', 'cancelled'] as const;
export type EinvoiceStatusValue = (typeof EINVOICE_STATUSES)[number];

/** The IRP's cancellation reasons, by code. */
export const IRN_CANCEL_REASON_LABELS = {
  '1': 'Duplicate',
  '2': 'Data entry mistake',
  '3': 'Order cancelled',
  '4': 'Others',
} as const;

export const einvoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit-note', 'debit-note']),
  number: z.string(),
  orderId: z.string(),
  issuedAt: z.string(),
  buyerGstin: z.string().nullable(),
  buyerName: z.string().nullable(),
  totalPaise: z.number().int(),
  status: z.enum(EINVOICE_STATUSES),
  irn: z.string().nullable(),
  ackNo: z.string().nullable(),
  ackDate: z.string().nullable(),
  /** Until when the IRN may be cancelled (24 hours after the acknowledgement); null when it cannot be. */
  cancellableUntil: z.string().nullable(),
  attempts: z.number().int(),
  /** When a pending document is next sent; null: only when an admin retries (the portal refused it). */
  nextAttemptAt: z.string().nullable(),
  /** The portal's last refusal, or why it could not be reached. */
  error: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type EinvoiceDto = z.infer<typeof einvoiceSchema>;

export const einvoiceListSchema = z.object({
  /** Which portal the documents go to: the built-in sandbox or a GSP (IRP_PROVIDER). */
  provider: z.enum(['sandbox', 'gsp']),
  /** The store's switch (store settings). */
  enabled: z.boolean(),
  items: z.array(einvoiceSchema),
});
export type EinvoiceListDto = z.infer<typeof einvoiceListSchema>;

export const einvoiceListQuerySchema = z.object({
  status: z.enum(EINVOICE_STATUSES, { error: 'status must be pending, registered or cancelled.' }).optional(),
});

export const irnCancelInputSchema = z.object({
  reason: z.enum(['1', '2', '3', '4'], {
    error: 'Choose a reason: 1 duplicate, 2 data entry mistake, 3 order cancelled or 4 others.',
  }),
  remark: z
    .string({ error: 'Enter a remark of up to 100 characters.' })
    .trim()
    .min(1, 'Enter a remark of up to 100 characters.')
    .max(100, 'Enter a remark of up to 100 characters.'),
});
export type IrnCancelInput = z.infer<typeof irnCancelInputSchema>;
