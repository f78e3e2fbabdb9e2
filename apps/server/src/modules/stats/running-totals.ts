/**
 * The dashboard's running totals (docs/shop-rules.md#dashboard): the triggers of migration 0013 append each
 * change's effect on a figure to `dashboard_deltas`; `foldDeltas` moves them into `dashboard_totals`, and a figure
 * is read as its total plus the deltas still pending, in one statement, so it is exact whenever the fold ran.
 * The dashboard folds before it reads once FOLD_AT deltas are pending, and a job folds every SWEEP_INTERVAL_SEC,
 * so that the pending rows a read adds up stay few.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { dashboardDeltas, dashboardTotals } from '../../db/schema';
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

/** Folds every SWEEP_INTERVAL_SEC until stopped (the stats routes start it when the app is ready). */
export function startFolding(ctx: Pick<AppContext, 'db' | 'config'>, log: { error(obj: object, msg: string): void }) {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = foldDeltas(ctx.db)
      .catch((err: unknown) => log.error({ err }, 'folding the dashboard totals failed'))
      .finally(() => {
        running = undefined;
      });
  }, ctx.config.SWEEP_INTERVAL_SEC * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
