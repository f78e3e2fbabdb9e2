/**
 * The catalog's writes (docs/shop-rules.md#catalog): products, their variants and images, each inside the caller's
 * transaction, and the few reads the admin's edits, the CSV import and the audit trail make around them. Every
 * update of a product row bumps its version, which edit forms, the catalog cache and ETags follow.
 */
import { and, asc, count, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders, productImages, products, productVariants } from '../../../db/schema';
import type { ImageStorage } from '../../../storage/image-storage';
import { productColumns, type ProductRow } from './catalog';
import { loadProducts } from './product-dto';

export type VariantRow = typeof productVariants.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type NewVariantRow = typeof productVariants.$inferInsert;
export type NewImageRow = typeof productImages.$inferInsert;
/** A stored image's row as the CSV import reuses it. */
export type StoredImageRow = Pick<
  typeof productImages.$inferSelect,
  'productId' | 'publicId' | 'width' | 'height' | 'renditions'
>;

const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter((status) => status !== 'delivered' && status !== 'cancelled');

/** A line of an open order (pending, processing, shipped) holding one of the variants, or the product. */
export async function findOpenOrderLine(
  tx: DbOrTx,
  target: { variantIds: string[] } | { productId: string },
): Promise<{ variantId: string | null } | undefined> {
  const [line] = await tx
    .select({ variantId: orderItems.variantId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        'productId' in target
          ? eq(orderItems.productId, target.productId)
          : inArray(orderItems.variantId, target.variantIds),
        inArray(orders.status, OPEN_ORDER_STATUSES),
      ),
    )
    .limit(1);
  return line;
}

/** The product's DTO with its tax data; an inactive one only when asked. */
export async function loadProductById(db: DbOrTx, storage: ImageStorage, id: string, includeInactive: boolean) {
  const which = includeInactive ? eq(products.id, id) : and(eq(products.id, id), eq(products.active, true))!;
  const [dto] = await loadProducts(db, storage, which, [], { taxData: true, byKey: true });
  return dto;
}

/** Inserts the products; answers their rows. */
export function insertProducts(tx: DbOrTx, values: NewProductRow[]): Promise<ProductRow[]> {
  return tx.insert(products).values(values).returning(productColumns);
}

/** Inserts one product; answers its id. */
export async function insertProduct(tx: DbOrTx, values: NewProductRow): Promise<string> {
  const [product] = await tx.insert(products).values(values).returning({ id: products.id });
  return product!.id;
}

/** Writes the product's columns, bumps its version and its time of update. */
export async function updateProductRow(tx: DbOrTx, id: string, values: Partial<NewProductRow>): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(eq(products.id, id));
}

/** Deletes the product (its variants and images go with it); false when there was none. */
export async function deleteProductRow(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return row !== undefined;
}

/** The product's variants in display order. */
export function findVariants(tx: DbOrTx, productId: string): Promise<VariantRow[]> {
  return tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
}

export async function insertVariants(tx: DbOrTx, rows: NewVariantRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(productVariants).values(rows);
}

export async function updateVariant(tx: DbOrTx, id: string, values: Partial<NewVariantRow>): Promise<void> {
  await tx.update(productVariants).set(values).where(eq(productVariants.id, id));
}

/** Deletes the product's variants but the ones kept. */
export async function deleteVariantsExcept(tx: DbOrTx, productId: string, keep: string[]): Promise<void> {
  await tx
    .delete(productVariants)
    .where(
      keep.length
        ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, keep))
        : eq(productVariants.productId, productId),
    );
}

/** How many images the product has, and the position the next one takes. */
export async function countImages(tx: DbOrTx, productId: string): Promise<{ count: number; nextPosition: number }> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number), last: max(productImages.position) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return { count: row?.count ?? 0, nextPosition: row?.last === null || row?.last === undefined ? 0 : row.last + 1 };
}

export async function insertImages(tx: DbOrTx, rows: NewImageRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(productImages).values(rows);
}

/** Deletes one image of the product; answers its public id, or undefined when the product has no such image. */
export async function deleteImage(tx: DbOrTx, productId: string, publicId: string): Promise<string | undefined> {
  const [image] = await tx
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.publicId, publicId)))
    .returning({ publicId: productImages.publicId });
  return image?.publicId;
}

/** Deletes the product's images but the ones kept; answers the public ids of those deleted. */
export async function deleteImagesExcept(tx: DbOrTx, productId: string, kept: string[]): Promise<string[]> {
  const removed = await tx
    .delete(productImages)
    .where(
      kept.length
        ? and(eq(productImages.productId, productId), notInArray(productImages.publicId, kept))
        : eq(productImages.productId, productId),
    )
    .returning({ publicId: productImages.publicId });
  return removed.map((image) => image.publicId);
}

export async function setImagePosition(tx: DbOrTx, publicId: string, position: number): Promise<void> {
  await tx.update(productImages).set({ position }).where(eq(productImages.publicId, publicId));
}

/** The public ids of the product's images. */
export async function findImageIds(tx: DbOrTx, productId: string): Promise<string[]> {
  const images = await tx
    .select({ publicId: productImages.publicId })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return images.map((image) => image.publicId);
}

/** The audited figures of the product's variants, in display order, and its number of images. */
export async function findAuditedParts(tx: DbOrTx, productId: string) {
  const variants = await tx
    .select({
      size: productVariants.size,
      pricePaise: productVariants.pricePaise,
      mrpPaise: productVariants.mrpPaise,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
  const [images] = await tx
    .select({ count: count() })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return { variants, imageCount: images?.count ?? 0 };
}

// ---- the CSV import's reads ------------------------------------------------------------------

/** Every category any product has (inactive ones too). */
export async function findAllCategories(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ category: products.category }).from(products);
  return rows.map((row) => row.category);
}

/** The products of these ids, their variants (in display order) and their images' public ids (in order). */
export async function findProductsWithParts(db: DbOrTx, ids: string[]) {
  const [rows, variants, images] = await Promise.all([
    db.select(productColumns).from(products).where(inArray(products.id, ids)),
    db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select({ productId: productImages.productId, publicId: productImages.publicId })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id)),
  ]);
  return { rows, variants, images };
}

/** The stored images of these public ids. */
export function findStoredImages(db: DbOrTx, publicIds: string[]): Promise<StoredImageRow[]> {
  return db
    .select({
      productId: productImages.productId,
      publicId: productImages.publicId,
      width: productImages.width,
      height: productImages.height,
      renditions: productImages.renditions,
    })
    .from(productImages)
    .where(inArray(productImages.publicId, publicIds));
}

/** The fields a product's kind is checked against (kind-check.ts): its kind, tax code and compliance category. */
export async function findKindFields(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ kind: products.kind, hsnCode: products.hsnCode, complianceCategory: products.complianceCategory })
    .from(products)
    .where(eq(products.id, id));
  return row;
}
