/**
 * Switching a product on or off and deleting it (docs/shop-rules.md#catalog, #on-sale): each in one transaction,
 * recorded in the audit trail, the catalog cache invalidated after it.
 */
import { missingForSale, notReadyForSale, toRupees, type ProductDto } from '@pumpkart/shared';
import type { Transaction } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit';
import { recordProductActive, recordProductDeleted } from './audit-trail';
import { PRODUCT_HAS_OPEN_ORDERS, type Ctx } from './edits';
import { removeStoredImages } from './images';
import { findProductRow } from './store/catalog';
import {
  countImages,
  deleteProductRow,
  findImageIds,
  findOpenOrderLine,
  findVariants,
  updateProductRow,
} from './store/products';
import { getProduct, PRODUCT_NOT_FOUND } from './service';

/** The admin card's Active/Inactive toggle. */
export async function setProductActive(ctx: Ctx, id: string, active: boolean, actor: AuditActor): Promise<ProductDto> {
  await setActiveRecorded(ctx, id, active, actor);
  return getProduct(ctx, id, { includeInactive: true });
}

/** Refuses (409) to switch on a product that lacks what a product on sale needs (docs/shop-rules.md#on-sale). */
async function checkReadyForSale(
  tx: Transaction,
  row: { id: string; title: string; pricePaise: number; category: string },
): Promise<void> {
  const variants = await findVariants(tx, row.id);
  const missing = missingForSale({
    price: toRupees(row.pricePaise),
    category: row.category,
    variants: variants.map((variant) => ({ price: toRupees(variant.pricePaise) })),
    pictures: (await countImages(tx, row.id)).count,
  });
  if (missing.length) throw new ConflictError(notReadyForSale(row.title, missing, variants.length > 0));
}

/** Sets the active flag, recording the change (none when it already was so); 404 for an unknown product. */
async function setActiveRecorded(ctx: Ctx, id: string, active: boolean, actor: AuditActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findProductRow(tx, id, { includeInactive: true, forUpdate: true });
    if (!current) throw new NotFoundError(PRODUCT_NOT_FOUND);
    if (active) await checkReadyForSale(tx, current);
    await updateProductRow(tx, id, { active });
    if (current.active !== active) await recordProductActive(tx, actor, id, current.title, active);
  });
  ctx.catalogCache.invalidate();
}

/** Soft delete (docs/shop-rules.md#catalog): the product stays, inactive, for past orders and the admin. */
export async function softDeleteProduct(
  ctx: Ctx,
  id: string,
  actor: AuditActor,
): Promise<{ message: string; _id: string }> {
  await setActiveRecorded(ctx, id, false, actor);
  return { message: 'Product deactivated.', _id: id };
}

/**
 * Permanent delete: the product, its variants and images (rows and files). Order lines keep their
 * copied title and price (order_items.product_id becomes null); cart lines and favorites go.
 * Refused (409) while an open order holds the product: its cancellation must find the stock rows.
 */
export async function destroyProduct(
  ctx: Ctx,
  id: string,
  actor: AuditActor,
): Promise<{ message: string; _id: string }> {
  const publicIds = await ctx.db.transaction(async (tx) => {
    // Locked first, so an order being placed for it (its lines reference this row) is either
    // committed and seen by the check below, or waits and then fails to reference it.
    const current = await findProductRow(tx, id, { includeInactive: true, forUpdate: true });
    if (!current) throw new NotFoundError(PRODUCT_NOT_FOUND);
    if (await findOpenOrderLine(tx, { productId: id })) throw new ConflictError(PRODUCT_HAS_OPEN_ORDERS);
    const images = await findImageIds(tx, id);
    if (!(await deleteProductRow(tx, id))) throw new NotFoundError(PRODUCT_NOT_FOUND);
    await recordProductDeleted(tx, actor, id, current.title);
    return images;
  });
  ctx.catalogCache.invalidate();
  await removeStoredImages(ctx.storage, publicIds);
  return { message: 'Product deleted permanently.', _id: id };
}
