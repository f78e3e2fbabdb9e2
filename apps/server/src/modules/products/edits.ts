/**
 * The admin's edits of the catalog (docs/shop-rules.md#catalog, #images): create, update, remove a picture (switching
 * on or off and deleting are in activation.ts). Every write runs in one transaction, processes images before it (removing them again if it
 * fails), records itself in the audit trail and invalidates the catalog cache after it.
 */
import {
  draftNotice,
  MAX_IMAGES_PER_PRODUCT,
  missingForSale,
  PRODUCT_CHANGED_MESSAGE,
  toPaise,
  type ProductDto,
  type ProductForm,
  type ProductSavedDto,
  type SaleRequirement,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit';
import { productSnapshot, recordProductCreated, recordProductEdited } from './audit-trail';
import { processImages, removeStoredImages, type ImageUpload, type StoredImage } from './images';
import { taxValues } from './store/tax-data';
import { findProductRow } from './store/catalog';
import {
  countImages,
  deleteImage,
  deleteVariantsExcept,
  findOpenOrderLine,
  findVariants,
  insertImages,
  insertProduct,
  insertVariants,
  updateProductRow,
  updateVariant,
} from './store/products';
import { getProduct, PRODUCT_NOT_FOUND } from './service';

export const VARIANT_HAS_OPEN_ORDERS = (size: string | null) =>
  size === null
    ? 'The variant without a size has open orders and cannot be removed yet. Set its stock to 0 instead.'
    : `Size "${size}" has open orders and cannot be removed yet. Set its stock to 0 instead.`;
export const PRODUCT_HAS_OPEN_ORDERS =
  'This product has open orders and cannot be deleted yet. Deactivate it instead, or delete it once they are delivered or cancelled.';

/**
 * Orders that still hold stock and may yet be cancelled by their buyer or an admin: their lines must
 * keep pointing at their variant and product, or the cancellation could not put the units back.
 */
export type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogCache'>;

/** An MRP of the form in paise, null when none (docs/shop-rules.md#mrp). */
const mrpPaiseOf = (mrp: number | null) => (mrp === null ? null : toPaise(mrp));

/**
 * The product's own price, MRP and stock: from its variants when it has some (docs/shop-rules.md#catalog, #mrp):
 * the price and MRP of the first cheapest variant, the card's.
 */
function denormalised(form: ProductForm): { pricePaise: number; mrpPaise: number | null; stock: number } {
  if (form.variants.length === 0) {
    return { pricePaise: toPaise(form.price), mrpPaise: mrpPaiseOf(form.mrp), stock: form.stock };
  }
  const pricePaise = Math.min(...form.variants.map((variant) => toPaise(variant.price)));
  const cheapest = form.variants.find((variant) => toPaise(variant.price) === pricePaise)!;
  return {
    pricePaise,
    mrpPaise: mrpPaiseOf(cheapest.mrp),
    stock: form.variants.reduce((sum, variant) => sum + variant.stock, 0),
  };
}

/**
 * The products row of a validated form (the seed uses it too, so the demo follows the same rules). Tax fields
 * the form left out are left out here too: a new product takes the defaults, an edit keeps what is stored.
 */
export function productValues(form: ProductForm) {
  return {
    title: form.title,
    description: form.description,
    category: form.category,
    brand: form.brand,
    lowStockThreshold: form.lowStockThreshold,
    active: form.active,
    priceOnRequest: form.priceOnRequest,
    ...denormalised(form),
    ...taxValues(form),
    // Business prices: a field the form left out keeps what is stored (the column's default for a new product).
    ...(form.minOrderQty === undefined ? {} : { minOrderQty: form.minOrderQty }),
    ...(form.packSize === undefined ? {} : { packSize: form.packSize }),
    ...(form.quantityBreaks === undefined ? {} : { quantityBreaks: form.quantityBreaks }),
    // Service products (docs/shop-rules.md#service-products): not sent keeps what is stored.
    ...(form.kind === undefined ? {} : { kind: form.kind }),
    ...(form.taskKeys === undefined ? {} : { taskKeys: form.taskKeys }),
    ...(form.amcVisitsPerYear === undefined ? {} : { amcVisitsPerYear: form.amcVisitsPerYear }),
  };
}

export function imageRows(productId: string, images: StoredImage[], firstPosition: number) {
  return images.map((image, index) => ({
    productId,
    publicId: image.publicId,
    width: image.width,
    height: image.height,
    renditions: image.renditions,
    position: firstPosition + index,
  }));
}

/**
 * Runs a write whose images are already stored: if the transaction fails, the images' files are
 * removed again; if it succeeds, the catalog cache is invalidated.
 */
async function writeWithImages<T>(ctx: Ctx, stored: StoredImage[], work: (tx: Transaction) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await ctx.db.transaction(work);
  } catch (error) {
    await removeStoredImages(
      ctx.storage,
      stored.map((image) => image.publicId),
    );
    throw error;
  }
  ctx.catalogCache.invalidate();
  return result;
}

