/**
 * The products CSV import (docs/shop-rules.md#products-csv): judging the rows of a file (csv-read.ts) against the
 * admin form's rules and the catalog, product by product (a product's rows together); csv-apply.ts writes what was
 * judged and csv-report.ts reports it. The dry run only judges; the apply judges again (it never trusts an earlier
 * dry run) and writes. A row with an id updates that product, a row without one creates a product.
 */
import {
  hsnDigitsProblem,
  idSchema,
  MAX_IMAGES_PER_PRODUCT,
  missingForSale,
  productFormSchema,
  saleRequirementsText,
  toPaise,
  type AggregateTurnoverBand,
  type ImportAction,
  type ProductForm,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { describeIssue } from '../../plugins/errors';
import { changedFields } from '../audit';
import { snapshotOf } from './audit-trail';
import {
  differingProductColumns,
  FORM_FIELD_COLUMNS,
  groupProductLines,
  imageReferences,
  productFormFields,
  splitVariantLines,
  variantColumn,
  type CsvLine,
  type CsvProduct,
} from './csv-format';
import { publicIdOfImageUrl } from './images';
import { kindFieldsProblem, scheduleTaskKeys } from './kind-check';
import { turnoverBand } from './hsn-digits';
import type { ProductRow } from './store/catalog';
import { findAllCategories, findProductsWithParts, findStoredImages, type StoredImageRow } from './store/products';
import { productValues } from './edits';

/** Ids per `in (...)` list when reading what the file refers to. */
const READ_CHUNK = 1000;

const isId = (text: string) => idSchema.safeParse(text).success;

export type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogCache'>;

interface CurrentProduct {
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

// ---- judging ----------------------------------------------------------------------------------

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
const STOCK_COLUMNS = new Set(['stock', 'variant_stock']);

export function chunks<T>(items: readonly T[], size = READ_CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Every category any product has (inactive ones too): the only categories an import may use. */
async function knownCategories(ctx: Ctx): Promise<Set<string>> {
  return new Set(await findAllCategories(ctx.db));
}

/** The products the file names by id, with their variants and the order of their images. */
async function currentProducts(ctx: Ctx, ids: string[]): Promise<Map<string, CurrentProduct>> {
  const current = new Map<string, CurrentProduct>();
  for (const chunk of chunks(ids)) {
    const { rows, variants, images } = await findProductsWithParts(ctx.db, chunk);
    for (const row of rows) current.set(row.id, { row, variants: [], imageIds: [] });
    for (const variant of variants) current.get(variant.productId)?.variants.push(variant);
    for (const image of images) current.get(image.productId)?.imageIds.push(image.publicId);
  }
  return current;
}

/** The stored images the file refers to, by public_id. */
async function storedImages(ctx: Ctx, publicIds: string[]): Promise<Map<string, StoredImageRow>> {
  const found = new Map<string, StoredImageRow>();
  for (const chunk of chunks(publicIds)) {
    const rows = await findStoredImages(ctx.db, chunk);
    for (const row of rows) found.set(row.publicId, row);
  }
  return found;
}

/** The name of a changed snapshot field, as the file's columns call it. */
const CHANGED_FIELD_NAMES: Record<string, string> = {
  ...FORM_FIELD_COLUMNS,
  variants: 'variant sizes and prices',
  variantStock: 'variant_stock',
  images: 'images',
};

/** What an update changes (the columns), comparing what the audit trail records, and the order of the images. */
function changesOf(current: CurrentProduct, form: ProductForm, images: StoredImageRow[] | undefined): string[] {
  const variants = form.variants.map((variant) => ({
    size: variant.size ?? null,
    pricePaise: toPaise(variant.price),
    mrpPaise: variant.mrp === null ? null : toPaise(variant.mrp),
    stock: variant.stock,
  }));
  const imageIds = images?.map((image) => image.publicId) ?? current.imageIds;
  const before = snapshotOf(current.row, current.variants, current.imageIds.length);
  const after = snapshotOf({ ...current.row, ...productValues(form) }, variants, imageIds.length);
  const changed = Object.keys(changedFields(before, after));
  if (!changed.includes('images') && imageIds.join('|') !== current.imageIds.join('|')) changed.push('images');
  return changed.map((field) => CHANGED_FIELD_NAMES[field] ?? field);
}

/** Judges the file's rows, product by product, against the form's rules and the catalog as it is now. */
export async function judgeImport(ctx: Ctx, lines: CsvLine[]): Promise<ProductPlan[]> {
  const groups = groupProductLines(lines);
  const ids = [...new Set(groups.map((group) => group.id.trim().toLowerCase()).filter(isId))];
  const references = groups.map((group) =>
    imageReferences(group.lines[0]!.cells.images).map((reference) => ({
      reference,
      publicId: publicIdOfImageUrl(ctx.storage, reference),
    })),
  );
  const publicIds = [...new Set(references.flat().flatMap(({ publicId }) => (publicId ? [publicId] : [])))];
  const [categories, current, images, band, taskKeys] = await Promise.all([
    knownCategories(ctx),
    currentProducts(ctx, ids),
    storedImages(ctx, publicIds),
    turnoverBand(ctx),
    scheduleTaskKeys(ctx.db),
  ]);

  const context: JudgeContext = {
    categories,
    current,
    images,
    band,
    taskKeys,
    idRows: new Map(),
    titleSizeRows: new Map(),
  };
  return groups.map((group, index) => judgeProduct(group, context, references[index]!));
}

interface JudgeContext {
  categories: Set<string>;
  current: Map<string, CurrentProduct>;
  images: Map<string, StoredImageRow>;
  /** The store's turnover band: how many HSN digits a product needs. */
  band: AggregateTurnoverBand;
  /** The compliance schedule's task keys, which task_keys must name. */
  taskKeys: ReadonlySet<string>;
  /** The first row of each id met so far, and of each new product's title and size. */
  idRows: Map<string, number>;
  titleSizeRows: Map<string, number>;
}

function judgeProduct(
  group: CsvProduct,
  context: JudgeContext,
  references: { reference: string; publicId: string | undefined }[],
): ProductPlan {
  const first = group.lines[0]!;
  const id = group.id.trim().toLowerCase();
  const plan: ProductPlan = {
    lines: group.lines.map((line) => line.line),
    title: first.cells.title.trim(),
    productId: null,
    action: 'refused',
    reasons: [],
    lineReasons: new Map(),
  };
  const refuseLine = (line: number, reason: string) =>
    plan.lineReasons.set(line, [...(plan.lineReasons.get(line) ?? []), reason]);
  const refuse = (reason: string) => plan.reasons.push(reason);

  // The id: empty creates; otherwise a product that exists, named by one run of rows only.
  const current = id ? context.current.get(id) : undefined;
  if (id) {
    const earlier = context.idRows.get(id);
    if (!isId(id)) refuse(`The id '${group.id}' is not a product id. Leave it empty to create a product.`);
    else if (earlier !== undefined) {
      refuse(`Duplicate: the id is on row ${earlier} too. A product's rows must follow one another.`);
    } else if (!current) refuse(`No product has the id ${id}. Leave the id empty to create a product.`);
    else plan.productId = id;
    if (earlier === undefined) context.idRows.set(id, first.line);
  }

  // The version the file's rows were exported at: a whole number, or empty (not known).
  const versionCell = first.cells.version.trim();
  const fileVersion = /^\d{1,9}$/.test(versionCell) ? Number(versionCell) : undefined;
  if (versionCell !== '' && fileVersion === undefined) {
    refuse(`The version '${versionCell}' is not a whole number: keep the value the export wrote in it.`);
  }

  // The rows of one product: the same product columns, and either all sizes or one row without.
  for (const line of group.lines.slice(1)) {
    const differing = differingProductColumns(first.cells, line.cells);
    if (differing.length) {
      refuseLine(
        line.line,
        `The product's columns differ from its first row (${first.line}): ${differing.join(', ')}.`,
      );
    }
  }
  const { variantLines, plainLines } = splitVariantLines(group);
  if (variantLines.length) {
    for (const line of plainLines) {
      refuseLine(line.line, 'Its product has sizes on other rows: fill the variant columns of this row too.');
    }
  } else {
    for (const line of plainLines.slice(1)) refuseLine(line.line, `Duplicate: row ${first.line} is the same product.`);
  }
  const sizeRows = new Map<string, number>();
  for (const line of variantLines) {
    const size = line.cells.variant_size.trim().toLowerCase();
    const earlier = sizeRows.get(size);
    if (earlier !== undefined) {
      refuseLine(line.line, `Duplicate: the size '${line.cells.variant_size.trim()}' is on row ${earlier} too.`);
    } else sizeRows.set(size, line.line);
  }

  // The admin form's rules.
  const parsed = productFormSchema.safeParse(productFormFields(group));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index, variantField] = issue.path.map(String);
      if (field === 'variants' && index !== undefined && variantLines[Number(index)]) {
        const column = variantField ? variantColumn(variantField) : 'variant_size';
        refuseLine(variantLines[Number(index)]!.line, describeIssue(column, issue.message));
      } else {
        refuse(describeIssue(FORM_FIELD_COLUMNS[field ?? ''] ?? field ?? 'row', issue.message));
      }
    }
  } else {
    plan.form = parsed.data;
    const hsnProblem = hsnDigitsProblem(parsed.data.hsnCode, context.band);
    if (hsnProblem) refuse(describeIssue('hsn_code', hsnProblem));
    const kindProblem = kindFieldsProblem(parsed.data, current?.row, context.taskKeys);
    if (kindProblem)
      refuse(describeIssue(FORM_FIELD_COLUMNS[kindProblem.path] ?? kindProblem.path, kindProblem.message));
    if (!context.categories.has(parsed.data.category)) {
      refuse(
        `Unknown category '${parsed.data.category}': no product has it yet. ` +
          'Use an existing category, or add the first product of a new one with the product form.',
      );
    }
  }

  // A new product's title and size once in the file.
  const titleKey = plan.title.toLowerCase();
  const ownKeys = new Map<string, number>();
  for (const line of variantLines.length ? variantLines : [first]) {
    const key = `${titleKey}\n${line.cells.variant_size.trim().toLowerCase()}`;
    const earlier = context.titleSizeRows.get(key);
    if (earlier !== undefined && !id) refuseLine(line.line, `Duplicate: row ${earlier} has the same title and size.`);
    if (!ownKeys.has(key)) ownKeys.set(key, line.line);
  }
  for (const [key, line] of ownKeys) if (!context.titleSizeRows.has(key)) context.titleSizeRows.set(key, line);

  // Images: the shop's own, each once, at most the form's number.
  if (references.length > MAX_IMAGES_PER_PRODUCT) {
    refuse(`Too many images: a product has at most ${MAX_IMAGES_PER_PRODUCT} images.`);
  } else if (references.length) {
    const seen = new Set<string>();
    const images: StoredImageRow[] = [];
    for (const { reference, publicId } of references) {
      const stored = publicId ? context.images.get(publicId) : undefined;
      if (!stored) {
        refuse(
          `The image '${reference}' is not an image of this shop. Give the URL of an uploaded image (as the export ` +
            'writes it), or leave images empty and add pictures with the product form.',
        );
      } else if (seen.has(stored.publicId)) refuse(`The image '${reference}' is listed twice.`);
      else {
        seen.add(stored.publicId);
        images.push(stored);
      }
    }
    plan.images = images;
  }

  if (plan.reasons.length || plan.lineReasons.size || !plan.form) {
    plan.action = 'refused';
    plan.productId = current ? id : null;
  } else if (!current) {
    plan.action = 'create';
    keepAsDraftIfLacking(plan, plan.images?.length ?? 0);
  } else {
    // A row that changes nothing is unchanged whatever its version; one that changes something is written only
    // over what it was exported from, and its stock only when that is known (docs/shop-rules.md#products-csv).
    const changes = changesOf(current, plan.form, plan.images);
    const version = current.row.version;
    if (changes.length === 0) plan.action = 'unchanged';
    else if (fileVersion !== undefined && fileVersion !== version) plan.reasons = [STALE_ROW(fileVersion, version)];
    else if (fileVersion === undefined && changes.some((change) => STOCK_COLUMNS.has(change))) {
      plan.reasons = [STOCK_WITHOUT_VERSION(current.row.stock)];
    } else {
      plan.action = 'update';
      plan.expectedVersion = version;
      // Changes only: a row that changes nothing leaves an older product as it is (the rule applies to writes).
      plan.reasons = keepAsDraftIfLacking(plan, plan.images?.length ?? current.imageIds.length)
        ? changesOf(current, plan.form, plan.images)
        : changes;
      // Switching on a draft that still lacks them changes nothing after all.
      if (plan.reasons.length === 0) plan.action = 'unchanged';
    }
  }
  return plan;
}

/**
 * A product the file asks to be active without a price above 0, a category or a picture is written as a draft
 * (inactive), as the product form would store it (docs/shop-rules.md#on-sale); answers whether it is.
 */
function keepAsDraftIfLacking(plan: ProductPlan, pictures: number): boolean {
  const form = plan.form!;
  if (!form.active) return false;
  const missing = missingForSale({ price: form.price, category: form.category, variants: form.variants, pictures });
  if (missing.length === 0) return false;
  plan.form = { ...form, active: false };
  plan.notice =
    `Stored as a draft (inactive): it needs ${saleRequirementsText(missing, form.variants.length > 0)} ` +
    'before it can be active.';
  return true;
}

// ---- reporting --------------------------------------------------------------------------------
