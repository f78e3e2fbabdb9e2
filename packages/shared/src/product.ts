/**
 * Product rules (docs/shop-rules.md#catalog and #availability): normalisation of what the server sends, effective price
 * (cheapest variant), availability, the description preview, the struck-through price and the
 * low-stock line. Pure functions: used by the storefront, the admin area and the server.
 */
import type { ComplianceCategoryKey, ExtinguisherType } from './compliance';
import { PRODUCT_KINDS, type ProductKind } from './constants';
import { AMC_DEFAULT_VISITS_PER_YEAR } from './amc';
import { formatAmount } from './money';

export const AVAILABILITY = ['In Stock', 'Out of Stock'] as const;
export type Availability = (typeof AVAILABILITY)[number];

export interface ProductImage {
  url: string;
  public_id?: string;
  width?: number | null;
  height?: number | null;
  /** Resized renditions, smallest first, for srcset. */
  sizes?: { width: number; url: string }[];
}

export interface Variant {
  _id: string;
  size: string;
  price: number;
  /** The list price, only when the logged-in buyer's price is lower (docs/shop-rules.md#business-prices). */
  listPrice?: number;
  /** The size's MRP in rupees (docs/shop-rules.md#mrp); null or absent when not entered. */
  mrp?: number | null;
  stock: number;
  /** Any other attribute of the variant, shown as 'key: value' text. */
  extra: Record<string, string>;
}

/**
 * A product's tax data as the product view and the admin form read it (docs/shop-rules.md#tax-data): present
 * only when the answer carried it (one product, the admin list); null means not entered.
 */
export interface ProductTaxFields {
  hsnCode?: string | null;
  gstRate?: number;
  countryOfOrigin?: string;
  manufacturer?: string | null;
  bisLicence?: string | null;
  pesoApproval?: string | null;
  legalMetrologyApproval?: string | null;
  /** Equipment data (docs/shop-rules.md#assets), carried with the tax data. */
  complianceCategory?: ComplianceCategoryKey | null;
  extinguisherType?: ExtinguisherType | null;
  warrantyMonths?: number | null;
}

const TAX_TEXT_KEYS = [
  'hsnCode',
  'countryOfOrigin',
  'manufacturer',
  'bisLicence',
  'pesoApproval',
  'legalMetrologyApproval',
  'complianceCategory',
  'extinguisherType',
] as const;

/** The tax fields the raw answer carries, kept as they are (none when it carries none). */
function taxFieldsOf(p: Record<string, unknown>): ProductTaxFields {
  const fields: Record<string, string | number | null> = {};
  for (const key of TAX_TEXT_KEYS) {
    const value = p[key];
    if (typeof value === 'string' || (value === null && key !== 'countryOfOrigin')) fields[key] = value;
  }
  if (typeof p.gstRate === 'number' && Number.isFinite(p.gstRate)) fields.gstRate = p.gstRate;
  if (p.warrantyMonths === null || (typeof p.warrantyMonths === 'number' && Number.isInteger(p.warrantyMonths))) {
    fields.warrantyMonths = p.warrantyMonths;
  }
  return fields as ProductTaxFields;
}

export interface Product extends ProductTaxFields {
  _id: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  price: number;
  /** The MRP in rupees (docs/shop-rules.md#mrp), with sizes the cheapest size's; null or absent when not entered. */
  mrp?: number | null;
  stock: number;
  lowStockThreshold: number;
  images: ProductImage[];
  variants: Variant[];
  availability: Availability;
  active: boolean;
  /** Business prices (docs/shop-rules.md#business-prices): the list price when the buyer's is lower, order quantities, breaks. */
  listPrice?: number;
  minOrderQty: number;
  packSize: number;
  quantityBreaks: { minQty: number; percentOff: number }[];
  /** Sold only through a quote (docs/shop-rules.md#quotes): "Price on request", no Add to cart. */
  priceOnRequest: boolean;
  /** Goods, a service (booked for a visit date) or an AMC (docs/shop-rules.md#service-products). */
  kind: ProductKind;
  /** The compliance tasks (schedule keys) the product does. */
  taskKeys: string[];
  /** An AMC's visits a year (docs/shop-rules.md#amc). */
  amcVisitsPerYear: number;
  /** The server's edit version (admin API); the edit form sends it back with a save. */
  version?: number;
}

export const DEFAULT_CATEGORY = 'Uncategorized';
export const DESCRIPTION_PREVIEW_LENGTH = 100;

