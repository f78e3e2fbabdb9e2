/**
 * Products as the API shows them (productSchema): the DTO's shape, built from drizzle's rows (toProductDtos,
 * queries.ts: one product, the CSV export) or from one statement that reads a page's products with their sizes,
 * images and, for the admin, tax data (loadProducts: the catalog's pages, the home view, the admin list;
 * docs/decisions/0011-admin-lists-at-size.md). With sizes, the price is the product's own column, the
 * cheapest size's price kept in step by the service (docs/shop-rules.md#catalog).
 */
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { availabilityOf, toRupees, type ProductDto, type ProductImageDto, type ProductTaxData } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';
import { statementByShape } from '../../../db/statement';
import { epochMs, renderedOnce, rowsOf } from '../../../lib/raw-rows';
import type { ImageStorage } from '../../../storage/image-storage';
import { imagesFromJson, productImagesJson, type ProductImageJson } from './product-images';
import { TAX_DATA_SELECT, taxDataOf } from './tax-data';

/** The columns of a product the DTO shows. */
export type ProductFields = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'title'
  | 'description'
  | 'brand'
  | 'category'
  | 'pricePaise'
  | 'mrpPaise'
  | 'stock'
  | 'lowStockThreshold'
  | 'minOrderQty'
  | 'packSize'
  | 'quantityBreaks'
  | 'active'
  | 'priceOnRequest'
  | 'kind'
  | 'taskKeys'
  | 'amcVisitsPerYear'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
>;
/** An MRP in paise as the API shows it: rupees, or null when not entered. */
const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

/** The columns of a size the DTO shows. */
export type VariantFields = Pick<
  typeof productVariants.$inferSelect,
  'id' | 'size' | 'pricePaise' | 'mrpPaise' | 'stock'
>;

/** A product's sizes in the form's order: by position, then by id. */
export const VARIANT_ORDER = [asc(productVariants.position), asc(productVariants.id)];

/**
 * The DTO, built in productSchema's shape with its keys in the schema's order, the tax data last when given: the
 * catalog cache stores JSON.stringify of it as it is, so its JSON must be what the response schema's pass makes of
 * it (list-json.test.ts).
 */
