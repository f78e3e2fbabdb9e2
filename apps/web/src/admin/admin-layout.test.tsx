import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    const banner = await screen.findByText('Test mode — no money is taken');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toBeVisible();
  });

  it('shows nothing with Razorpay', async () => {
    const fetch = renderDashboard('razorpay');
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/payments/config'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Test mode — no money is taken')).not.toBeInTheDocument();
  });
});

/** Whether the element or one of its ancestors is inert. */
function isInert(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) if (node.inert) return true;
  return false;
}

describe("the admin layout: the phone's menu", () => {
  it(
    'keeps focus inside the open menu, leaves the page behind inert, and Escape returns focus to the button',
    {
      timeout: 30_000,
    },
    async () => {
      vi.stubGlobal('innerWidth', 360);
      renderDashboard('razorpay');
      expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
      const main = document.getElementById('admin-main')!;
      const user = userEvent.setup();
      const button = screen.getByRole('button', { name: 'Open menu' });
      await user.click(button);
      const menu = screen.getByRole('dialog', { name: 'Admin menu' });
      await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
      expect(isInert(main)).toBe(true);
      expect(isInert(screen.getByTestId('admin-menu-overlay'))).toBe(false);
      expect(isInert(menu)).toBe(false);

      // Tab from the last control wraps to the first, and Shift+Tab back: focus never reaches the page.
      const controls = within(menu).getAllByRole('link').concat(within(menu).getAllByRole('button'));
      const last = within(menu).getByRole('button', { name: 'Logout' });
      last.focus();
      await user.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
      expect(document.activeElement).toBe(controls[0]);
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(last);

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Admin menu' })).not.toBeInTheDocument();
      expect(button).toHaveFocus();
      expect(isInert(main)).toBe(false);
    },
  );
});
