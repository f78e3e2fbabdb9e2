/**
 * The judging of one product of a products CSV file (its rows together) against the admin form's rules and the
 * catalog as csv-import.ts read it: what the import does with it, and why not when it refuses
 * (docs/shop-rules.md#products-csv).
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
  type ProductForm,
} from '@pumpkart/shared';
import { describeIssue } from '../../plugins/errors';
import { changedFields } from '../audit';
import { snapshotOf } from './audit-trail';
import {
  differingProductColumns,
  FORM_FIELD_COLUMNS,
  productFormFields,
  splitVariantLines,
  variantColumn,
  type CsvProduct,
} from './csv-format';
import { STALE_ROW, STOCK_WITHOUT_VERSION, type CurrentProduct, type ProductPlan } from './csv-plan';
import { kindFieldsProblem } from './kind-check';
import type { StoredImageRow } from './store/products';
import { productValues } from './edits';

/** Whether an id cell names a product id at all (whether that product exists is judged apart). */
export const isId = (text: string) => idSchema.safeParse(text).success;

const STOCK_COLUMNS = new Set(['stock', 'variant_stock']);

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

/** What the judging of each product reads once for the whole file, and what it has met so far. */
export interface JudgeContext {
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

/** Judges one product of the file (its rows together); its image references as the file gives them. */
export function judgeProduct(
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
