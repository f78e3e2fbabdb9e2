/**
 * The quotes' rows (docs/shop-rules.md#quotes): the request and its lines, the owner's versions, the thread, the
 * products a request or an answer reads, the outlet of the buyer's business, and the admin list's page. service.ts
 * keeps the rules.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { QuoteDisplayStatus, QuoteStatus } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import {
  businessOutlets,
  businesses,
  orders,
  products,
  productVariants,
  quoteLines,
  quoteMessages,
  quotes,
  quoteVersions,
  type QuotedLine,
} from '../../db/schema';

export type { QuotedLine };
export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;
export type QuoteMessageRow = typeof quoteMessages.$inferSelect;

/** The products (and sizes) a request names, with what a quote needs of each: price, tax data, flags. */
export async function productsForQuote(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      active: products.active,
      pricePaise: products.pricePaise,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      bisLicence: products.bisLicence,
      pesoApproval: products.pesoApproval,
      legalMetrologyApproval: products.legalMetrologyApproval,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const variants = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      pricePaise: productVariants.pricePaise,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.position));
  return rows.map((row) => ({ ...row, variants: variants.filter((variant) => variant.productId === row.id) }));
}
export type QuoteProduct = Awaited<ReturnType<typeof productsForQuote>>[number];

/** The outlet, when it is one of the business's. */
export async function findOutlet(db: DbOrTx, businessId: string, outletId: string) {
  const [row] = await db
    .select({ id: businessOutlets.id, name: businessOutlets.name, address: businessOutlets.address })
    .from(businessOutlets)
    .where(and(eq(businessOutlets.id, outletId), eq(businessOutlets.businessId, businessId)));
  return row;
}

export async function insertQuote(
  tx: DbOrTx,
  values: typeof quotes.$inferInsert,
  lines: readonly Omit<typeof quoteLines.$inferInsert, 'quoteId'>[],
): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(values).returning();
  await tx.insert(quoteLines).values(lines.map((line) => ({ ...line, quoteId: row!.id })));
  return row!;
}

export async function findQuote(db: DbOrTx, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  return row;
}

/** The quote's row locked FOR UPDATE until the caller's transaction ends: its steps run one at a time. */
export async function lockQuote(tx: DbOrTx, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  return row;
}

export async function updateQuote(tx: DbOrTx, quoteId: string, values: Partial<typeof quotes.$inferInsert>) {
  await tx
    .update(quotes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(quotes.id, quoteId));
}

export function linesOfQuote(db: DbOrTx, quoteId: string): Promise<QuoteLineRow[]> {
  return db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.position));
}

export function versionsOfQuote(db: DbOrTx, quoteId: string): Promise<QuoteVersionRow[]> {
  return db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, quoteId)).orderBy(asc(quoteVersions.version));
}

export async function insertVersion(
  tx: DbOrTx,
  values: Omit<typeof quoteVersions.$inferInsert, 'version'> & { lines: QuotedLine[] },
): Promise<QuoteVersionRow> {
  const [row] = await tx
    .insert(quoteVersions)
    .values({
      ...values,
      version: sql`(select coalesce(max(${quoteVersions.version}), 0) + 1 from ${quoteVersions} where ${quoteVersions.quoteId} = ${values.quoteId})`,
    })
    .returning();
  return row!;
}

export function messagesOfQuote(db: DbOrTx, quoteId: string): Promise<QuoteMessageRow[]> {
  return db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quoteId))
    .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id));
}

export async function insertMessage(tx: DbOrTx, values: typeof quoteMessages.$inferInsert) {
  await tx.insert(quoteMessages).values(values);
}

export async function outletName(db: DbOrTx, outletId: string | null): Promise<string | null> {
  if (!outletId) return null;
  const [row] = await db
    .select({ name: businessOutlets.name })
    .from(businessOutlets)
    .where(eq(businessOutlets.id, outletId));
  return row?.name ?? null;
}

export async function businessName(db: DbOrTx, businessId: string | null): Promise<string | null> {
  if (!businessId) return null;
  const [row] = await db.select({ name: businesses.legalName }).from(businesses).where(eq(businesses.id, businessId));
  return row?.name ?? null;
}

/** Names the order its quote (the order row is the orders module's; only this link is the quote's). */
export async function linkOrderToQuote(tx: DbOrTx, orderId: string, quoteId: string) {
  await tx.update(orders).set({ quoteId }).where(eq(orders.id, orderId));
}

/** The current version of each quote, as a lateral-free correlated read: total and validity for the lists. */
const currentVersion = sql`(select v from ${quoteVersions} v where v.quote_id = "quotes"."id" order by v.version desc limit 1)`;

/** Where a quote of the given displayed status is; "expired" and "revised" are read from its current version. */
function statusCondition(status: QuoteDisplayStatus, today: string): SQL {
  const validUntil = sql`(${currentVersion}).valid_until`;
  const version = sql`(${currentVersion}).version`;
  switch (status) {
    case 'expired':
      return and(eq(quotes.status, 'quoted'), sql`${validUntil} < ${today}`)!;
    case 'revised':
      return and(eq(quotes.status, 'quoted'), sql`${validUntil} >= ${today}`, sql`${version} > 1`)!;
    case 'quoted':
      return and(eq(quotes.status, 'quoted'), sql`${validUntil} >= ${today}`, sql`${version} = 1`)!;
    default:
      return eq(quotes.status, status as QuoteStatus);
  }
}

/** A page of quotes, newest first: everyone's (the back office) or those `scope` allows (a buyer's). */
export async function quotePage(
  db: DbOrTx,
  options: {
    scope: { userId: string; businessId: string | null } | null;
    status?: QuoteDisplayStatus;
    search?: string;
    page: number;
    limit: number;
    today: string;
  },
) {
  const conditions: SQL[] = [];
  const { scope } = options;
  if (scope) {
    conditions.push(
      scope.businessId
        ? or(eq(quotes.userId, scope.userId), eq(quotes.businessId, scope.businessId))!
        : eq(quotes.userId, scope.userId),
    );
  }
  if (options.status) conditions.push(statusCondition(options.status, options.today));
  if (options.search) {
    const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(quotes.customerName, like),
        ilike(quotes.customerEmail, like),
        ilike(quotes.customerBusinessName, like),
        sql`right(${quotes.id}::text, 6) = lower(${options.search})`,
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        quote: quotes,
        lineCount: sql<number>`(select count(*) from ${quoteLines} l where l.quote_id = "quotes"."id")`.mapWith(Number),
        version: sql<number | null>`(${currentVersion}).version`,
        validUntil: sql<string | null>`(${currentVersion}).valid_until`,
        totalPaise: sql<
          string | null
        >`(select v.shipping_paise + coalesce((select sum((l->>'unitPricePaise')::bigint * (l->>'quantity')::bigint) from jsonb_array_elements(v.lines) l), 0) from ${quoteVersions} v where v.quote_id = "quotes"."id" order by v.version desc limit 1)`,
      })
      .from(quotes)
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: count() }).from(quotes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
