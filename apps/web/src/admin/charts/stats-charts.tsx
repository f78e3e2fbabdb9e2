/**
 * The charts drawn from GET /products/stats: monthly revenue bars, the orders-by-
 * status pie, the top-products horizontal bars (titles wrapped at 22 characters) and the Sales Trend
 * lines. Months arrive as 'YYYY-MM' and are shown as e.g. 'Jun 2026'.
 */
import { formatIndianNumber, orderStatusLabel, type StatsResponse } from '@pumpkart/shared';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel, rupeesWhole } from '../lib/format';
import { orderStatusColor } from '../ui/badges';
import { ChartBox } from './chart-box';
import { WrappedTick } from './wrapped-tick';

type Monthly = StatsResponse['monthlyRevenue'];
type TopProducts = StatsResponse['topProducts'];

const axisTick = { fontSize: 12, fill: '#475569' };
const compactRupees = (value: number) => `₹${formatIndianNumber(value)}`;
/** Six months without sales still get a readable scale (not ₹0 to ₹4); otherwise Recharts' nice ticks. */
const revenueDomain = (monthly: Monthly) => (monthly.every((m) => m.revenue === 0) ? [0, 1000] : undefined);
const ordersDomain = (monthly: Monthly) => (monthly.every((m) => m.orders === 0) ? [0, 5] : undefined);
const rupeeTooltip = (value: unknown) => rupeesWhole(Number(value));

const withMonthLabels = (monthly: Monthly) => monthly.map((entry) => ({ ...entry, label: monthLabel(entry.month) }));

/** Month against revenue for the last 6 months (dashboard). */
export function MonthlyRevenueChart({ monthly }: { monthly: Monthly }) {
  return (
    <ChartBox title="Monthly Revenue (last 6 months)" empty={monthly.length === 0 ? 'No revenue yet.' : undefined}>
      <BarChart data={withMonthLabels(monthly)} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} />
        <YAxis tickFormatter={compactRupees} tick={axisTick} width={80} domain={revenueDomain(monthly)} />
        <Tooltip formatter={rupeeTooltip} />
        <Bar dataKey="revenue" name="Revenue" fill="#1d4ed8" radius={[4, 4, 0, 0]} animationDuration={600} />
      </BarChart>
    </ChartBox>
  );
}

/** Orders by status, coloured as specified; any other status grey (dashboard). */
export function OrdersByStatusChart({ ordersStatus }: { ordersStatus: Record<string, number> }) {
  const data = Object.entries(ordersStatus)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => ({ name: orderStatusLabel(status), value: count, fill: orderStatusColor(status) }));
  return (
    <ChartBox title="Orders by Status" empty={data.length === 0 ? 'No orders yet.' : undefined}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" outerRadius="75%" label isAnimationActive={false} />
        <Tooltip />
        <Legend />
      </PieChart>
    </ChartBox>
  );
}

/** Product title against units sold, as horizontal bars with titles wrapped at 22 characters. */
export function TopProductsChart({ products, title }: { products: TopProducts; title: string }) {
  const height = Math.max(240, products.length * 64);
  return (
    <ChartBox title={title} height={height} empty={products.length === 0 ? 'No sales yet.' : undefined}>
      <BarChart data={products} layout="vertical" margin={{ top: 8, right: 24, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" dataKey="totalSold" allowDecimals={false} tick={axisTick} />
        <YAxis type="category" dataKey="title" width={170} interval={0} tick={<WrappedTick />} />
        <Tooltip />
        <Bar dataKey="totalSold" name="Units sold" fill="#0891b2" radius={[0, 4, 4, 0]} animationDuration={600} />
      </BarChart>
    </ChartBox>
  );
}

/** Revenue (left axis) and orders (right axis) by month (analytics). */
export function SalesTrendChart({ monthly }: { monthly: Monthly }) {
  return (
    <ChartBox title="Sales Trend" height={320} empty={monthly.length === 0 ? 'No sales yet.' : undefined}>
      <LineChart data={withMonthLabels(monthly)} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={axisTick} padding={{ left: 24, right: 24 }} />
        <YAxis
          yAxisId="revenue"
          tickFormatter={compactRupees}
          tick={axisTick}
          width={80}
          domain={revenueDomain(monthly)}
        />
        <YAxis
          yAxisId="orders"
          orientation="right"
          allowDecimals={false}
          tick={axisTick}
          width={40}
          domain={ordersDomain(monthly)}
        />
        <Tooltip formatter={(value, name) => (name === 'Revenue' ? rupeesWhole(Number(value)) : String(value))} />
        <Legend />
        <Line
          yAxisId="revenue"
          type="monotone"
          dataKey="revenue"
          name="Revenue"
          stroke="#1d4ed8"
          strokeWidth={2}
          animationDuration={600}
        />
        <Line
          yAxisId="orders"
          type="monotone"
          dataKey="orders"
          name="Orders"
          stroke="#f59e0b"
          strokeWidth={2}
          animationDuration={600}
        />
      </LineChart>
    </ChartBox>
  );
}
