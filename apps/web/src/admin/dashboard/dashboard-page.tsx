/**
 * The admin dashboard: a loading text first, then the Total Revenue, Total Orders
 * and Products in Store cards and three charts; 'Failed to fetch stats' when the call fails.
 * The Low stock card (low-stock-card.tsx) loads on its own, beside the charts.
 */
import { formatIndianNumber, MESSAGES } from '@pumpkart/shared';
import { useGetStatsQuery } from './stats-api';
import { MonthlyRevenueChart, OrdersByStatusChart, TopProductsChart } from '../charts/stats-charts';
import { rupeesWhole } from '../lib/format';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { LowStockCard } from './low-stock-card';

/** The dashboard covers the last 6 months and the top 5 products. */
const MONTHS = 6;
const TOP_PRODUCTS = 5;

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900" data-testid={`stat-${label}`}>
        {value}
      </p>
    </div>
  );
}

export function DashboardPage() {
  const stats = useGetStatsQuery();

  return (
    <div>
      <PageHeader title="Dashboard" />
      {stats.isLoading && <LoadingText text="Loading dashboard..." />}
      {stats.isError && <ErrorText text={MESSAGES.statsFailed} />}
      {stats.isSuccess && (
        <div className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Total Revenue" value={rupeesWhole(stats.data.revenue)} />
            <StatCard label="Total Orders" value={formatIndianNumber(stats.data.orders)} />
            <StatCard label="Products in Store" value={formatIndianNumber(stats.data.products)} />
          </div>
          <div className="grid gap-5 xl:grid-cols-2">
            <MonthlyRevenueChart monthly={stats.data.monthlyRevenue.slice(-MONTHS)} />
            <OrdersByStatusChart ordersStatus={stats.data.ordersStatus} />
          </div>
          <div className="grid gap-5 xl:grid-cols-2">
            <TopProductsChart title="Top 5 Products" products={stats.data.topProducts.slice(0, TOP_PRODUCTS)} />
            <LowStockCard />
          </div>
        </div>
      )}
    </div>
  );
}
