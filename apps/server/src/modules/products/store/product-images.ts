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
import { inJsonString, jsonArray, jsonObject, jsonValue } from '../../../lib/json-text';
import { PRIMARY_WIDTH, toImageDto } from '../images';

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

/**
 * The JSON text of the images of the product `productId` names as toImageDto (images.ts) writes them, in display
 * order, `[]` for none: for the admin's order list only (orders/store/order-json.ts; decision 0011),
 * whose page the database writes as text (lib/json-text.ts). It must stay toImageDto's JSON byte for byte
 * (orders/list-json.test.ts): sizes by width ascending, each at renditionKey's `<publicId>/<width>.webp`; `url` the
 * size at PRIMARY_WIDTH, else the largest below it, else the smallest, `""` without any. `prefixInJson` is
 * storage.url('') as it reads inside a JSON string (inJsonString).
 */
export function imageDtosJson(productId: SQL | PgColumn, prefixInJson: SQL): SQL {
  const urlOf = (width: SQL) =>
    sql`concat('"', ${prefixInJson}, ${inJsonString(productImages.publicId)}, '/', ${width}, '.webp"')`;
  const primary = sql.raw('image_widths.primary_width');
  // One pass over an image's renditions (a jsonb array of integers) finds both its primary width and its sizes.
  const imageWidths = sql`lateral (
    select coalesce(max(w) filter (where w <= ${sql.raw(String(PRIMARY_WIDTH))}), min(w)) as primary_width,
      ${jsonArray(jsonObject({ width: sql`w::text`, url: urlOf(sql`w`) }), [sql`w`])} as sizes
    from (select e.w::int as w from jsonb_array_elements_text(${productImages.renditions}) as e(w)) as widths
  ) as image_widths`;
  const image = jsonObject({
    url: sql`case when ${primary} is null then '""' else ${urlOf(primary)} end`,
    public_id: jsonValue(productImages.publicId),
    width: jsonValue(productImages.width),
    height: jsonValue(productImages.height),
    sizes: sql.raw('image_widths.sizes'),
  });
  return sql`(
    select ${jsonArray(image, DISPLAY_ORDER)}
    from ${productImages} cross join ${imageWidths}
    where ${productImages.productId} = ${productId}
  )`;
}
