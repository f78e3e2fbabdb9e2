import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutConfig } from '../../test/fixtures';
import { mockFetch, renderWithStore } from '../../test/render';
import { Layout } from './layout';

afterEach(() => vi.unstubAllGlobals());

const serveGateway = (gateway: 'sandbox' | 'razorpay') =>
  mockFetch({
    'GET /api/payments/config': { body: checkoutConfig({ gateway }) },
    'GET /api/products/categories/list': { body: [] },
  });

describe('the storefront layout: test-mode banner (docs/decisions/0007-production-safety.md)', () => {
  it('shows "Test mode — no money is taken" while the sandbox gateway takes the payments', async () => {
    serveGateway('sandbox');
    renderWithStore(<Layout />);
    const banner = await screen.findByText('Test mode — no money is taken');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toBeVisible();
    // Fixed to the window's bottom edge: it moves nothing on the page when it appears.
    expect(banner).toHaveClass('fixed', 'bottom-0');
  });

  it('shows nothing with Razorpay, or when the config cannot be loaded', async () => {
    const fetch = serveGateway('razorpay');
    renderWithStore(<Layout />);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/payments/config'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Test mode — no money is taken')).not.toBeInTheDocument();

    vi.unstubAllGlobals();
    mockFetch({}); // every call answers 404
    renderWithStore(<Layout />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Test mode — no money is taken')).not.toBeInTheDocument();
  });
});
