/**
 * The price lists' store (docs/shop-rules.md#business-prices): the owner's lists and rules, their businesses, and
 * the one read pricing makes per buyer (which list the buyer's business has) and per priced page (that list's rules).
 */
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PriceListRules } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { businesses, businessMembers, priceListRules, priceLists, products, productVariants } from '../../db/schema';

/** The price list of the user's business, or null (no business, or a business at list prices). */
export async function findBuyerPriceListId(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: businesses.priceListId })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId));
  return row?.id ?? null;
}

/**
 * A list's rules as the pricing reads them; with `only`, just the rules of those products and categories (a cart,
 * an order), else all of them (a catalog page, repriced once per list and cached).
 */
export async function loadPriceListRules(
  db: DbOrTx,
  listId: string,
  only?: { productIds: readonly string[]; categories: readonly string[] },
): Promise<PriceListRules> {
  const target = only
    ? or(
        only.productIds.length ? inArray(priceListRules.productId, [...only.productIds]) : sql`false`,
        only.categories.length ? inArray(priceListRules.category, [...only.categories]) : sql`false`,
      )
    : undefined;
  const rows = await db
    .select({
      category: priceListRules.category,
      productId: priceListRules.productId,
      variantId: priceListRules.variantId,
      percentOff: priceListRules.percentOff,
      pricePaise: priceListRules.pricePaise,
    })
    .from(priceListRules)
    .where(and(eq(priceListRules.priceListId, listId), target));
  const rules = {
    variantPaise: new Map<string, number>(),
    productPaise: new Map<string, number>(),
    categoryPercent: new Map<string, number>(),
  };
  for (const row of rows) {
    if (row.variantId && row.pricePaise !== null) rules.variantPaise.set(row.variantId, row.pricePaise);
    else if (row.productId && row.pricePaise !== null) rules.productPaise.set(row.productId, row.pricePaise);
    else if (row.category && row.percentOff !== null) rules.categoryPercent.set(row.category, row.percentOff);
  }
  return rules;
}

export async function listPriceLists(db: DbOrTx) {
  return db
    .select({
      id: priceLists.id,
      name: priceLists.name,
      notes: priceLists.notes,
      updatedAt: priceLists.updatedAt,
      // Named in full: drizzle leaves a column of a one-table select unqualified, which the subquery would read as its own.
      ruleCount: sql<number>`(select count(*)::int from price_list_rules r where r.price_list_id = price_lists.id)`,
      businessCount: sql<number>`(select count(*)::int from businesses b where b.price_list_id = price_lists.id)`,
    })
    .from(priceLists)
    .orderBy(asc(priceLists.name));
}

export async function findPriceList(db: DbOrTx, id: string) {
  const [list] = await db.select().from(priceLists).where(eq(priceLists.id, id));
  if (!list) return undefined;
  const [rules, assigned] = await Promise.all([
    db
      .select({
        category: priceListRules.category,
        productId: priceListRules.productId,
        variantId: priceListRules.variantId,
        percentOff: priceListRules.percentOff,
        pricePaise: priceListRules.pricePaise,
        productTitle: products.title,
        productPaise: products.pricePaise,
        size: productVariants.size,
        variantPaise: productVariants.pricePaise,
      })
      .from(priceListRules)
      .leftJoin(products, eq(products.id, priceListRules.productId))
      .leftJoin(productVariants, eq(productVariants.id, priceListRules.variantId))
      .where(eq(priceListRules.priceListId, id))
      .orderBy(asc(priceListRules.category), asc(products.title), asc(productVariants.size)),
    db.select({ id: businesses.id }).from(businesses).where(eq(businesses.priceListId, id)),
  ]);
  return { list, rules, businessIds: assigned.map((row) => row.id) };
}

export type RuleRow = Omit<typeof priceListRules.$inferInsert, 'id' | 'priceListId'>;

/** Writes a list and replaces its rules (inside the caller's transaction); answers its id. */
export async function writePriceList(
  tx: DbOrTx,
  id: string | null,
  fields: { name: string; notes: string },
  rules: readonly RuleRow[],
): Promise<string | undefined> {
  let listId = id;
  if (listId) {
    const updated = await tx
      .update(priceLists)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(priceLists.id, listId))
      .returning({ id: priceLists.id });
    if (updated.length === 0) return undefined;
    await tx.delete(priceListRules).where(eq(priceListRules.priceListId, listId));
  } else {
    const [created] = await tx.insert(priceLists).values(fields).returning({ id: priceLists.id });
    listId = created!.id;
  }
  if (rules.length) await tx.insert(priceListRules).values(rules.map((rule) => ({ ...rule, priceListId: listId! })));
  return listId;
}

export async function deletePriceList(tx: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await tx.delete(priceLists).where(eq(priceLists.id, id)).returning({ name: priceLists.name });
  return row?.name;
}

/** The products and sizes rules name, to check them: id, and for a size, its product. */
export async function findRuleTargets(db: DbOrTx, productIds: readonly string[], variantIds: readonly string[]) {
  const [productRows, variantRows] = await Promise.all([
    productIds.length
      ? db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, [...productIds]))
      : [],
    variantIds.length
      ? db
          .select({ id: productVariants.id, productId: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.id, [...variantIds]))
      : [],
  ]);
  return {
    productIds: new Set(productRows.map((row) => row.id)),
    variantProduct: new Map(variantRows.map((row) => [row.id, row.productId])),
  };
}

export async function listBusinessesForPicker(db: DbOrTx) {
  return db
    .select({ id: businesses.id, legalName: businesses.legalName, priceListId: businesses.priceListId })
    .from(businesses)
    .orderBy(asc(businesses.legalName));
}

/** Sets the list's businesses to exactly `businessIds`; answers how many of them exist. */
export async function assignBusinesses(tx: DbOrTx, listId: string, businessIds: readonly string[]): Promise<number> {
  await tx
    .update(businesses)
    .set({ priceListId: null, updatedAt: new Date() })
    .where(and(eq(businesses.priceListId, listId), isNotNull(businesses.priceListId)));
  if (businessIds.length === 0) return 0;
  const updated = await tx
    .update(businesses)
    .set({ priceListId: listId, updatedAt: new Date() })
    .where(inArray(businesses.id, [...businessIds]))
    .returning({ id: businesses.id });
  return updated.length;
}