function checkImageCount(count: number) {
  if (count > MAX_IMAGES_PER_PRODUCT) {
    throw new BadRequestError(`Too many images: a product has at most ${MAX_IMAGES_PER_PRODUCT} images.`);
  }
}

/**
 * What a form asking for an active product with `pictures` pictures lacks to be on sale (docs/shop-rules.md#on-sale);
 * none for a form that asks for an inactive one.
 */
export function missingForSaleOf(form: ProductForm, pictures: number): SaleRequirement[] {
  if (!form.active) return [];
  return missingForSale({ price: form.price, category: form.category, variants: form.variants, pictures });
}

/** The saved product, with the draft notice when it was asked to be active without what that needs. */
async function savedProduct(ctx: Ctx, id: string, missing: SaleRequirement[]): Promise<ProductSavedDto> {
  const product = await getProduct(ctx, id, { includeInactive: true });
  if (missing.length === 0) return product;
  return { ...product, notice: draftNotice(product.title, missing, product.variants.length > 0) };
}

/**
 * `actor`: the admin, named in the audit trail (docs/shop-rules.md#audit), as on every write below. A form asking
 * for an active product without a price, a category or a picture is stored as a draft (docs/shop-rules.md#on-sale).
 */
export async function createProduct(
  ctx: Ctx,
  form: ProductForm,
  uploads: ImageUpload[],
  actor: AuditActor,
): Promise<ProductSavedDto> {
  checkImageCount(uploads.length);
  const stored = await processImages(ctx.storage, uploads);
  const missing = missingForSaleOf(form, stored.length);
  const id = await writeWithImages(ctx, stored, async (tx) => {
    const values = { ...productValues(form), active: form.active && missing.length === 0 };
    const productId = await insertProduct(tx, values);
    await insertVariants(
      tx,
      form.variants.map((variant, position) => ({
        productId,
        size: variant.size ?? null,
        pricePaise: toPaise(variant.price),
        mrpPaise: mrpPaiseOf(variant.mrp),
        stock: variant.stock,
        position,
      })),
    );
    await insertImages(tx, imageRows(productId, stored, 0));
    await recordProductCreated(tx, actor, productId);
    return productId;
  });
  return savedProduct(ctx, id, missing);
}

/**
 * Matches the form's variants to the product's existing ones (by _id, else by size) so that cart
 * lines pointing at a kept variant survive an edit; unmatched existing variants are removed, unless
 * an open order holds one (409, the caller rolls back): its cancellation must find the variant.
 */
