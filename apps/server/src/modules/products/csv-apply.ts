/**
 * Applying a judged products CSV import (docs/shop-rules.md#products-csv). Every created or updated product is written
 * with its variants, images and audit record in one transaction, APPLY_BATCH products per transaction; when a batch
 * fails, its products are written again one per transaction, so a failing product is refused whole and never undoes
 * the others.
 */
import { randomUUID } from 'node:crypto';
import { toPaise } from '@pumpkart/shared';
import type { Transaction } from '../../db/client';
import { ConflictError, DomainError, NotFoundError } from '../../lib/errors';
import { recordAudits, type AuditActor } from '../audit';
import { productCreatedEvent, productSnapshot, recordProductEdited, snapshotOf } from './audit-trail';
import { copyStoredImage, removeStoredImages } from './images';
import { findProductRow } from './store/catalog';
import {
  deleteImagesExcept,
  insertImages,
  insertProducts,
  insertVariants,
  setImagePosition,
  updateProductRow,
  type StoredImageRow,
} from './store/products';
import { imageRows, productValues, reconcileVariants } from './edits';
import { chunks } from './csv-import';
import { CHANGED_WHILE_APPLYING, type Ctx, type ProductPlan } from './csv-plan';

/** Products written per transaction. */
const APPLY_BATCH = 100;

/** Why a product could not be written, in words (a conflict's own message; anything else in general terms). */
function failureReason(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  return 'It could not be saved (a database error); nothing of it was written.';
}

/**
 * The images a product ends with: its own are kept, another product's are copied first (a stored image belongs
 * to one product). Answers the public_ids to store, in order, and the copies made (removed if it fails).
 */
async function prepareImages(ctx: Ctx, plan: ProductPlan): Promise<{ publicIds: StoredImageRow[]; copies: string[] }> {
  const publicIds: StoredImageRow[] = [];
  const copies: string[] = [];
  try {
    for (const image of plan.images ?? []) {
      if (plan.productId !== null && image.productId === plan.productId) publicIds.push(image);
      else {
        const copy = await copyStoredImage(ctx.storage, image.publicId);
        copies.push(copy);
        publicIds.push({ ...image, publicId: copy });
      }
    }
  } catch (error) {
    await removeStoredImages(ctx.storage, copies);
    throw error;
  }
  return { publicIds, copies };
}

interface Prepared {
  plan: ProductPlan;
  images: StoredImageRow[];
  copies: string[];
}

/**
 * Creates products in a few statements whatever their number: their rows, their variants, their images and
 * their audit records, each one multi-row insert (ids are made here, so each row finds its product).
 */
async function createAll(tx: Transaction, actor: AuditActor, batch: Prepared[]): Promise<void> {
  if (batch.length === 0) return;
  const ids = batch.map(() => randomUUID());
  const rows = await insertProducts(
    tx,
    batch.map(({ plan }, index) => ({ id: ids[index], ...productValues(plan.form!) })),
  );
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const variants = batch.flatMap(({ plan }, index) =>
    plan.form!.variants.map((variant, position) => ({
      productId: ids[index]!,
      size: variant.size ?? null,
      pricePaise: toPaise(variant.price),
      mrpPaise: variant.mrp === null ? null : toPaise(variant.mrp),
      stock: variant.stock,
      position,
    })),
  );
  await insertVariants(tx, variants);
  const images = batch.flatMap(({ images }, index) => imageRows(ids[index]!, images.map(storedImageOf), 0));
  await insertImages(tx, images);
  await recordAudits(
    tx,
    actor,
    batch.map(({ images }, index) => {
      const id = ids[index]!;
      const own = variants.filter((variant) => variant.productId === id);
      return productCreatedEvent(id, snapshotOf(rowOf.get(id)!, own, images.length));
    }),
  );
  batch.forEach(({ plan }, index) => (plan.productId = ids[index]!));
}

const storedImageOf = (image: StoredImageRow) => ({
  publicId: image.publicId,
  width: image.width ?? 0,
  height: image.height ?? 0,
  renditions: image.renditions,
});

