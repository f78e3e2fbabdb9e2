/**
 * Admin analytics: the Sales Trend line chart (revenue and orders by month, on two
 * axes) and the Top Products horizontal bars with titles wrapped at 22 characters. A failed fetch is
 * only logged: the page then shows an empty state.
 */
import { useGetStatsQuery } from '../dashboard/stats-api';
import { SalesTrendChart, TopProductsChart } from '../charts/stats-charts';
import { LoadingText, PageHeader } from '../ui/page-header';

export function AnalyticsPage() {
  const stats = useGetStatsQuery();
  const monthly = stats.data?.monthlyRevenue ?? [];
  const topProducts = stats.data?.topProducts ?? [];

  return (
    <div>
      <PageHeader title="Analytics" />
      {stats.isLoading ? (
        <LoadingText text="Loading analytics..." />
      ) : (
        <div className="space-y-5">
          <SalesTrendChart monthly={monthly} />
          <TopProductsChart title="Top Products" products={topProducts} />
        </div>
      )}
    </div>
  );
}
