/**
 * Buying again (docs/shop-rules.md#buying-again): "Order again" puts a past order's lines in the cart at today's
 * prices, and the quick order form checks SKUs and quantities typed or pasted from a spreadsheet before adding the
 * valid ones. Both go through one resolution of a line (the product, the size, the stock, what the cart already
 * holds) and answer, per line, what changed in plain words; a line that cannot be bought is left out, never an error.
 */
import {
  buyerUnitPrice,
  cartLineKey,
  formatIndianNumber,
  formatPrice,
  MESSAGES,
  orderQuantityProblem,
  parseQuickOrder,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_QUANTITY,
  quickOrderQuantity,
  toRupees,
  variantChoiceOf,
  type PriceListRules,
  type QuickOrderLine,
  type QuickOrderResponse,
  type ReorderLine,
  type ReorderResponse,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { buyerRulesFor } from '../price-lists';
import { getCart } from './service';
import {
  addToLine,
  ensureCartId,
  findCartId,
  findCartQuantities,
  findOwnOrderLines,
  findProductsWithVariants,
  findVariantProducts,
  type LineKey,
} from './store';

type Ctx = Pick<AppContext, 'db' | 'storage'>;

export const BUY_AGAIN_MESSAGES = {
  noLongerSold: 'No longer sold.',
  sizeGone: (size: string | null) => (size ? `The size "${size}" is no longer sold.` : 'This size is no longer sold.'),
  nowInSizes: 'Now comes in sizes: choose one on its page.',
  outOfStock: 'Out of stock.',
  onRequest: 'Sold on request: ask the shop for a quote.',
  priceChanged: (was: number, now: number) => `Price was ${formatPrice(was)}, now ${formatPrice(now)}.`,
  cartHoldsAll: (stock: number) => `Your cart already holds all ${formatIndianNumber(stock)} in stock.`,
  unknownSku: 'Unknown SKU.',
  emptySku: 'No SKU on this line.',
  skuInSizes: (title: string) => `"${title}" comes in sizes: use the SKU of a size.`,
  badQuantity: 'Quantity must be a whole number from 1.',
  tooMany: `Quantity must be at most ${formatIndianNumber(QUICK_ORDER_MAX_QUANTITY)}.`,
  merged: (rows: number[]) => `Lines ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)} merged.`,
  noLines: 'Type or paste at least one line: SKU, quantity.',
  tooManyLines: `Paste at most ${QUICK_ORDER_MAX_LINES} lines at once.`,
} as const;

type Found = Awaited<ReturnType<typeof findProductsWithVariants>>;

/** A line that can be bought: its key, its current price (paise), what it may still add, and whether that is capped. */
interface Resolved {
  key: LineKey;
  title: string;
  size: string | null;
  pricePaise: number;
  stock: number;
  toAdd: number;
  capped: string | null;
}

/**
 * The product and size of a line as they are now, and how much of `asked` the cart may still take (the stock less
 * what the cart holds); a string when it cannot be bought at all.
 */
function resolve(
  found: Found,
  rules: PriceListRules | null,
  held: Map<string, number>,
  key: LineKey,
  asked: number,
): Resolved | string {
  const entry = found.get(key.productId);
  if (!entry || !entry.product.active) return BUY_AGAIN_MESSAGES.noLongerSold;
  const { product, variants } = entry;
  if (product.priceOnRequest) return BUY_AGAIN_MESSAGES.onRequest;
  const choice = variantChoiceOf(variants, key.variantId, (v) => v.id);
  if (choice.problem === 'chooseVariant') return BUY_AGAIN_MESSAGES.nowInSizes;
  if (choice.problem) return BUY_AGAIN_MESSAGES.sizeGone(null);
  const { variant } = choice;
  const stock = variant ? variant.stock : product.stock;
  if (stock <= 0) return BUY_AGAIN_MESSAGES.outOfStock;
  const holding = held.get(cartLineKey(key.productId, key.variantId)) ?? 0;
  const room = Math.max(0, stock - holding);
  if (room === 0) return BUY_AGAIN_MESSAGES.cartHoldsAll(stock);
  const toAdd = Math.min(asked, room);
  // The line as the cart will hold it must be a quantity the product is sold in (docs/shop-rules.md#business-prices).
  const label = variant?.size ? `${product.title} (${variant.size})` : product.title;
  const quantityProblem = orderQuantityProblem(holding + toAdd, product, label);
  if (quantityProblem) return quantityProblem;
  const listPaise = variant ? variant.pricePaise : product.pricePaise;
  return {
    key,
    title: product.title,
    size: variant?.size ?? null,
    // The buyer's price at the quantity the cart will hold, as the cart shows it.
    pricePaise: buyerUnitPrice(
      { productId: product.id, variantId: variant?.id ?? null, category: product.category, listPaise },
      rules,
      product.quantityBreaks,
      holding + toAdd,
    ),
    stock,
    toAdd,
    capped: toAdd < asked ? MESSAGES.cartOnlyNInStock(stock) : null,
  };
}

async function addAll(db: Ctx['db'], userId: string, lines: readonly Resolved[]): Promise<void> {
  if (lines.length === 0) return;
  const cartId = await ensureCartId(db, userId);
  // addToLine caps the line at the stock in its own write, as an add to the cart does.
  for (const line of lines) await addToLine(db, cartId, line.key, line.toAdd, line.stock);
}

/** The buyer's price list's rules for these products (null for a buyer without one). */
const rulesOf = (ctx: Ctx, userId: string, found: Found) =>
  buyerRulesFor(
    ctx.db,
    userId,
    [...found.values()].map(({ product }) => ({ productId: product.id, category: product.category })),
  );

/** "Order again": the buyer's past order into the cart at current prices; 404 for an order that is not theirs. */
export async function reorder(ctx: Ctx, userId: string, orderId: string): Promise<ReorderResponse> {
  const ordered = await findOwnOrderLines(ctx.db, userId, orderId);
  if (!ordered) throw new NotFoundError(MESSAGES.orderNotFound);
  const found = await findProductsWithVariants(
    ctx.db,
    ordered.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  const rules = await rulesOf(ctx, userId, found);
  const held = await findCartQuantities(ctx.db, await findCartId(ctx.db, userId));
  const adding: Resolved[] = [];
  const lines = ordered.map((line): ReorderLine => {
    const base = { title: line.title, size: line.size, ordered: line.quantity };
    // A size deleted since leaves its line without a variant id but with its name.
    const gone = line.variantId === null && line.size !== null && line.productId !== null;
    const resolved = !line.productId
      ? BUY_AGAIN_MESSAGES.noLongerSold
      : gone
        ? BUY_AGAIN_MESSAGES.sizeGone(line.size)
        : resolve(found, rules, held, { productId: line.productId, variantId: line.variantId }, line.quantity);
    if (typeof resolved === 'string') {
      const sizeMessage =
        resolved === BUY_AGAIN_MESSAGES.sizeGone(null) ? BUY_AGAIN_MESSAGES.sizeGone(line.size) : resolved;
      return { ...base, added: 0, price: null, state: 'skipped', changes: [sizeMessage] };
    }
    adding.push(resolved);
    const key = cartLineKey(resolved.key.productId, resolved.key.variantId);
    held.set(key, (held.get(key) ?? 0) + resolved.toAdd);
    const changes = [
      ...(resolved.pricePaise !== line.unitPricePaise
        ? [BUY_AGAIN_MESSAGES.priceChanged(toRupees(line.unitPricePaise), toRupees(resolved.pricePaise))]
        : []),
      ...(resolved.capped ? [resolved.capped] : []),
    ];
    const state = changes.length ? 'changed' : 'added';
    return { ...base, added: resolved.toAdd, price: toRupees(resolved.pricePaise), state, changes };
  });
  await addAll(ctx.db, userId, adding);
  const { items } = await getCart(ctx, userId);
  return { lines, added: adding.length, items };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One SKU of the text with its rows and summed quantity (null when a row's quantity is not a whole number). */
interface Asked {
  sku: string;
  rows: number[];
  quantity: number | null;
}

function mergeRows(text: string): Asked[] {
  const rows = parseQuickOrder(text);
  if (rows.length === 0) throw new BadRequestError(BUY_AGAIN_MESSAGES.noLines);
  if (rows.length > QUICK_ORDER_MAX_LINES) throw new BadRequestError(BUY_AGAIN_MESSAGES.tooManyLines);
  const bySku = new Map<string, Asked>();
  for (const row of rows) {
    const quantity = quickOrderQuantity(row.quantityText);
    const key = row.sku.toLowerCase();
    const seen = bySku.get(key);
    if (!seen) bySku.set(key, { sku: row.sku, rows: [row.row], quantity });
    else {
      seen.rows.push(row.row);
      seen.quantity = seen.quantity === null || quantity === null ? null : seen.quantity + quantity;
    }
  }
  return [...bySku.values()];
}

/**
 * The quick order (docs/shop-rules.md#buying-again): each SKU (a size's id, or a product's id when it has no sizes,
 * as the products CSV names them) checked with its quantity; with `add`, the valid lines go to the cart. The check is
 * always made again when adding: the catalog may have changed since the buyer looked.
 */
export async function quickOrder(ctx: Ctx, userId: string, text: string, add: boolean): Promise<QuickOrderResponse> {
  const asked = mergeRows(text);
  const ids = asked.filter((line) => UUID.test(line.sku)).map((line) => line.sku.toLowerCase());
  const variantProducts = await findVariantProducts(ctx.db, ids);
  const found = await findProductsWithVariants(ctx.db, [
    ...new Set([...ids.filter((id) => !variantProducts.has(id)), ...variantProducts.values()]),
  ]);
  const rules = await rulesOf(ctx, userId, found);
  const held = await findCartQuantities(ctx.db, await findCartId(ctx.db, userId));
  const adding: Resolved[] = [];
  const lines = asked.map((line): QuickOrderLine => {
    const merged = line.rows.length > 1 ? BUY_AGAIN_MESSAGES.merged(line.rows) : null;
    const base = { rows: line.rows, sku: line.sku, quantity: line.quantity, title: null, size: null, price: null };
    const refuse = (why: string): QuickOrderLine => ({
      ...base,
      state: 'refused',
      message: merged ? `${why} ${merged}` : why,
      toAdd: 0,
    });
    if (line.sku === '') return refuse(BUY_AGAIN_MESSAGES.emptySku);
    const id = line.sku.toLowerCase();
    const productId = variantProducts.get(id) ?? (found.has(id) ? id : null);
    if (!UUID.test(line.sku) || !productId) return refuse(BUY_AGAIN_MESSAGES.unknownSku);
    const entry = found.get(productId)!;
    const named = { ...base, title: entry.product.title };
    const variantId = variantProducts.has(id) ? id : null;
    if (!variantId && entry.variants.length > 0)
      return { ...refuse(BUY_AGAIN_MESSAGES.skuInSizes(entry.product.title)), ...named };
    if (line.quantity === null || line.quantity < 1) return { ...refuse(BUY_AGAIN_MESSAGES.badQuantity), ...named };
    if (line.quantity > QUICK_ORDER_MAX_QUANTITY) return { ...refuse(BUY_AGAIN_MESSAGES.tooMany), ...named };
    const resolved = resolve(found, rules, held, { productId, variantId }, line.quantity);
    if (typeof resolved === 'string') return { ...refuse(resolved), ...named };
    adding.push(resolved);
    held.set(cartLineKey(productId, variantId), (held.get(cartLineKey(productId, variantId)) ?? 0) + resolved.toAdd);
    const message = [resolved.capped, merged].filter(Boolean).join(' ') || null;
    return {
      ...base,
      title: resolved.title,
      size: resolved.size,
      price: toRupees(resolved.pricePaise),
      state: resolved.capped ? 'capped' : 'ok',
      message,
      toAdd: resolved.toAdd,
    };
  });
  if (!add) return { lines, valid: adding.length };
  await addAll(ctx.db, userId, adding);
  const { items } = await getCart(ctx, userId);
  return { lines, valid: adding.length, added: adding.length, items };
}
