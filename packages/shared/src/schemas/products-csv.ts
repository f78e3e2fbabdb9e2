/**
 * Contracts of the products CSV import (docs/shop-rules.md#products-csv): the dry run's report, row by row, and
 * the lines of the apply's NDJSON answer (progress, then the result).
 */
import { z } from 'zod';

/** The most bytes and product rows one import file may have; a bigger file is refused whole (400). */
export const PRODUCT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 50_000;
/** The most row reports an answer carries (refused rows first); the summary counts every row. */
export const PRODUCT_IMPORT_REPORT_CAP = 1000;

/**
 * What happens to a product (all its rows): created (no id), updated (its id; what changes is listed),
 * unchanged (its id; nothing differs), refused (the reasons, in words; nothing of it is written).
 */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importRowReportSchema = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  title: z.string(),
  /** The product's id: an update's, or once created. */
  productId: z.string().nullable(),
  /** Refused: why; update: the fields that change. */
  reasons: z.array(z.string()),
});
export type ImportRowReport = z.infer<typeof importRowReportSchema>;

/** Products (not rows) per action, and the rows of the file. */
export const importSummarySchema = z.object({
  rows: z.number().int(),
  products: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** POST /api/products/import/dry-run. */
export const importDryRunResponseSchema = z.object({
  summary: importSummarySchema,
  /** Every refused row (up to the cap), then the others in file order while room is left; by row. */
  rows: z.array(importRowReportSchema),
  /** Some rows are not reported (the summary still counts them). */
  truncated: z.boolean(),
});
export type ImportDryRunResponse = z.infer<typeof importDryRunResponseSchema>;

/** The lines of POST /api/products/import/apply's answer (application/x-ndjson), one JSON object each. */
export const importProgressLineSchema = z.object({
  type: z.literal('progress'),
  /** Rows dealt with so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
});
export const importDoneLineSchema = z.object({
  type: z.literal('done'),
  summary: importSummarySchema,
  rows: z.array(importRowReportSchema),
  truncated: z.boolean(),
});
export const importLineSchema = z.discriminatedUnion('type', [importProgressLineSchema, importDoneLineSchema]);
export type ImportLine = z.infer<typeof importLineSchema>;
export type ImportDoneLine = z.infer<typeof importDoneLineSchema>;
