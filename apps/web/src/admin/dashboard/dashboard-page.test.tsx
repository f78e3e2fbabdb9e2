import { MESSAGES, ORDER_STATUS_COLORS, OTHER_STATUS_COLOR } from '@pumpkart/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { makeStats } from '../test-data';
import { DashboardPage } from './dashboard-page';

afterEach(() => vi.unstubAllGlobals());

const renderDashboard = () => renderWithStore(<DashboardPage />, { route: '/admin/dashboard' });

describe('Admin dashboard', () => {
  it('shows a loading text first, then the cards with rupee sign and Indian grouping', async () => {
    loginAs('admin');
    mockFetch({ 'GET /api/products/stats': { body: makeStats() } });
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(await screen.findByTestId('stat-Total Revenue')).toHaveTextContent('₹12,34,567');
    expect(screen.getByTestId('stat-Total Orders')).toHaveTextContent('42');
    expect(screen.getByTestId('stat-Products in Store')).toHaveTextContent('1,500');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('draws the monthly revenue bars with month labels, the status pie and the top 5 products', async () => {
    loginAs('admin');
    const topProducts = Array.from({ length: 7 }, (_, i) => ({ title: `Product ${i + 1}`, totalSold: 70 - i }));
    mockFetch({ 'GET /api/products/stats': { body: makeStats({ topProducts }) } });
    const { container } = renderDashboard();

    const revenue = await screen.findByRole('region', { name: 'Monthly Revenue (last 6 months)' });
    expect(revenue.querySelector('svg.recharts-surface')).not.toBeNull();
    for (const label of ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026']) {
      expect(within(revenue).getByText(label)).toBeInTheDocument();
    }

    const pie = screen.getByRole('region', { name: 'Orders by Status' });
    const fills = Array.from(pie.querySelectorAll('.recharts-pie-sector path')).map((path) =>
      path.getAttribute('fill'),
    );
    expect(fills).toEqual([
      ORDER_STATUS_COLORS.pending,
      ORDER_STATUS_COLORS.processing,
      ORDER_STATUS_COLORS.shipped,
      ORDER_STATUS_COLORS.delivered,
      ORDER_STATUS_COLORS.cancelled,
      OTHER_STATUS_COLOR,
    ]);

    const top = screen.getByRole('region', { name: 'Top 5 Products' });
    const ticks = within(top)
      .getAllByTestId('wrapped-tick')
      .map((tick) => tick.querySelector('title')?.textContent);
    expect(ticks).toEqual(['Product 1', 'Product 2', 'Product 3', 'Product 4', 'Product 5']);
    expect(container.querySelectorAll('svg.recharts-surface').length).toBeGreaterThanOrEqual(3);
  });

  it('draws only the last 6 months when the server sends more', async () => {
    loginAs('admin');
    const monthlyRevenue = Array.from({ length: 8 }, (_, i) => ({
      month: `2026-0${i + 1}`,
      revenue: 1000 * (i + 1),
      orders: i + 1,
    }));
    mockFetch({ 'GET /api/products/stats': { body: makeStats({ monthlyRevenue }) } });
    renderDashboard();
    const revenue = await screen.findByRole('region', { name: 'Monthly Revenue (last 6 months)' });
    expect(revenue.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveLength(6);
    for (const label of ['Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026']) {
      expect(within(revenue).getByText(label)).toBeInTheDocument();
    }
    expect(within(revenue).queryByText('Jan 2026')).not.toBeInTheDocument();
    expect(within(revenue).queryByText('Feb 2026')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch stats' when the call fails", async () => {
    loginAs('admin');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/products/stats': { status: 500, body: { message: 'boom' } } });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.statsFailed);
    expect(screen.queryByTestId('stat-Total Revenue')).not.toBeInTheDocument();
  });
});

describe('Admin dashboard: Low stock card', () => {
  const lowStock = [
    { productId: 'p1', title: 'Safety Gloves', variantId: 'v1', size: 'M', stock: 0, threshold: 4 },
    { productId: 'p2', title: 'Nozzle Seal', variantId: null, size: null, stock: 2, threshold: 5 },
  ];

  it('lists the products and sizes the server sends, worst first, each linking to its edit form', async () => {
    loginAs('admin');
    const fetchMock = mockFetch({
      'GET /api/products/stats': { body: makeStats() },
      'GET /api/products/admin/low-stock': { body: { data: lowStock } },
    });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Low stock' });
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Safety Gloves · Size MOut of stock',
      'Nozzle Seal2 left (alert at 5)',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/admin/products?edit=p1');
    expect(within(items[1]!).getByRole('link', { name: 'Nozzle Seal' })).toHaveAttribute(
      'href',
      '/admin/products?edit=p2',
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/low-stock'))!;
    expect(new URL(String(call[0]), 'http://x').searchParams.get('limit')).toBe('10');
  });

  it('says so when nothing is low on stock', async () => {
    loginAs('admin');
    mockFetch({
      'GET /api/products/stats': { body: makeStats() },
      'GET /api/products/admin/low-stock': { body: { data: [] } },
    });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Low stock' });
    expect(await within(card).findByText('Nothing is low on stock.')).toBeInTheDocument();
  });
});
