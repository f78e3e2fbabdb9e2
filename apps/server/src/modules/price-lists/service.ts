/**
 * The owner's price lists (docs/shop-rules.md#business-prices): save a list with its rules, delete it, assign it to
 * businesses. Each change is one transaction with its audit record, and empties the catalog cache, whose repriced
 * pages are kept per list (so no buyer sees a list's old prices).
 */
import {
  PRICE_LIST_MESSAGES,
  toPaise,
  toRupees,
  type PriceListBody,
  type PriceListBusiness,
  type PriceListDto,
  type PriceListSummary,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit';
import {
  assignBusinesses,
  deletePriceList,
  findPriceList,
  findRuleTargets,
  listBusinessesForPicker,
  listPriceLists,
  writePriceList,
  type RuleRow,
} from './store';

type Ctx = Pick<AppContext, 'db' | 'catalogCache'>;

export async function priceListSummaries({ db }: Ctx): Promise<PriceListSummary[]> {
  const rows = await listPriceLists(db);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    notes: row.notes,
    ruleCount: row.ruleCount,
    businessCount: row.businessCount,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function priceListDetail({ db }: Ctx, id: string): Promise<PriceListDto> {
  const found = await findPriceList(db, id);
  if (!found) throw new NotFoundError(PRICE_LIST_MESSAGES.notFound);
  const { list, rules, businessIds } = found;
  return {
    _id: list.id,
    name: list.name,
    notes: list.notes,
    ruleCount: rules.length,
    businessCount: businessIds.length,
    updatedAt: list.updatedAt.toISOString(),
    rules: rules.map((rule) => {
      const listPaise = rule.variantId ? rule.variantPaise : rule.productId ? rule.productPaise : null;
      return {
        category: rule.category,
        productId: rule.productId,
        variantId: rule.variantId,
        percentOff: rule.percentOff,
        price: rule.pricePaise === null ? null : toRupees(rule.pricePaise),
        productTitle: rule.productTitle,
        size: rule.size,
        listPrice: listPaise === null ? null : toRupees(listPaise),
      };
    }),
    businessIds,
  };
}

/** The rules as rows, refused when a rule has no single target or two rules name one target. */
async function ruleRows({ db }: Ctx, body: PriceListBody): Promise<RuleRow[]> {
  const seen = new Set<string>();
  const rows = body.rules.map((rule): RuleRow => {
    const isCategory =
      rule.category !== null &&
      rule.productId === null &&
      rule.variantId === null &&
      rule.percentOff !== null &&
      rule.price === null;
    const isProduct =
      rule.category === null && rule.productId !== null && rule.percentOff === null && rule.price !== null;
    if (!isCategory && !isProduct) throw new BadRequestError(PRICE_LIST_MESSAGES.ruleTarget);
    const key = isCategory ? `c:${rule.category}` : `p:${rule.productId}:${rule.variantId ?? ''}`;
    if (seen.has(key)) throw new BadRequestError(PRICE_LIST_MESSAGES.duplicateRule);
    seen.add(key);
    return isCategory
      ? { category: rule.category, percentOff: rule.percentOff }
      : { productId: rule.productId, variantId: rule.variantId, pricePaise: toPaise(rule.price!) };
  });
  const productIds = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  const variantIds = rows.flatMap((row) => (row.variantId ? [row.variantId] : []));
  const targets = await findRuleTargets(db, productIds, variantIds);
  for (const row of rows) {
    if (row.productId && !targets.productIds.has(row.productId))
      throw new BadRequestError(PRICE_LIST_MESSAGES.productNotFound);
    if (row.variantId && targets.variantProduct.get(row.variantId) !== row.productId) {
      throw new BadRequestError(PRICE_LIST_MESSAGES.variantNotOfProduct);
    }
  }
  return rows;
}

export async function savePriceList(
  ctx: Ctx,
  actor: AuditActor,
  id: string | null,
  body: PriceListBody,
): Promise<PriceListDto> {
  const rows = await ruleRows(ctx, body);
  const savedId = await ctx.db.transaction(async (tx) => {
    const listId = await writePriceList(tx, id, { name: body.name, notes: body.notes }, rows);
    if (!listId) throw new NotFoundError(PRICE_LIST_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      kind: 'price_list.saved',
      entityType: 'price_list',
      entityId: listId,
      summary: `${id ? 'Edited' : 'Created'}: ${body.name}, ${rows.length} ${rows.length === 1 ? 'rule' : 'rules'}`,
      changes: { name: { before: null, after: body.name }, rules: { before: null, after: body.rules } },
    });
    return listId;
  });
  ctx.catalogCache.invalidate();
  return priceListDetail(ctx, savedId);
}

export async function removePriceList(ctx: Ctx, actor: AuditActor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const name = await deletePriceList(tx, id);
    if (name === undefined) throw new NotFoundError(PRICE_LIST_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      kind: 'price_list.deleted',
      entityType: 'price_list',
      entityId: id,
      summary: `Deleted: ${name}`,
    });
  });
  ctx.catalogCache.invalidate();
}

export async function assignPriceList(
  ctx: Ctx,
  actor: AuditActor,
  id: string,
  businessIds: string[],
): Promise<PriceListDto> {
  const unique = [...new Set(businessIds)];
  await ctx.db.transaction(async (tx) => {
    const found = await findPriceList(tx, id);
    if (!found) throw new NotFoundError(PRICE_LIST_MESSAGES.notFound);
    const assigned = await assignBusinesses(tx, id, unique);
    if (assigned !== unique.length) throw new BadRequestError(PRICE_LIST_MESSAGES.businessNotFound);
    await recordAudit(tx, actor, {
      kind: 'price_list.assigned',
      entityType: 'price_list',
      entityId: id,
      summary: `${found.list.name}: ${unique.length} ${unique.length === 1 ? 'business' : 'businesses'}`,
      changes: { businesses: { before: found.businessIds, after: unique } },
    });
  });
  return priceListDetail(ctx, id);
}

export async function businessesForPicker({ db }: Ctx): Promise<PriceListBusiness[]> {
  const rows = await listBusinessesForPicker(db);
  return rows.map((row) => ({ _id: row.id, legalName: row.legalName, priceListId: row.priceListId }));
}
