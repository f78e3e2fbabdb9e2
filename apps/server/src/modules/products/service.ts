/**
 * Products (docs/shop-rules.md#catalog, #images): catalog reads and the admin's
 * writes. With variants, a product's price is its cheapest variant's price and its stock the sum of
 * the variants' stock. Every write runs in one transaction, processes images before it (removing
 * them again if it fails), and invalidates the catalog cache after it.
 */
import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import {
  draftNotice,
  MAX_IMAGES_PER_PRODUCT,
  missingForSale,
  notReadyForSale,
  ORDER_STATUSES,
  PRODUCT_CHANGED_MESSAGE,
  SUGGESTED_CATEGORIES_LIMIT,
  SUGGESTED_PRODUCTS_LIMIT,
  toPaise,
  toRupees,
  type AdminProductListQuery,
  type HomeView,
  type LowStockItem,
  type ProductDto,
  type ProductForm,
  type ProductListQuery,
  type ProductSavedDto,
  type SaleRequirement,
  type Suggestions,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { orderItems, orders, productImages, products, productVariants } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit';
import {
  productSnapshot,
  recordProductActive,
  recordProductCreated,
  recordProductDeleted,
  recordProductEdited,
} from './audit-trail';
import { processImages, removeStoredImages, type ImageUpload, type StoredImage } from './images';
import { adminListOrder, adminListWhere, findLowStock } from './admin-queries';
import { loadProducts } from './product-dto';
import { correctSearch } from './search-correction';
import { taxValues } from './tax-data';
import {
  distinctActiveValues,
  findHomeView,
  findProductPage,
  findProductRow,
  findSuggestedProducts,
  vocabularyFacts,
  type CatalogFilter,
  type ProductPage,
} from './queries';

export const PRODUCT_NOT_FOUND = 'Product not found.';
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
const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter((status) => status !== 'delivered' && status !== 'cancelled');

/** A line of an open order on one of these variants (or, with `productId`, on the product), if any. */
async function lineOfOpenOrder(
  tx: Transaction,
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

type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogCache'>;

function filterOf(
  query: Pick<
    ProductListQuery,
    'search' | 'category' | 'brand' | 'priceRange' | 'minPrice' | 'maxPrice' | 'availability' | 'ids'
  >,
) {
  const filter: CatalogFilter = {
    search: query.search || undefined,
    category: query.category,
    brand: query.brand,
    priceRange: query.priceRange,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    availability: query.availability,
    ids: query.ids,
  };
  return filter;
}

// ---- reads ----------------------------------------------------------------------------------

/**
 * One page of the catalog. A search that finds nothing as typed is answered for its corrected words, when it has
 * some and `exact` is not asked (docs/shop-rules.md#search): `correctedSearch` then says which.
 */
export async function listProducts(
  ctx: Ctx,
  query: ProductListQuery,
): Promise<ProductPage & { correctedSearch?: string }> {
  // The search's read knows its correction when it finds nothing (findProductPage, queries.ts).
  const { correction: correctedSearch, ...page } = await findProductPage(ctx.db, ctx.storage, filterOf(query), {
    ...query,
    correct: !query.exact,
  });
  if (!correctedSearch) return page;
  const { correction: _none, ...corrected } = await findProductPage(
    ctx.db,
    ctx.storage,
    filterOf({ ...query, search: correctedSearch }),
    query,
  );
  return { ...corrected, correctedSearch };
}

/**
 * What the navbar suggests for a typed term (docs/shop-rules.md#search): the products a search would list first
 * (for the corrected words when the typed ones find none) and the categories whose name contains the term, from
 * the cached category list.
 */
export async function suggest(ctx: Ctx, search: string, category?: string): Promise<Suggestions> {
  const categoryList = await ctx.catalogCache.getOrLoad('categories', async () => ({
    payload: await listCategories(ctx),
  }));
  const term = search.toLowerCase();
  const categories = (JSON.parse(categoryList.body.toString()) as string[])
    .filter((category) => category.toLowerCase().includes(term))
    .slice(0, SUGGESTED_CATEGORIES_LIMIT);
  // On a category page, its products only: the suggestions are what Enter would list there.
  const found = await findSuggestedProducts(ctx.db, ctx.storage, search, SUGGESTED_PRODUCTS_LIMIT, category);
  if (found.length > 0) return { products: found, categories, correctedSearch: null };
  const correctedSearch = await correctSearch(ctx.db, search);
  if (!correctedSearch) return { products: [], categories, correctedSearch: null };
  const products = await findSuggestedProducts(
    ctx.db,
    ctx.storage,
    correctedSearch,
    SUGGESTED_PRODUCTS_LIMIT,
    category,
  );
  return { products, categories, correctedSearch };
}

export function homeView(ctx: Ctx, query: ProductListQuery): Promise<HomeView> {
  return findHomeView(ctx.db, ctx.storage, filterOf(query));
}

/**
 * One page of the admin list (docs/shop-rules.md#admin): every product, inactive too, filtered and sorted,
 * with each product's tax data (docs/shop-rules.md#tax-data), read in the page's one statement (product-dto.ts).
 */
export async function listAllProducts(ctx: Ctx, query: AdminProductListQuery): Promise<ProductPage> {
  // A search that nothing else narrows but to active products matches at least every active product with a title
  // word containing the term: the title vocabulary's count, often past the cap (docs/decisions/0014-search-at-scale.md).
  const searchOnly = query.search && !query.category && !query.brand && !query.stock && (query.active ?? true) === true;
  const atLeast = searchOnly ? (await vocabularyFacts(ctx.db, { search: query.search })).atLeast : 0;
  return findProductPage(
    ctx.db,
    ctx.storage,
    {},
    {
      page: query.page,
      limit: query.limit,
      where: adminListWhere(query),
      order: adminListOrder(query.sort),
      capped: true,
      atLeast,
      taxData: true,
    },
  );
}

/** The dashboard's low-stock list (docs/shop-rules.md#admin), worst first. */
export async function listLowStock(ctx: Ctx, limit: number): Promise<{ data: LowStockItem[] }> {
  return { data: await findLowStock(ctx.db, limit) };
}

export const listCategories = (ctx: Ctx) => distinctActiveValues(ctx.db, 'category');
export const listBrands = (ctx: Ctx) => distinctActiveValues(ctx.db, 'brand');

/** A product as the storefront links to it (active ones only), with its tax data (docs/shop-rules.md#tax-data). */
export async function getProduct(ctx: Ctx, id: string, options: { includeInactive?: boolean } = {}) {
  // One statement: the product with its sizes, images and tax data (product-dto.ts), as a page's products are read.
  const which = options.includeInactive ? eq(products.id, id) : and(eq(products.id, id), eq(products.active, true))!;
  const [dto] = await loadProducts(ctx.db, ctx.storage, which, [], { taxData: true, byKey: true });
  if (!dto) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return dto;
}

// ---- writes ---------------------------------------------------------------------------------

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
    ...denormalised(form),
    ...taxValues(form),
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
    const [product] = await tx.insert(products).values(values).returning({ id: products.id });
    const productId = product!.id;
    if (form.variants.length > 0) {
      await tx.insert(productVariants).values(
        form.variants.map((variant, position) => ({
          productId,
          size: variant.size ?? null,
          pricePaise: toPaise(variant.price),
          mrpPaise: mrpPaiseOf(variant.mrp),
          stock: variant.stock,
          position,
        })),
      );
    }
    if (stored.length > 0) await tx.insert(productImages).values(imageRows(productId, stored, 0));
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
  const existing = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
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
    const held = await lineOfOpenOrder(tx, { variantIds: [...unclaimed.keys()] });
    if (held) throw new ConflictError(VARIANT_HAS_OPEN_ORDERS(unclaimed.get(held.variantId!)?.size ?? null));
  }

  const keep = plan.flatMap((step) => (step.matchId ? [step.matchId] : []));
  await tx
    .delete(productVariants)
    .where(
      keep.length
        ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, keep))
        : eq(productVariants.productId, productId),
    );
  for (const { input, position, matchId } of plan) {
    const values = {
      size: input.size ?? null,
      pricePaise: toPaise(input.price),
      mrpPaise: mrpPaiseOf(input.mrp),
      stock: input.stock,
      position,
    };
    if (matchId) await tx.update(productVariants).set(values).where(eq(productVariants.id, matchId));
    else await tx.insert(productVariants).values({ productId, ...values });
  }
}

