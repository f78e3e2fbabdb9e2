import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { makeStats } from '../test-data';
import { AnalyticsPage } from './analytics-page';

afterEach(() => vi.unstubAllGlobals());

describe('Admin analytics', () => {
  it('draws the Sales Trend with revenue and orders on two axes, by month', async () => {
    loginAs('admin');
    mockFetch({ 'GET /api/products/stats': { body: makeStats() } });
    renderWithStore(<AnalyticsPage />, { route: '/admin/analytics' });
    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    const trend = await screen.findByRole('region', { name: 'Sales Trend' });
    expect(trend.querySelectorAll('.recharts-yAxis')).toHaveLength(2);
    expect(trend.querySelectorAll('.recharts-line')).toHaveLength(2);
    expect(within(trend).getByText('Jun 2026')).toBeInTheDocument();
    expect(within(trend).getByText('Revenue')).toBeInTheDocument();
    expect(within(trend).getByText('Orders')).toBeInTheDocument();
  });

  it('wraps long product titles into lines of at most 22 characters', async () => {
    loginAs('admin');
    mockFetch({ 'GET /api/products/stats': { body: makeStats() } });
    renderWithStore(<AnalyticsPage />, { route: '/admin/analytics' });
    const top = await screen.findByRole('region', { name: 'Top Products' });
    const linesOf = (title: string) => {
      const tick = within(top)
        .getAllByTestId('wrapped-tick')
        .find((element) => element.querySelector('title')?.textContent === title);
      return Array.from(tick!.querySelectorAll('tspan')).map((tspan) => tspan.textContent);
    };
    expect(linesOf('Fire Extinguisher ABC Type 6 kg With Wall Bracket')).toEqual([
      'Fire Extinguisher ABC',
      'Type 6 kg With Wall',
      'Bracket',
    ]);
    expect(linesOf('Safety Gloves')).toEqual(['Safety Gloves']);
  });

  it('only logs a failed fetch and shows an empty state instead of crashing', async () => {
    loginAs('admin');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/products/stats': { status: 500, body: { message: 'boom' } } });
    renderWithStore(<AnalyticsPage />, { route: '/admin/analytics' });
    const trend = await screen.findByRole('region', { name: 'Sales Trend' });
    expect(trend).toHaveTextContent('No sales yet.');
    expect(screen.getByRole('region', { name: 'Top Products' })).toHaveTextContent('No sales yet.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