/** An update as the admin's edit makes it (version bumped, variants reconciled); answers the images it dropped. */
async function updateOne(tx: Transaction, actor: AuditActor, { plan, images }: Prepared): Promise<string[]> {
  const id = plan.productId!;
  const form = plan.form!;
  const locked = await findProductRow(tx, id, { includeInactive: true, forUpdate: true });
  if (!locked) throw new NotFoundError('The product was deleted meanwhile.');
  if (locked.version !== plan.expectedVersion) throw new ConflictError(CHANGED_WHILE_APPLYING);
  const before = (await productSnapshot(tx, id))!;
  await updateProductRow(tx, id, productValues(form));
  await reconcileVariants(tx, id, form);
  let dropped: string[] = [];
  if (plan.images) {
    const kept = images.filter((image) => image.productId === id).map((image) => image.publicId);
    dropped = await deleteImagesExcept(tx, id, kept);
    for (const [position, image] of images.entries()) {
      if (image.productId === id) {
        await setImagePosition(tx, image.publicId, position);
      } else await insertImages(tx, imageRows(id, [storedImageOf(image)], position));
    }
  }
  await recordProductEdited(tx, actor, id, before);
  return dropped;
}

/** Writes products inside `tx` (the new ones together); answers the image files to remove once committed. */
async function writeAll(tx: Transaction, actor: AuditActor, batch: Prepared[]): Promise<string[]> {
  await createAll(
    tx,
    actor,
    batch.filter(({ plan }) => plan.action === 'create'),
  );
  const dropped: string[] = [];
  for (const prepared of batch) {
    if (prepared.plan.action === 'update') dropped.push(...(await updateOne(tx, actor, prepared)));
  }
  return dropped;
}

/**
 * Writes a batch: all in one transaction; if that fails, each product in its own, the failing ones refused.
 * Answers the image files to remove (dropped by updates, copies made for refused products).
 */
async function writeBatch(ctx: Ctx, actor: AuditActor, batch: Prepared[]): Promise<string[]> {
  try {
    return await ctx.db.transaction((tx) => writeAll(tx, actor, batch));
  } catch {
    // Rolled back: the products it created are not there any more.
    for (const { plan } of batch) if (plan.action === 'create') plan.productId = null;
  }
  const toRemove: string[] = [];
  for (const prepared of batch) {
    try {
      toRemove.push(...(await ctx.db.transaction((tx) => writeAll(tx, actor, [prepared]))));
    } catch (error) {
      const { plan } = prepared;
      if (plan.action === 'create') plan.productId = null;
      plan.action = 'refused';
      plan.reasons = [failureReason(error)];
      toRemove.push(...prepared.copies);
    }
  }
  return toRemove;
}

/**
 * Applies judged plans in file order, APPLY_BATCH products at a time, calling `progress` with the rows dealt
 * with after each batch. Plans that fail to write become refused, with the reason.
 */
export async function applyImport(
  ctx: Ctx,
  plans: ProductPlan[],
  actor: AuditActor,
  progress: (doneRows: number) => void,
): Promise<void> {
  let done = 0;
  for (const batchPlans of chunks(plans, APPLY_BATCH)) {
    const batch: Prepared[] = [];
    for (const plan of batchPlans) {
      if (plan.action !== 'create' && plan.action !== 'update') continue;
      try {
        const { publicIds, copies } = await prepareImages(ctx, plan);
        batch.push({ plan, images: publicIds, copies });
      } catch {
        plan.action = 'refused';
        plan.reasons = ['Its images could not be copied: upload them again with the product form.'];
      }
    }
    if (batch.length) {
      const toRemove = await writeBatch(ctx, actor, batch);
      ctx.catalogCache.invalidate();
      await removeStoredImages(ctx.storage, toRemove);
    }
    done += batchPlans.reduce((sum, plan) => sum + plan.lines.length, 0);
    progress(done);
  }
}