export function availabilityOf(stock: number): Availability {
  return stock > 0 ? 'In Stock' : 'Out of Stock';
}

type Raw = Record<string, unknown>;

function asNumber(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function asString(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

/** An MRP as sent: a number above 0, else none. */
function asMrp(value: unknown): number | null {
  const mrp = asNumber(value, 0);
  return mrp > 0 ? mrp : null;
}

const VARIANT_KNOWN_KEYS = new Set(['_id', 'id', 'size', 'name', 'price', 'listPrice', 'mrp', 'stock']);

/** A list price as the answer carries it: a number, or absent (the buyer pays it). */
const listPriceOf = (value: unknown) => (typeof value === 'number' && value > 0 ? { listPrice: value } : {});

export function normalizeVariant(raw: unknown): Variant {
  const v = (raw ?? {}) as Raw;
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(v)) {
    if (!VARIANT_KNOWN_KEYS.has(key) && (typeof value === 'string' || typeof value === 'number')) {
      extra[key] = String(value);
    }
  }
  return {
    _id: asString(v._id ?? v.id),
    size: asString(v.size) || asString(v.name) || 'Default',
    price: asNumber(v.price),
    ...listPriceOf(v.listPrice),
    mrp: asMrp(v.mrp),
    stock: asNumber(v.stock),
    extra,
  };
}

function normalizeImages(raw: unknown): ProductImage[] {
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((image): ProductImage | null => {
      if (typeof image === 'string') return image ? { url: image } : null;
      if (image && typeof image === 'object' && typeof (image as Raw).url === 'string') {
        return image as ProductImage;
      }
      return null;
    })
    .filter((image): image is ProductImage => image !== null);
}

/** Lowest variant price, or undefined when there are no variants. */
export function cheapestVariantPrice(variants: ReadonlyArray<{ price: number }>): number | undefined {
  if (variants.length === 0) return undefined;
  return Math.min(...variants.map((v) => v.price));
}

/**
 * A product as the storefront reads it: id from _id, id or productId; title or
 * name; the misspelt description key; defaults for brand and category; price falls back to the
 * lowest variant price when not above 0; images in any of the three accepted shapes.
 */
export function normalizeProduct(raw: unknown): Product {
  const p = (raw ?? {}) as Raw;
  const variants = Array.isArray(p.variants) ? p.variants.map(normalizeVariant) : [];
  const ownPrice = asNumber(p.price);
  const price = ownPrice > 0 ? ownPrice : (cheapestVariantPrice(variants) ?? 0);
  const stock = asNumber(p.stock);
  return {
    _id: asString(p._id ?? p.id ?? p.productId),
    title: asString(p.title) || asString(p.name),
    description: asString(p.description) || asString(p.desciption) || asString(p.descripton),
    brand: asString(p.brand),
    category: asString(p.category) || DEFAULT_CATEGORY,
    price,
    mrp: asMrp(p.mrp),
    stock,
    lowStockThreshold: asNumber(p.lowStockThreshold),
    images: normalizeImages(p.images),
    variants,
    availability: availabilityOf(stock),
    active: p.active === undefined ? true : Boolean(p.active),
    ...listPriceOf(p.listPrice),
    minOrderQty: Math.max(1, asNumber(p.minOrderQty, 1)),
    packSize: Math.max(1, asNumber(p.packSize, 1)),
    quantityBreaks: Array.isArray(p.quantityBreaks)
      ? (p.quantityBreaks as { minQty: number; percentOff: number }[])
      : [],
    priceOnRequest: p.priceOnRequest === true,
    kind: (PRODUCT_KINDS as readonly unknown[]).includes(p.kind) ? (p.kind as ProductKind) : 'goods',
    taskKeys: Array.isArray(p.taskKeys) ? p.taskKeys.filter((key): key is string => typeof key === 'string') : [],
    amcVisitsPerYear: asNumber(p.amcVisitsPerYear, AMC_DEFAULT_VISITS_PER_YEAR),
    ...(typeof p.version === 'number' && Number.isInteger(p.version) ? { version: p.version } : {}),
    ...taxFieldsOf(p),
  };
}

/** The card's price: the cheapest variant's price when variants exist (docs/shop-rules.md#catalog). */
export function displayPrice(product: Pick<Product, 'price' | 'variants'>): number {
  return cheapestVariantPrice(product.variants) ?? product.price;
}

/** Description cut to 100 characters followed by '...' (docs/shop-rules.md#catalog). */
export function descriptionPreview(description: string): string {
  return description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`
    : description;
}

/** The spec's struck-through original price: price times 1.1, rounded up (docs/shop-rules.md#mrp). */
export function struckThroughPrice(price: number): number {
  return Math.ceil(Number((price * 1.1).toFixed(6)));
}

/**
 * The price shown struck through beside a price (docs/shop-rules.md#mrp): `mrp` is the product's (or size's) MRP,
 * `percentOff` the discount off it, rounded down so it is never overstated; `computed` is the spec's price x 1.1,
 * which makes no claim about a discount.
 */
export type OriginalPrice =
  { source: 'mrp'; value: number; percentOff: number } | { source: 'computed'; value: number };

/**
 * The one pricing rule of the struck-through price (docs/shop-rules.md#mrp): with an MRP, the MRP, and only when it
 * is above the price (no discount, nothing struck through); without one, price x 1.1 while the store setting
 * `computedOriginalPrice` is on (the demo's default, the spec's rule), else nothing.
 */
export function originalPriceOf(
  price: number,
  mrp: number | null | undefined,
  computedOriginalPrice: boolean,
): OriginalPrice | null {
  if (mrp != null && mrp > 0) {
    if (!(mrp > price)) return null;
    return { source: 'mrp', value: mrp, percentOff: Math.floor(((mrp - price) / mrp) * 100) };
  }
  if (!computedOriginalPrice || !(price > 0)) return null;
  return { source: 'computed', value: struckThroughPrice(price) };
}

/** The card's list price (struck through when the buyer's is lower): the shown size's, else the product's. */
export function displayListPrice(product: Pick<Product, 'listPrice' | 'variants'>): number | undefined {
  const price = cheapestVariantPrice(product.variants);
  if (price === undefined) return product.listPrice;
  return product.variants.find((variant) => variant.price === price)?.listPrice;
}

/** The card's MRP: the MRP of the size whose price the card shows (the first cheapest), else the product's. */
export function displayMrp(product: Pick<Product, 'mrp' | 'variants'>): number | null {
  const price = cheapestVariantPrice(product.variants);
  if (price === undefined) return product.mrp ?? null;
  return product.variants.find((variant) => variant.price === price)?.mrp ?? null;
}

/**
 * Why a price may not be saved against its MRP, in words, or null when it may: no one may sell above the MRP
 * (Legal Metrology (Packaged Commodities) Rules 2011, docs/shop-rules.md#mrp). Amounts in rupees.
 */
export function priceAboveMrpProblem(
  price: number,
  mrp: number | null | undefined,
  label = 'The price',
): string | null {
  if (mrp == null || !(price > mrp)) return null;
  return `${label} (${formatAmount(price)}) is above the MRP (${formatAmount(mrp)}): a product may not be sold above its MRP.`;
}

/**
 * The low-stock line (docs/shop-rules.md#availability): 'Out of Stock' at 0, 'Hurry! Only n left!' below the
 * threshold, nothing otherwise.
 */
export function lowStockText(stock: number, lowStockThreshold: number): string | null {
  if (stock <= 0) return 'Out of Stock';
  if (lowStockThreshold > 0 && stock < lowStockThreshold) return `Hurry! Only ${stock} left!`;
  return null;
}

/**
 * The width a product card is shown at, for the browser to pick a rendition (srcset `sizes`). It follows
 * PRODUCT_GRID_CLASS (apps/web/src/shop/catalog/product-card.tsx) inside the page frame of layout.tsx
 * (`max-w-7xl px-3 sm:px-6`): the viewport less the frame's padding and the gaps between the columns, shared by
 * the columns. From 1280 px the frame stops growing: (1280 - 2 x 24 - 3 x 16) / 4 = 296 px. Change both
 * together. The server's category pages preload their first card's picture with it
 * (apps/server/src/modules/seo/page-heads.ts), so it must be the card's exact `sizes`.
 */
export const CARD_IMAGE_SIZES = [
  '(min-width: 1280px) 296px',
  '(min-width: 1024px) calc((100vw - 96px) / 4)', // 4 columns: padding 2 x 24, gaps 3 x 16
  '(min-width: 768px) calc((100vw - 80px) / 3)', // 3 columns: padding 2 x 24, gaps 2 x 16
  '(min-width: 640px) calc((100vw - 64px) / 2)', // 2 columns: padding 2 x 24, gap 16
  'calc((100vw - 36px) / 2)', // 2 columns: padding 2 x 12, gap 12
].join(', ');
