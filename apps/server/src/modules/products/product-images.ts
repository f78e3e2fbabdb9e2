/**
 * Product images as the API shows them (productImageSchema), for the cart's and the orders' lines,
 * mapped by toImageDto so that the storage layout is known in one place only.
 */
import { asc, inArray } from 'drizzle-orm';
import type { ProductImageDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { productImages } from '../../db/schema';
import type { ImageStorage } from '../../storage/image-storage';
import { toImageDto } from './images';

/** Every image of the given products, in display order, keyed by product id. */
export async function loadProductImages(
  db: DbOrTx,
  storage: ImageStorage,
  productIds: readonly string[],
): Promise<Map<string, ProductImageDto[]>> {
  const byProduct = new Map<string, ProductImageDto[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(toImageDto(storage, row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