export function productDtoOf(
  product: ProductFields,
  images: ProductImageDto[],
  variants: readonly VariantFields[],
  taxData?: ProductTaxData,
): ProductDto {
  const dto: ProductDto = {
    _id: product.id,
    title: product.title,
    description: product.description,
    brand: product.brand,
    category: product.category,
    price: toRupees(product.pricePaise),
    mrp: rupeesOrNull(product.mrpPaise),
    stock: product.stock,
    lowStockThreshold: product.lowStockThreshold,
    availability: availabilityOf(product.stock),
    active: product.active,
    priceOnRequest: product.priceOnRequest,
    kind: product.kind,
    taskKeys: product.taskKeys,
    amcVisitsPerYear: product.amcVisitsPerYear,
    images,
    variants: variants.map((variant) => ({
      _id: variant.id,
      size: variant.size,
      price: toRupees(variant.pricePaise),
      mrp: rupeesOrNull(variant.mrpPaise),
      stock: variant.stock,
    })),
    minOrderQty: product.minOrderQty,
    packSize: product.packSize,
    quantityBreaks: product.quantityBreaks,
    version: product.version,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
  return taxData ? Object.assign(dto, taxDataOf(taxData)) : dto;
}

/**
 * One product as loadProducts' statement answers it: the columns the DTO shows, instants as epoch milliseconds and
 * amounts as numbers (lib/raw-rows.ts), its sizes and images as JSON; with the tax data, its columns too.
 */
export type ProductJsonRow = Omit<ProductFields, 'createdAt' | 'updatedAt'> & {
  createdAt: number;
  updatedAt: number;
  /** In VARIANT_ORDER; null without sizes. */
  variants: VariantFields[] | null;
  /** In display order (product-images.ts); null without images. */
  images: ProductImageJson[] | null;
} & Partial<ProductTaxData>;

/** The fields of loadProducts' statement (ProductJsonRow), the tax data's aside, by name. */
const PRODUCT_JSON_FIELDS: [keyof ProductJsonRow, SQL][] = [
  ['id', sql`${products.id}`],
  ['title', sql`${products.title}`],
  ['description', sql`${products.description}`],
  ['brand', sql`${products.brand}`],
  ['category', sql`${products.category}`],
  ['pricePaise', sql`${products.pricePaise}::float8`],
  ['mrpPaise', sql`${products.mrpPaise}::float8`],
  ['stock', sql`${products.stock}`],
  ['lowStockThreshold', sql`${products.lowStockThreshold}`],
  ['minOrderQty', sql`${products.minOrderQty}`],
  ['packSize', sql`${products.packSize}`],
  ['quantityBreaks', sql`${products.quantityBreaks}`],
  ['active', sql`${products.active}`],
  ['priceOnRequest', sql`${products.priceOnRequest}`],
  ['kind', sql`${products.kind}`],
  ['taskKeys', sql`${products.taskKeys}`],
  ['amcVisitsPerYear', sql`${products.amcVisitsPerYear}`],
  ['version', sql`${products.version}`],
  ['createdAt', epochMs(products.createdAt)],
  ['updatedAt', epochMs(products.updatedAt)],
  [
    'variants',
    sql`(
      select json_agg(json_build_object(
          'id', ${productVariants.id}, 'size', ${productVariants.size},
          'pricePaise', ${productVariants.pricePaise}, 'mrpPaise', ${productVariants.mrpPaise},
          'stock', ${productVariants.stock}
        ) order by ${sql.join(VARIANT_ORDER, sql`, `)})
      from ${productVariants} where ${productVariants.productId} = ${products.id}
    )`,
  ],
  ['images', productImagesJson(products.id)],
];

/** The columns of loadProducts' statement. */
const PRODUCT_JSON_COLUMNS = sql.join(
  PRODUCT_JSON_FIELDS.map(([name, value]) => sql`${value} as ${sql.raw(`"${name}"`)}`),
  sql`, `,
);

/**
 * loadProducts' statement but its WHERE and ORDER BY, rendered once, without and with the tax data: every column
 * is named through the schema, and building that text on each request costs more server CPU than running it.
 */
const PRODUCTS_AS_JSON = renderedOnce(sql`select ${PRODUCT_JSON_COLUMNS} from ${products}`);
const PRODUCTS_AS_JSON_WITH_TAX_DATA = renderedOnce(
  sql`select ${PRODUCT_JSON_COLUMNS}, ${TAX_DATA_SELECT} from ${products}`,
);
/** A product as one json object of the same fields (ProductJsonRow), rendered once. */
const PRODUCT_JSON_OBJECT = renderedOnce(
  sql`json_build_object(${sql.join(
    PRODUCT_JSON_FIELDS.map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`,
);

export interface ProductLoadOptions {
  /** Each product's tax data too (docs/shop-rules.md#tax-data): the admin list's. */
  taxData?: boolean;
  /**
   * A read by key (one product by its id): prepared once per connection on PostgreSQL (productByKey), since one plan suits
   * every id, and the statement, with its sizes' and images' JSON, costs more to parse and plan than to run
   * (docs/decisions/0015-checkout-statements.md). Never for a page: its plan is made for its values.
   */
  byKey?: boolean;
}

/**
 * The products of `where` in the order of `orderBy`, in one statement for any number of them: each with its sizes
 * and images built as JSON by the database, read as the driver answers it, with no ORM mapping of each column
 * (docs/decisions/0011-admin-lists-at-size.md). A page passes `where` as its ids' subquery
 * (`products.id = any(array(...))`, run once), so that sizes and images are read for the page's products only.
 */
/** loadProducts' reads by key, prepared once per connection (one text for each of its few shapes). */
const productByKey = statementByShape<ProductJsonRow>('product_by_key', 20);

export async function loadProducts(
  db: DbOrTx,
  storage: ImageStorage,
  where: SQL,
  orderBy: SQL[],
  options: ProductLoadOptions = {},
): Promise<ProductDto[]> {
  const select = options.taxData ? PRODUCTS_AS_JSON_WITH_TAX_DATA : PRODUCTS_AS_JSON;
  const order = orderBy.length > 0 ? sql` order by ${sql.join(orderBy, sql`, `)}` : sql``;
  const statement = sql`${select} where ${where}${order}`;
  const rows = options.byKey
    ? await productByKey(db, undefined, () => statement)
    : rowsOf<ProductJsonRow>(await db.execute(statement));
  return productDtosOfRows(storage, rows, options);
}

/**
 * The products of `where` in the order of `orderBy` as a scalar subquery, for a statement that reads them beside
 * other facts (the storefront's search, queries.ts): a json array of the rows loadProducts reads (no tax data),
 * `[]` for none. Map it with productDtosOfRows.
 */
export function productRowsJson(where: SQL, orderBy: SQL[]): SQL {
  return sql`(
    select coalesce(json_agg(${PRODUCT_JSON_OBJECT} order by ${sql.join(orderBy, sql`, `)}), '[]')
    from ${products} where ${where}
  )`;
}

/** The DTOs of rows read by loadProducts' statement or by productRowsJson. */
export function productDtosOfRows(
  storage: ImageStorage,
  rows: ProductJsonRow[],
  options: ProductLoadOptions = {},
): ProductDto[] {
  return rows.map((row) =>
    productDtoOf(
      {
        id: row.id,
        title: row.title,
        description: row.description,
        brand: row.brand,
        category: row.category,
        pricePaise: row.pricePaise,
        mrpPaise: row.mrpPaise,
        stock: row.stock,
        lowStockThreshold: row.lowStockThreshold,
        minOrderQty: row.minOrderQty,
        packSize: row.packSize,
        quantityBreaks: row.quantityBreaks,
        active: row.active,
        priceOnRequest: row.priceOnRequest,
        kind: row.kind,
        taskKeys: row.taskKeys,
        amcVisitsPerYear: row.amcVisitsPerYear,
        version: row.version,
        createdAt: new Date(row.createdAt),
        updatedAt: new Date(row.updatedAt),
      },
      imagesFromJson(storage, row.images),
      row.variants ?? [],
      options.taxData ? (row as ProductTaxData) : undefined,
    ),
  );
}

/** The products of `ids` in that order (ids chosen by an earlier statement: a page by relevance, the home view). */
export async function loadProductsInOrder(
  db: DbOrTx,
  storage: ImageStorage,
  ids: readonly string[],
  options: ProductLoadOptions = {},
): Promise<ProductDto[]> {
  if (ids.length === 0) return [];
  const dtos = await loadProducts(db, storage, inArray(products.id, [...ids]), [], options);
  const byId = new Map(dtos.map((dto) => [dto._id, dto]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
