import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../test/render';
import AdminApp from './admin-app';
import { makeStats } from './test-data';

afterEach(() => vi.unstubAllGlobals());

const renderAdmin = (route: string) => renderWithStore(<AdminApp />, { route, path: '/admin/*' });

describe('Admin area routes', () => {
  it('sends /admin to /admin/dashboard inside the admin layout', async () => {
    loginAs('admin', 'Ravi');
    mockFetch({ 'GET /api/products/stats': { body: makeStats() } });
    const { router } = renderAdmin('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Search products...')).not.toBeInTheDocument();
  });

  it.each([
    ['/admin/products', 'Products', 'GET /api/products/admin/all', []],
    ['/admin/orders', 'Orders', 'GET /api/orders', { data: [], total: 0 }],
    ['/admin/analytics', 'Analytics', 'GET /api/products/stats', makeStats()],
    ['/admin/PaymentInfo', 'Payments', 'GET /api/payments', { data: [], total: 0 }],
  ])('opens %s', async (route, heading, call, body) => {
    loginAs('admin');
    mockFetch({ [call]: { body } });
    renderAdmin(route);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
  });

  it("opens /admin/account, the admin's Change password page", async () => {
    loginAs('admin');
    mockFetch({});
    renderAdmin('/admin/account');
    expect(await screen.findByRole('heading', { name: 'Change password', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses the sidebar behind a menu button that opens and closes it', async () => {
    loginAs('admin');
    mockFetch({ 'GET /api/products/stats': { body: makeStats() } });
    // A phone's width: from the laptop layout up the sidebar is always shown and the menu button is hidden.
    vi.stubGlobal('innerWidth', 360);
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    // The open menu is a modal dialog: the page behind it, the menu button included, is inert (hidden from the
    // accessibility tree) until it closes.
    expect(screen.getByRole('button', { name: 'Close menu', hidden: true })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByTestId('admin-menu-overlay'));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Analytics' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
