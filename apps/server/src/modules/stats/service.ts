/**
 * The admin dashboard's figures (docs/shop-rules.md#money). Money is summed in
 * paise and answered in rupees. Months are calendar months in UTC taken from the database's clock,
 * so every process and every test agrees on "this month".
 */
import { count, desc, eq, ne, sql, sum } from 'drizzle-orm';
import { ORDER_STATUSES, toRupees, type StatsResponse } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, products } from '../../db/schema';

export const STATS_MONTHS = 6;
export const TOP_PRODUCTS = 5;

/** The rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function monthlyFigures(db: DbOrTx): Promise<StatsResponse['monthlyRevenue']> {
  // The last STATS_MONTHS calendar months including the current one, oldest first, zeros included.
  const result = await db.execute(sql`
    with months as (
      select generate_series(
        date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${STATS_MONTHS - 1}),
        date_trunc('month', now() at time zone 'UTC'),
        interval '1 month'
      ) as start
    ),
    bounds as (
      select start, start at time zone 'UTC' as starts_at, (start + interval '1 month') at time zone 'UTC' as ends_at
      from months
    )
    select
      to_char(b.start, 'YYYY-MM') as month,
      (select coalesce(sum(p.amount_paise), 0)::bigint from ${payments} p
        where p.status = 'success'
          and coalesce(p.paid_at, p.created_at) >= b.starts_at
          and coalesce(p.paid_at, p.created_at) < b.ends_at) as revenue_paise,
      (select count(*)::int from ${orders} o
        where o.created_at >= b.starts_at and o.created_at < b.ends_at) as orders
    from bounds b
    order by b.start
  `);
  return rowsOf<{ month: string; revenue_paise: string | number | bigint; orders: string | number }>(result).map(
    (row) => ({ month: row.month, revenue: toRupees(Number(row.revenue_paise)), orders: Number(row.orders) }),
  );
}

async function ordersByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
  const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

async function topProducts(db: DbOrTx): Promise<StatsResponse['topProducts']> {
  // Lines of a permanently deleted product (product_id null) are grouped by their copied title.
  const title = sql<string>`coalesce(min(${products.title}), min(${orderItems.title}))`;
  // A sum of int4 quantities is bigint: cast to int it would overflow past 2^31 units.
  const totalSold = sql<number>`sum(${orderItems.quantity})::bigint`.mapWith(Number);
  const rows = await db
    .select({ title, totalSold })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(ne(orders.status, 'cancelled'))
    .groupBy(orderItems.productId, sql`case when ${orderItems.productId} is null then ${orderItems.title} end`)
    .orderBy(desc(totalSold), title)
    .limit(TOP_PRODUCTS);
  return rows.map((row) => ({ title: row.title, totalSold: row.totalSold }));
}

export async function getStats({ db }: Pick<AppContext, 'db'>): Promise<StatsResponse> {
  const [[revenue], [orderCount], [productCount], monthlyRevenue, ordersStatus, top] = await Promise.all([
    db
      .select({ paise: sum(payments.amountPaise).mapWith(Number) })
      .from(payments)
      .where(eq(payments.status, 'success')),
    db.select({ count: count() }).from(orders),
    db.select({ count: count() }).from(products).where(eq(products.active, true)),
    monthlyFigures(db),
    ordersByStatus(db),
    topProducts(db),
  ]);
  return {
    revenue: toRupees(revenue?.paise ?? 0),
    orders: Number(orderCount?.count ?? 0),
    products: Number(productCount?.count ?? 0),
    monthlyRevenue,
    ordersStatus,
    topProducts: top,
  };
}
