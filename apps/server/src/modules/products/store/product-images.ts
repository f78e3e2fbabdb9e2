/**
 * Product images as the API shows them (productImageSchema), for the catalog's, the cart's and the orders' lines,
 * read as rows (loadProductImages) or as json beside other rows (productImagesJson), and mapped by toImageDto
 * (images.ts) alone, so that the storage layout and the primary width are known in one place only.
 */
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ProductImageDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { productImages } from '../../../db/schema';
import type { ImageStorage } from '../../../storage/image-storage';
import { toImageDto } from '../images';

/**
 * A product's images in display order: by position, then as uploaded, then by id (images inserted by one statement
 * share their time), so that every read of them agrees.
 */
const DISPLAY_ORDER = [asc(productImages.position), asc(productImages.createdAt), asc(productImages.id)];

/** Every image of the given products, in display order, keyed by product id. */
export async function loadProductImages(
  db: DbOrTx,
  storage: ImageStorage,
  productIds: readonly string[],
): Promise<Map<string, ProductImageDto[]>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), ...DISPLAY_ORDER);
  return imagesByProduct(storage, rows);
}

/** An image as productImagesJson answers it: the columns toImageDto reads. */
export type ProductImageJson = Parameters<typeof toImageDto>[1];

/**
 * The images of the product `productId` names, for a statement that reads them beside other rows (the orders'
 * lines, orders/store/order-dto.ts): a json array of ProductImageJson in display order, null when it has none. Map it with
 * imagesFromJson.
 */
export function productImagesJson(productId: SQL | PgColumn): SQL {
  return sql`(
    select json_agg(json_build_object(
        'publicId', ${productImages.publicId}, 'width', ${productImages.width}, 'height', ${productImages.height},
        'renditions', ${productImages.renditions}
      ) order by ${sql.join(DISPLAY_ORDER, sql`, `)})
    from ${productImages} where ${productImages.productId} = ${productId}
  )`;
}

/** The images productImagesJson read, as the API shows them (toImageDto); none for null. */
export function imagesFromJson(storage: ImageStorage, images: ProductImageJson[] | null): ProductImageDto[] {
  return images ? images.map((image) => toImageDto(storage, image)) : [];
}

/** An image with its product's id, as imagesOfProductsJson answers it. */
export type ProductImageOfJson = ProductImageJson & { productId: string };

/**
 * The images of the products whose ids the subquery `productIds` selects, for a statement that reads them beside
 * other rows (the admin's order page, orders/store/order-json.ts): a json array of ProductImageOfJson, each product's
 * in display order, null when there are none. Map it with imagesByProduct.
 */
export function imagesOfProductsJson(productIds: SQL): SQL {
  return sql`(
    select json_agg(json_build_object(
        'productId', ${productImages.productId}, 'publicId', ${productImages.publicId},
        'width', ${productImages.width}, 'height', ${productImages.height}, 'renditions', ${productImages.renditions}
      ) order by ${sql.join([asc(productImages.productId), ...DISPLAY_ORDER], sql`, `)})
    from ${productImages} where ${productImages.productId} in (${productIds})
  )`;
}

/** Images in display order, as the API shows them (toImageDto), keyed by product id. */
export function imagesByProduct(
  storage: ImageStorage,
  images: readonly ProductImageOfJson[] | null,
): Map<string, ProductImageDto[]> {
  const byProduct = new Map<string, ProductImageDto[]>();
  for (const image of images ?? []) {
    const list = byProduct.get(image.productId) ?? [];
    list.push(toImageDto(storage, image));
    byProduct.set(image.productId, list);
  }
  return byProduct;
}
