/**
 * The admin dashboard's figures (docs/shop-rules.md#money, #dashboard). Money is summed in paise and answered in
 * rupees. Months are calendar months in UTC taken from the database's clock, so every process and every test
 * agrees on "this month". Every figure comes from the running totals (store.ts), so the dashboard costs
 * the same at 200 orders or 200,000.
 */
import { ORDER_STATUSES, toRupees, type StatsResponse } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { deltasPiledUp, figuresOf, foldDeltas, lastMonths, METRICS, topProducts } from './store';

export const STATS_MONTHS = 6;
export const TOP_PRODUCTS = 5;

export async function getStats({ db }: Pick<AppContext, 'db'>): Promise<StatsResponse> {
  if (await deltasPiledUp(db)) await foldDeltas(db);
  const [figures, months, top] = await Promise.all([
    figuresOf(db, [METRICS.ordersByStatus, METRICS.ordersByMonth, METRICS.revenueByMonth, METRICS.activeProducts]),
    lastMonths(db, STATS_MONTHS),
    topProducts(db, TOP_PRODUCTS),
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
