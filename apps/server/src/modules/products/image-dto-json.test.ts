/**
 * Images as the database keeps their DTO's JSON (product_images.dto_json, migration 0021) for statements that build
 * their whole answer as JSON text (the orders' DTO): with the storage's URL prefix put in (imageDtosJson), each
 * image must read as JSON.stringify writes toImageDto's DTO of the same row, byte for byte, whatever its renditions
 * (none, unsorted, all above or below the primary width) and whatever characters the prefix holds; and the JSON
 * follows a change of the row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inJsonString } from '../../lib/json-text';
import { rowsOf } from '../../lib/raw-rows';
import { productImages } from '../../db/schema';
import type { ImageStorage } from '../../storage/image-storage';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestProduct } from '../../test/factories';
import { toImageDto } from './images';
import { imageDtosJson } from './product-images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A storage whose URL prefix needs escaping inside a JSON string. */
const prefix = 'https://cdn.example.com/a"b\\c/é/';
const storage = { url: (key: string) => `${prefix}${key}` } as unknown as ImageStorage;

/** The product's images as imageDtosJson reads them (JSON text), for the given storage prefix. */
async function imagesJson(productId: string, storagePrefix = prefix): Promise<string> {
  const [row] = rowsOf<{ images: string }>(
    await t.db.execute(
      sql`select ${imageDtosJson(sql`${productId}::uuid`, inJsonString(sql`${storagePrefix}`))} as "images"`,
    ),
  );
  return row!.images;
}

const RENDITIONS: number[][] = [[], [1024], [320], [1024, 320, 640], [480, 320], [1024, 800], [640, 640, 320]];

describe('product_images.dto_json', () => {
  it("reads as toImageDto's JSON for every kind of renditions, in display order", async () => {
    const { product } = await createTestProduct(t.db);
    const rows = await t.db
      .insert(productImages)
      .values(
        RENDITIONS.map((renditions, index) => ({
          productId: product.id,
          publicId: `products/${product.id}-${index}`,
          width: index === 0 ? null : 640,
          height: index === 0 ? null : 480,
          renditions,
          position: RENDITIONS.length - index,
        })),
      )
      .returning();
    const inDisplayOrder = [...rows].sort((a, b) => a.position - b.position);
    const expected = `[${inDisplayOrder.map((row) => JSON.stringify(toImageDto(storage, row))).join(',')}]`;
    expect(await imagesJson(product.id)).toBe(expected);
    // The same DTOs, parsed: nothing is lost in the escaping.
    expect(JSON.parse(await imagesJson(product.id))).toEqual(inDisplayOrder.map((row) => toImageDto(storage, row)));
  });

  it('is [] for a product without images, and follows a change of the row', async () => {
    const { product } = await createTestProduct(t.db);
    expect(await imagesJson(product.id)).toBe('[]');
    const [row] = await t.db
      .insert(productImages)
      .values({ productId: product.id, publicId: `products/${product.id}`, width: 640, height: 480, renditions: [320] })
      .returning();
    const [changed] = await t.db
      .update(productImages)
      .set({ renditions: [1024, 480], width: 1024, height: 768 })
      .where(eq(productImages.id, row!.id))
      .returning();
    expect(await imagesJson(product.id, '/uploads/')).toBe(
      `[${JSON.stringify(toImageDto({ url: (key: string) => `/uploads/${key}` } as ImageStorage, changed!))}]`,
    );
  });
});
