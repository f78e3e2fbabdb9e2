/**
 * The admin dashboard's figures (docs/shop-rules.md#money, #dashboard). Money is summed in paise and answered in
 * rupees. Months are calendar months in UTC taken from the database's clock, so every process and every test
 * agrees on "this month". Every figure comes from the running totals (running-totals.ts), so the dashboard costs
 * the same at 200 orders or 200,000.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, toRupees, type StatsResponse } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { dashboardDeltas, dashboardTotals, products } from '../../db/schema';
import { rowsOf } from '../../lib/raw-rows';
import { deltasPiledUp, figuresOf, foldDeltas, METRICS } from './running-totals';

export const STATS_MONTHS = 6;
export const TOP_PRODUCTS = 5;

/** The last STATS_MONTHS calendar months including the current one, oldest first ('YYYY-MM'). */
async function lastMonths(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select to_char(date_trunc('month', now() at time zone 'UTC') - make_interval(months => n), 'YYYY-MM') as month
    from generate_series(${STATS_MONTHS - 1}, 0, -1) as n`);
  return rowsOf<{ month: string }>(result).map((row) => row.month);
}

/**
 * The TOP_PRODUCTS most sold products, most units first; lines of a permanently deleted product are grouped by
 * their copied title. Equal sellers are taken by key (the product's id), so that only the first few totals are
 * ever read, whatever the ties; the ones taken are listed by title. The candidates are the first
 * (TOP_PRODUCTS + pending keys) entries of dashboard_totals_value_idx (metric, value DESC NULLS LAST, key: the
 * ORDER BY says so to use it) and the keys with pending deltas: a key that is neither has at least TOP_PRODUCTS
 * keys without pending deltas before it, whose totals are final. Each candidate carries its total, so no statement
 * joins the whole table (the planner cannot tell the limit's size and would hash every total).
 */
async function topProducts(db: Database): Promise<StatsResponse['topProducts']> {
  const metric = METRICS.unitsSold;
  const result = await db.execute(sql`
    with pending as (
      select key, sum(value)::bigint as value from ${dashboardDeltas} where metric = ${metric} group by key
    ),
    candidates as (
      (
        select key, value from ${dashboardTotals} where metric = ${metric}
        order by value desc nulls last, key limit ${TOP_PRODUCTS} + (select count(*) from pending)
      )
      union
      select p.key, t.value from pending p left join ${dashboardTotals} t on t.metric = ${metric} and t.key = p.key
    ),
    sold as (
      select c.key, coalesce(c.value, 0) + coalesce(p.value, 0) as units
      from candidates c left join pending p on p.key = c.key
    ),
    top as (
      select key, units from sold where units > 0 order by units desc, key limit ${TOP_PRODUCTS}
    )
    select coalesce(${products.title}, substr(top.key, length('title:') + 1)) as title, top.units
    from top
    left join ${products}
      on ${products.id} = case when top.key like 'product:%' then substr(top.key, length('product:') + 1)::uuid end
    order by top.units desc, 1`);
  return rowsOf<{ title: string; units: string | number }>(result).map((row) => ({
    title: row.title,
    totalSold: Number(row.units),
  }));
}

export async function getStats({ db }: Pick<AppContext, 'db'>): Promise<StatsResponse> {
  if (await deltasPiledUp(db)) await foldDeltas(db);
  const [figures, months, top] = await Promise.all([
    figuresOf(db, [METRICS.ordersByStatus, METRICS.ordersByMonth, METRICS.revenueByMonth, METRICS.activeProducts]),
    lastMonths(db),
    topProducts(db),
  ]);
  const ordersStatus: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  const ordersByMonth = new Map<string, number>();
  const revenueByMonth = new Map<string, number>();
  let activeProducts = 0;
  for (const { metric, key, value } of figures) {
    if (metric === METRICS.ordersByStatus) ordersStatus[key] = value;
    else if (metric === METRICS.ordersByMonth) ordersByMonth.set(key, value);
    else if (metric === METRICS.revenueByMonth) revenueByMonth.set(key, value);
    else activeProducts = value;
  }
  const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);
  return {
    revenue: toRupees(sum(revenueByMonth.values())),
    orders: sum(Object.values(ordersStatus)),
    products: activeProducts,
    monthlyRevenue: months.map((month) => ({
      month,
      revenue: toRupees(revenueByMonth.get(month) ?? 0),
      orders: ordersByMonth.get(month) ?? 0,
    })),
    ordersStatus,
    topProducts: top,
  };
}