async function imageCount(tx: Transaction | Ctx['db'], productId: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number), last: max(productImages.position) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return { count: row?.count ?? 0, nextPosition: row?.last === null || row?.last === undefined ? 0 : row.last + 1 };
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
  checkImageCount((await imageCount(ctx.db, id)).count + uploads.length);

  const stored = await processImages(ctx.storage, uploads);
  const missing = await writeWithImages(ctx, stored, async (tx) => {
    // The row lock serialises concurrent edits of one product with each other and with the stock
    // moves of orders (which update this row first), so the version read here is the latest one.
    const row = await findProductRow(tx, id, { includeInactive: true, forUpdate: true });
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    checkVersion(row, form);
    const images = await imageCount(tx, id);
    checkImageCount(images.count + stored.length);
    const lacking = missingForSaleOf(form, images.count + stored.length);
    const before = (await productSnapshot(tx, id))!;
    await tx
      .update(products)
      .set({
        ...productValues(form),
        active: form.active && lacking.length === 0,
        version: sql`${products.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    await reconcileVariants(tx, id, form);
    if (stored.length > 0) await tx.insert(productImages).values(imageRows(id, stored, images.nextPosition));
    await recordProductEdited(tx, actor, id, before);
    return lacking;
  });
  return savedProduct(ctx, id, missing);
}

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
  const variants = await tx
    .select({ pricePaise: productVariants.pricePaise })
    .from(productVariants)
    .where(eq(productVariants.productId, row.id));
  const missing = missingForSale({
    price: toRupees(row.pricePaise),
    category: row.category,
    variants: variants.map((variant) => ({ price: toRupees(variant.pricePaise) })),
    pictures: (await imageCount(tx, row.id)).count,
  });
  if (missing.length) throw new ConflictError(notReadyForSale(row.title, missing, variants.length > 0));
}

/** Sets the active flag, recording the change (none when it already was so); 404 for an unknown product. */
async function setActiveRecorded(ctx: Ctx, id: string, active: boolean, actor: AuditActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findProductRow(tx, id, { includeInactive: true, forUpdate: true });
    if (!current) throw new NotFoundError(PRODUCT_NOT_FOUND);
    if (active) await checkReadyForSale(tx, current);
    await tx
      .update(products)
      .set({ active, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(eq(products.id, id));
    if (current.active !== active) await recordProductActive(tx, actor, id, current.title, active);
  });
  ctx.catalogCache.invalidate();
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
    const [image] = await tx
      .delete(productImages)
      .where(and(eq(productImages.productId, productId), eq(productImages.publicId, publicId)))
      .returning({ publicId: productImages.publicId });
    if (!image) throw new NotFoundError('This image is not on this product.');
    // Without its last picture a product may not stay on sale (docs/shop-rules.md#on-sale): it becomes a draft.
    const lastPicture = row.active && (await imageCount(tx, productId)).count === 0;
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: new Date(), ...(lastPicture ? { active: false } : {}) })
      .where(eq(products.id, productId));
    await recordProductEdited(tx, actor, productId, before);
    return image.publicId;
  });
  ctx.catalogCache.invalidate();
  await removeStoredImages(ctx.storage, [removed]);
  return getProduct(ctx, productId, { includeInactive: true });
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
    if (await lineOfOpenOrder(tx, { productId: id })) throw new ConflictError(PRODUCT_HAS_OPEN_ORDERS);
    const images = await tx
      .select({ publicId: productImages.publicId })
      .from(productImages)
      .where(eq(productImages.productId, id));
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    await recordProductDeleted(tx, actor, id, current.title);
    return images.map((image) => image.publicId);
  });
  ctx.catalogCache.invalidate();
  await removeStoredImages(ctx.storage, publicIds);
  return { message: 'Product deleted permanently.', _id: id };
}
