/**
 * The products CSV import (docs/shop-rules.md#products-csv): judging the rows of a file (csv-read.ts) against the
 * admin form's rules and the catalog, product by product (a product's rows together); csv-apply.ts writes what was
 * judged and csv-report.ts reports it. The dry run only judges; the apply judges again (it never trusts an earlier
 * dry run) and writes. A row with an id updates that product, a row without one creates a product. This file reads
 * what the file refers to, once for the whole file; csv-judge-product.ts judges each product and csv-plan.ts holds
 * the plan it makes.
 */
import { groupProductLines, imageReferences, type CsvLine } from './csv-format';
import { isId, judgeProduct, type JudgeContext } from './csv-judge-product';
import type { Ctx, CurrentProduct, ProductPlan } from './csv-plan';
import { publicIdOfImageUrl } from './images';
import { scheduleTaskKeys } from './kind-check';
import { turnoverBand } from './hsn-digits';
import { findAllCategories, findProductsWithParts, findStoredImages, type StoredImageRow } from './store/products';

/** Ids per `in (...)` list when reading what the file refers to. */
const READ_CHUNK = 1000;

/** The items in lists of at most `size`, in order. */
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
