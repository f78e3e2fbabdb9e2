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
 * The text encodings an import file is read in (WHATWG names), told apart by its byte-order mark, else by being
 * valid UTF-8, else Windows-1252 (what spreadsheets on many Indian office PCs save as "CSV").
 */
export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
/** How the import dialog names them. */
export const CSV_ENCODING_LABELS: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Latin-1)',
};

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
  /**
   * Create or update of an active product without what a product on sale needs: it is stored as a draft, and this
   * says what it lacks (docs/shop-rules.md#on-sale). On the product's first row.
   */
  notice: z.string().optional(),
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
  /** The encoding the file was read in. */
  encoding: z.enum(CSV_ENCODINGS),
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
  encoding: z.enum(CSV_ENCODINGS),
  summary: importSummarySchema,
  rows: z.array(importRowReportSchema),
  truncated: z.boolean(),
});
export const importLineSchema = z.discriminatedUnion('type', [importProgressLineSchema, importDoneLineSchema]);
export type ImportLine = z.infer<typeof importLineSchema>;
export type ImportDoneLine = z.infer<typeof importDoneLineSchema>;
