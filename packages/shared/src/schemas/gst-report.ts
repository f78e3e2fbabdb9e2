/**
 * Contract of GET /api/admin/gst-report, the admin's GST report of one month (docs/shop-rules.md#gst-report): the
 * totals of the tax invoices and credit notes issued in that month (by the date of issue in India), per GST rate,
 * net of credit notes, and split between business (B2B) and consumer (B2C) buyers; and the CSV files in the shape
 * of the GSTR-1 tables. Amounts are rupees with at most 2 decimals, each added up in paise first
 * (docs/shop-rules.md#money).
 */
import { z } from 'zod';
import { GST_REPORT_FORMATS, GST_REPORT_MONTH_PATTERN, GSTR1_TABLES } from '../gst/gstr1-tables';
import { SERVER_MESSAGES } from '../messages';

/** 2 digits, a PAN, an entity number, Z and a check character; the check itself is the store settings'. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const gstReportQuerySchema = z
  .object({
    month: z.string({ error: SERVER_MESSAGES.gstReportMonth }).regex(GST_REPORT_MONTH_PATTERN, {
      error: SERVER_MESSAGES.gstReportMonth,
    }),
    /** json: the totals; csv: one GSTR-1 table; gstr1-json: the whole return in the portal's JSON format. */
    format: z.enum(GST_REPORT_FORMATS, { error: SERVER_MESSAGES.gstReportFormat }).default('json'),
    table: z.enum(GSTR1_TABLES, { error: SERVER_MESSAGES.gstReportTable }).optional(),
    /** The seller GSTIN whose documents are reported; the store's current GSTIN when left out. */
    gstin: z
      .string({ error: SERVER_MESSAGES.gstReportGstin })
      .trim()
      .toUpperCase()
      .regex(GSTIN_SHAPE, { error: SERVER_MESSAGES.gstReportGstin })
      .optional(),
  })
  .refine((query) => query.format !== 'csv' || query.table !== undefined, {
    error: SERVER_MESSAGES.gstReportTable,
    path: ['table'],
  });
export type GstReportQuery = z.infer<typeof gstReportQuerySchema>;

/** Taxable value, the taxes and the value with tax, in rupees. */
export const gstAmountsSchema = z.object({
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  utgst: z.number(),
  igst: z.number(),
  /** cgst + sgst + utgst + igst. */
  tax: z.number(),
  /** taxable + tax: what the buyers paid. */
  total: z.number(),
});
export type GstAmounts = z.infer<typeof gstAmountsSchema>;

export const gstRateRowSchema = gstAmountsSchema.extend({ rate: z.number() });
export type GstRateRow = z.infer<typeof gstRateRowSchema>;

/** A set of documents: how many, their figures per rate (lowest first) and their totals. */
export const gstDocumentSetSchema = z.object({
  count: z.number().int(),
  byRate: z.array(gstRateRowSchema),
  totals: gstAmountsSchema,
});
export type GstDocumentSet = z.infer<typeof gstDocumentSetSchema>;

/** The documents of business buyers (with a GSTIN) or of consumers (without). */
export const gstBuyerSplitSchema = z.object({
  invoiceCount: z.number().int(),
  creditNoteCount: z.number().int(),
  debitNoteCount: z.number().int(),
  invoices: gstAmountsSchema,
  creditNotes: gstAmountsSchema,
  debitNotes: gstAmountsSchema,
  /** Invoices less credit notes plus debit notes. */
  net: gstAmountsSchema,
});
export type GstBuyerSplit = z.infer<typeof gstBuyerSplitSchema>;

export const gstReportSchema = z.object({
  month: z.string(),
  /** The seller GSTIN reported: the one asked for, else the store's, else the first with documents; null: none. */
  gstin: z.string().nullable(),
  /** The seller GSTINs with documents in the month (more than one after a change of GSTIN). */
  gstins: z.array(z.string()),
  /** The month's first moment and the next month's first moment in India, as ISO date-times. */
  from: z.string(),
  to: z.string(),
  invoices: gstDocumentSetSchema,
  creditNotes: gstDocumentSetSchema,
  debitNotes: gstDocumentSetSchema,
  /** Invoices less credit notes plus debit notes. */
  net: gstDocumentSetSchema.omit({ count: true }),
  b2b: gstBuyerSplitSchema,
  b2c: gstBuyerSplitSchema,
});
export type GstReport = z.infer<typeof gstReportSchema>;
