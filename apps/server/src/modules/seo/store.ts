/**
 * The reads behind the pages for search engines (docs/shop-rules.md#seo), each one indexed read: a product
 * page's product with its images (the primary key, and images_product_idx inside), a category page's newest
 * products (products_category_idx), and the sitemap's rows a batch at a time in id order (the primary key), so a
 * sitemap page costs its own size however large the catalog is.
 */
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productImages, products } from '../../db/schema';
import { distinctActiveValues, NEWEST_FIRST } from '../products';

export interface PageImage {
  publicId: string;
  /** Of the primary rendition. */
  width: number | null;
  height: number | null;
  renditions: number[];
}

export interface PageProduct {
  id: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  pricePaise: number;
  stock: number;
  /** In display order. */
  images: PageImage[];
}

/**
 * Every image of the product, in display order, as one JSON array (empty when it has none). The columns are
 * named with their tables: inside a select from one table Drizzle writes bare column names, which the subquery
 * would read as its own.
 */
const imagesOfProduct = sql<PageImage[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
      'publicId', image.public_id, 'width', image.width, 'height', image.height, 'renditions', image.renditions)
    order by image.position, image.created_at, image.id), '[]'::jsonb)
  from ${productImages} image where image.product_id = ${products}.id)`;

/** An active product with its images, or undefined (unknown or inactive). `id` must be a uuid. */
export async function findPageProduct(db: DbOrTx, id: string): Promise<PageProduct | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      description: products.description,
      brand: products.brand,
      category: products.category,
      pricePaise: products.pricePaise,
      stock: products.stock,
      images: imagesOfProduct,
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)))
    .limit(1);
  return row;
}

/** The first image of the product, or null when it has none. */
const firstImageOfProduct = sql<PageImage | null>`(
  select jsonb_build_object(
      'publicId', image.public_id, 'width', image.width, 'height', image.height, 'renditions', image.renditions)
  from ${productImages} image where image.product_id = ${products}.id
  order by image.position, image.created_at, image.id limit 1)`;

/**
 * The newest `limit` active products of a category (empty: no such category in the storefront), each with its
 * first image (the picture of its card).
 */
export function findCategoryProducts(db: DbOrTx, category: string, limit: number) {
  return db
    .select({ id: products.id, title: products.title, image: firstImageOfProduct })
    .from(products)
    .where(and(eq(products.active, true), eq(products.category, category)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

export interface SitemapProduct {
  id: string;
  updatedAt: Date;
}

/** How many products the storefront shows. */
export async function countActiveProducts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(eq(products.active, true));
  return Number(row?.total ?? 0);
}

/** The categories the storefront shows, sorted. */
export const activeCategories = (db: DbOrTx) => distinctActiveValues(db, 'category');

/**
 * Where a list of active products in id order that skips the first `skip` starts: after the id returned
 * (undefined: from the first), or null when there is no product past `skip`. skip = 0 is always the start.
 */
export async function activeProductsStart(db: DbOrTx, skip: number): Promise<string | null | undefined> {
  if (skip === 0) return undefined;
  // The last product skipped and the first one kept: the list starts only when both exist.
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id))
    .offset(skip - 1)
    .limit(2);
  return rows.length === 2 ? rows[0]!.id : null;
}

/** At most `limit` active products after `after` in id order (from the first when undefined). */
export function activeProductsAfter(db: DbOrTx, after: string | undefined, limit: number): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(after === undefined ? eq(products.active, true) : and(eq(products.active, true), gt(products.id, after)))
    .orderBy(asc(products.id))
    .limit(limit);
}
