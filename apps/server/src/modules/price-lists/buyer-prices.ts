/**
 * Prices for the logged-in buyer (docs/shop-rules.md#business-prices): which price list a request's buyer has,
 * and the catalog's DTOs repriced for it. buyerUnitPrice in @pumpkart/shared is the rule; this only applies it.
 */
import type { FastifyRequest } from 'fastify';
import {
  buyerUnitPrice,
  cheapestVariantPrice,
  toPaise,
  toRupees,
  type PriceListRules,
  type ProductDto,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { sessionAccount } from '../auth';
import { findBuyerPriceListId, loadPriceListRules } from './store';

/**
 * The price list of the request's buyer, or null: no token (anonymous, nothing is read), a token that does not
 * verify (a public read answers at list prices rather than 401), or a buyer whose business has no list.
 */
export async function requestPriceListId(db: DbOrTx, request: FastifyRequest): Promise<string | null> {
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S+/i.test(header)) return null;
  try {
    await request.jwtVerify();
  } catch {
    return null;
  }
  const { sub, ver = 0 } = request.user as { sub?: unknown; ver?: unknown };
  if (typeof sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(sub)) return null;
  const account = await sessionAccount(db, sub);
  if (!account || account.tokenVersion !== ver) return null;
  return findBuyerPriceListId(db, sub);
}

/** The rules of the products and categories of some lines, for a user (null: the user buys at list prices). */
export async function buyerRulesFor(
  db: DbOrTx,
  userId: string,
  lines: readonly { productId: string; category: string }[],
): Promise<PriceListRules | null> {
  return listRulesFor(db, await findBuyerPriceListId(db, userId), lines);
}

/** The rules of a list for the products and categories of some lines (null: no list, list prices). */
export async function listRulesFor(
  db: DbOrTx,
  listId: string | null,
  lines: readonly { productId: string; category: string }[],
): Promise<PriceListRules | null> {
  if (!listId) return null;
  return loadPriceListRules(db, listId, {
    productIds: [...new Set(lines.map((line) => line.productId))],
    categories: [...new Set(lines.map((line) => line.category))],
  });
}

/** A product DTO at a list's 1-unit prices: each size's, the product's (the cheapest size's), listPrice where lower. */
export function repriceProduct(dto: ProductDto, rules: PriceListRules): ProductDto {
  const priced = (listRupees: number, variantId: string | null) => {
    const buyer = toRupees(
      buyerUnitPrice(
        { productId: dto._id, variantId, category: dto.category, listPaise: toPaise(listRupees) },
        rules,
        dto.quantityBreaks,
        1,
      ),
    );
    return buyer < listRupees ? { price: buyer, listPrice: listRupees } : { price: listRupees };
  };
  const variants = dto.variants.map((variant) => ({ ...variant, ...priced(variant.price, variant._id) }));
  if (variants.length === 0) return { ...dto, ...priced(dto.price, null) };
  // The product's price is its cheapest size's, as for list prices (docs/shop-rules.md#catalog).
  const cheapest = cheapestVariantPrice(variants)!;
  const first = variants.find((variant) => variant.price === cheapest)!;
  const product = { ...dto, variants, price: cheapest };
  delete product.listPrice;
  return first.listPrice === undefined ? product : { ...product, listPrice: first.listPrice };
}

const isProductDto = (value: object): value is ProductDto =>
  '_id' in value && 'price' in value && 'variants' in value && 'category' in value;

/** Any catalog answer (a page, the home view, suggestions, one product) with every product in it repriced. */
export function repriceCatalogPayload(payload: unknown, rules: PriceListRules): unknown {
  if (Array.isArray(payload)) return payload.map((item) => repriceCatalogPayload(item, rules));
  if (payload === null || typeof payload !== 'object') return payload;
  if (isProductDto(payload)) return repriceProduct(payload, rules);
  return Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, repriceCatalogPayload(value, rules)]));
}
