import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutConfig } from '../test/fixtures';
import { loginAs, mockFetch, renderWithStore } from '../test/render';
import AdminApp from './admin-app';
import { makeStats } from './test-data';

afterEach(() => vi.unstubAllGlobals());

const renderDashboard = (gateway: 'sandbox' | 'razorpay') => {
  loginAs('admin');
  const fetch = mockFetch({
    'GET /api/products/stats': { body: makeStats() },
    'GET /api/payments/config': { body: checkoutConfig({ gateway }) },
  });
  renderWithStore(<AdminApp />, { route: '/admin/dashboard', path: '/admin/*' });
  return fetch;
};

describe('the admin layout: test-mode banner (docs/decisions/0007-production-safety.md)', () => {
  it('shows "Test mode — no money is taken" while the sandbox gateway takes the payments', async () => {
    renderDashboard('sandbox');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const banner = await screen.findByText('Test mode — no money is taken');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toBeVisible();
  });

  it('shows nothing with Razorpay', async () => {
    const fetch = renderDashboard('razorpay');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/payments/config'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Test mode — no money is taken')).not.toBeInTheDocument();
  });
});
