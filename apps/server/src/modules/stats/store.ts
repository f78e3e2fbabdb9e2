/**
 * The dashboard's data: its running totals (docs/shop-rules.md#dashboard): the triggers of migration 0013 append each
 * change's effect on a figure to `dashboard_deltas`; `foldDeltas` moves them into `dashboard_totals`, and a figure
 * is read as its total plus the deltas still pending, in one statement, so it is exact whenever the fold ran.
 * The dashboard folds before it reads once FOLD_AT deltas are pending, and a job folds every SWEEP_INTERVAL_SEC,
 * so that the pending rows a read adds up stay few.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dashboardDeltas, dashboardTotals, products } from '../../db/schema';
import { rowsOf } from '../../lib/raw-rows';

/** The figures the triggers keep, each by its key (migration 0013). */
export const METRICS = {
  ordersByStatus: 'orders_by_status',
  ordersByMonth: 'orders_by_month',
  revenueByMonth: 'revenue_by_month',
  unitsSold: 'units_sold',
  activeProducts: 'active_products',
} as const;

/** One fold at a time: a second one finds the lock taken and leaves the deltas to the first. */
const FOLD_LOCK = 4_242_013;

/** Pending deltas from which the dashboard's read folds them first. */
export const FOLD_AT = 1_000;

/** Whether FOLD_AT or more deltas are pending (counts at most that many). */
export async function deltasPiledUp(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ pending: number | string }>(
    await db.execute(
      sql`select count(*) as pending from (select 1 from ${dashboardDeltas} limit ${FOLD_AT}) as pending`,
    ),
  );
  return Number(row?.pending ?? 0) >= FOLD_AT;
}

/** Moves every pending delta into its total (one row per metric and key), in one transaction. */
export async function foldDeltas(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as locked`),
    );
    if (!lock?.locked) return;
    await tx.execute(sql`
      with moved as (delete from ${dashboardDeltas} returning metric, key, value)
      insert into ${dashboardTotals} (metric, key, value)
      select metric, key, sum(value)::bigint from moved group by metric, key order by metric, key
      on conflict (metric, key) do update set value = ${dashboardTotals.value} + excluded.value`);
  });
}

/** Each key of the metrics and its figure: the total plus the pending deltas. */
export async function figuresOf(
  db: Database,
  metrics: string[],
): Promise<{ metric: string; key: string; value: number }[]> {
  const list: SQL = sql.join(
    metrics.map((metric) => sql`${metric}`),
    sql`, `,
  );
  const rows = rowsOf<{ metric: string; key: string; value: string | number }>(
    await db.execute(sql`
      select metric, key, sum(value)::bigint as value from (
        select metric, key, value from ${dashboardTotals} where metric in (${list})
        union all
        select metric, key, value from ${dashboardDeltas} where metric in (${list})
      ) as figures
      group by metric, key`),
  );
  return rows.map((row) => ({ metric: row.metric, key: row.key, value: Number(row.value) }));
}

/** The last `count` calendar months including the current one, oldest first ('YYYY-MM'). */
export async function lastMonths(db: Database, count: number): Promise<string[]> {
  const result = await db.execute(sql`
    select to_char(date_trunc('month', now() at time zone 'UTC') - make_interval(months => n), 'YYYY-MM') as month
    from generate_series(${count - 1}, 0, -1) as n`);
  return rowsOf<{ month: string }>(result).map((row) => row.month);
}

/**
 * The `count` most sold products, most units first; lines of a permanently deleted product are grouped by
 * their copied title. Equal sellers are taken by key (the product's id), so that only the first few totals are
 * ever read, whatever the ties; the ones taken are listed by title. The candidates are the first
 * (`count` + pending keys) entries of dashboard_totals_value_idx (metric, value DESC NULLS LAST, key: the
 * ORDER BY says so to use it) and the keys with pending deltas: a key that is neither has at least `count`
 * keys without pending deltas before it, whose totals are final. Each candidate carries its total, so no statement
 * joins the whole table (the planner cannot tell the limit's size and would hash every total).
 */
export async function topProducts(db: Database, count: number): Promise<{ title: string; totalSold: number }[]> {
  const metric = METRICS.unitsSold;
  const result = await db.execute(sql`
    with pending as (
      select key, sum(value)::bigint as value from ${dashboardDeltas} where metric = ${metric} group by key
    ),
    candidates as (
      (
        select key, value from ${dashboardTotals} where metric = ${metric}
        order by value desc nulls last, key limit ${count} + (select count(*) from pending)
      )
      union
      select p.key, t.value from pending p left join ${dashboardTotals} t on t.metric = ${metric} and t.key = p.key
    ),
    sold as (
      select c.key, coalesce(c.value, 0) + coalesce(p.value, 0) as units
      from candidates c left join pending p on p.key = c.key
    ),
    top as (
      select key, units from sold where units > 0 order by units desc, key limit ${count}
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
