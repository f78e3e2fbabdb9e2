/**
 * Product images as the API shows them (productImageSchema), for the cart's and the orders' lines,
 * mapped by toImageDto so that the storage layout is known in one place only.
 */
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ProductImageDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { productImages } from '../../db/schema';
import type { ImageStorage } from '../../storage/image-storage';
import { jsonArray } from '../../lib/json-text';
import { toImageDto } from './images';

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
  const byProduct = new Map<string, ProductImageDto[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), ...DISPLAY_ORDER);
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(toImageDto(storage, row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** An image as productImagesJson answers it: the columns toImageDto reads. */
export type ProductImageJson = Parameters<typeof toImageDto>[1];

/**
 * The images of the product `productId` names, for a statement that reads them beside other rows (the orders'
 * lines, orders/dto.ts): a json array of ProductImageJson in display order, null when it has none. Map it with
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

/**
 * toImageDto in SQL, for a statement that builds its whole answer as JSON text (the orders' DTO, orders/dto.ts;
 * lib/json-text.ts): the images of the product `productId` names as the API shows them, in display order, `[]` when
 * it has none. Each image's JSON is kept by the database in dto_json (migration 0021) with \u0001 where the
 * storage's URL prefix goes; `prefixInJson` is that prefix (storage.url('')) as it reads inside a JSON string,
 * given by the statement.
 */
export function imageDtosJson(productId: SQL | PgColumn, prefixInJson: SQL): SQL {
  return sql`(
    select ${jsonArray(sql`replace(${productImages.dtoJson}, '\\u0001', ${prefixInJson})`, DISPLAY_ORDER)}
    from ${productImages} where ${productImages.productId} = ${productId}
  )`;
}

export function imagesFromJson(storage: ImageStorage, images: ProductImageJson[] | null): ProductImageDto[] {
  return images ? images.map((image) => toImageDto(storage, image)) : [];
}
