/**
 * What the products CSV import (csv-import.ts) decides for one product of the file, and what it reads of a product
 * the file names: the plan that csv-apply.ts writes and csv-report.ts reports, and the refusals about versions that
 * the judging and the apply share (docs/shop-rules.md#products-csv).
 */
import type { ImportAction, ProductForm } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { ProductRow } from './store/catalog';
import type { StoredImageRow } from './store/products';

export type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogCache'>;

/** A product the file names by id, as it is now: its row, its variants and the order of its images. */
export interface CurrentProduct {
  row: ProductRow;
  variants: { size: string | null; pricePaise: number; mrpPaise: number | null; stock: number }[];
  imageIds: string[];
}

/** What the import does with one product of the file. */
export interface ProductPlan {
  lines: number[];
  title: string;
  /** The product updated, or created once written. */
  productId: string | null;
  action: ImportAction;
  /** An update's changed columns; a refusal's reasons that concern the whole product. */
  reasons: string[];
  /** Refusal reasons of particular rows (a variant's price, a repeated size). */
  lineReasons: Map<number, string[]>;
  form?: ProductForm;
  /** The images it ends with, in order; undefined: an update keeps its images, a creation has none. */
  images?: StoredImageRow[];
  /** An update's version as judged: the write is refused if the product moved on meanwhile (an order, an edit). */
  expectedVersion?: number;
  /** Asked to be active without what a product on sale needs: stored as a draft, and why. */
  notice?: string;
}

/** The file's row was exported before the product last changed: writing it would undo that change. */
export const STALE_ROW = (fileVersion: number, version: number) =>
  `This product changed since the file was exported (version ${fileVersion}, now ${version}): an order, a ` +
  "cancellation or an edit moved it, and this row would undo that. Export the products again and redo this row's " +
  'changes.';
/** An existing product's row without a version may change anything but stock (docs/shop-rules.md#products-csv). */
export const STOCK_WITHOUT_VERSION = (stock: number) =>
  "The stock of an existing product is changed only from a file with the export's version column, so that units " +
  `sold since are never put back. Export the products again, or leave its stock as it is now (${stock}).`;
/** Judged current, then moved before its write (an order between the judging and the write). */
export const CHANGED_WHILE_APPLYING =
  "This product changed while the file was being applied (an order or an edit): export again and redo this row's " +
  'changes.';