export async function reconcileVariants(tx: Transaction, productId: string, form: ProductForm): Promise<void> {
  const existing = await findVariants(tx, productId);
  const unclaimed = new Map(existing.map((variant) => [variant.id, variant]));
  const plan = form.variants.map((input, position) => {
    let match = input._id ? unclaimed.get(input._id) : undefined;
    if (!match) {
      const size = input.size ?? null;
      match = [...unclaimed.values()].find((variant) => variant.size === size);
    }
    if (match) unclaimed.delete(match.id);
    return { input, position, matchId: match?.id };
  });

  if (unclaimed.size > 0) {
    const held = await findOpenOrderLine(tx, { variantIds: [...unclaimed.keys()] });
    if (held) throw new ConflictError(VARIANT_HAS_OPEN_ORDERS(unclaimed.get(held.variantId!)?.size ?? null));
  }

  const keep = plan.flatMap((step) => (step.matchId ? [step.matchId] : []));
  await deleteVariantsExcept(tx, productId, keep);
  for (const { input, position, matchId } of plan) {
    const values = {
      size: input.size ?? null,
      pricePaise: toPaise(input.price),
      mrpPaise: mrpPaiseOf(input.mrp),
      stock: input.stock,
      position,
    };
    if (matchId) await updateVariant(tx, matchId, values);
    else await insertVariants(tx, [{ productId, ...values }]);
  }
}

/**
 * Optimistic concurrency: a form carries the product's version from when it was opened. Orders and
 * cancellations move stock (and bump the version) while the form is open, so a save based on an
 * older version would write back stale stock figures: it is refused instead, writing nothing.
 * A form without a version (an API caller) is not checked.
 */
function checkVersion(row: { version: number }, form: ProductForm) {
  if (form.version !== undefined && form.version !== row.version) throw new ConflictError(PRODUCT_CHANGED_MESSAGE);
}

export async function updateProduct(
  ctx: Ctx,
  id: string,
  form: ProductForm,
  uploads: ImageUpload[],
  actor: AuditActor,
): Promise<ProductSavedDto> {
  // Cheap refusals before any image work: unknown product, stale form, too many images in total.
  const current = await findProductRow(ctx.db, id, { includeInactive: true });
  if (!current) throw new NotFoundError(PRODUCT_NOT_FOUND);
  checkVersion(current, form);
  checkImageCount((await countImages(ctx.db, id)).count + uploads.length);

  const stored = await processImages(ctx.storage, uploads);
  const missing = await writeWithImages(ctx, stored, async (tx) => {
    // The row lock serialises concurrent edits of one product with each other and with the stock
    // moves of orders (which update this row first), so the version read here is the latest one.
    const row = await findProductRow(tx, id, { includeInactive: true, forUpdate: true });
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    checkVersion(row, form);
    const images = await countImages(tx, id);
    checkImageCount(images.count + stored.length);
    const lacking = missingForSaleOf(form, images.count + stored.length);
    const before = (await productSnapshot(tx, id))!;
    await updateProductRow(tx, id, { ...productValues(form), active: form.active && lacking.length === 0 });
    await reconcileVariants(tx, id, form);
    await insertImages(tx, imageRows(id, stored, images.nextPosition));
    await recordProductEdited(tx, actor, id, before);
    return lacking;
  });
  return savedProduct(ctx, id, missing);
}

/**
 * Removes one picture: an edit like any other (docs/shop-rules.md#audit), so it is recorded with the number of
 * pictures before and after and bumps the version, which the catalog cache, ETags, the edit form and the CSV
 * export's version column all follow. The files go once the removal is committed.
 */
export async function removeProductImage(
  ctx: Ctx,
  productId: string,
  publicId: string,
  actor: AuditActor,
): Promise<ProductDto> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await findProductRow(tx, productId, { includeInactive: true, forUpdate: true });
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const before = (await productSnapshot(tx, productId))!;
    const image = await deleteImage(tx, productId, publicId);
    if (!image) throw new NotFoundError('This image is not on this product.');
    // Without its last picture a product may not stay on sale (docs/shop-rules.md#on-sale): it becomes a draft.
    const lastPicture = row.active && (await countImages(tx, productId)).count === 0;
    await updateProductRow(tx, productId, lastPicture ? { active: false } : {});
    await recordProductEdited(tx, actor, productId, before);
    return image;
  });
  ctx.catalogCache.invalidate();
  await removeStoredImages(ctx.storage, [removed]);
  return getProduct(ctx, productId, { includeInactive: true });
}
