import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAs, renderWithStore } from '../test/render';
import { Sidebar } from './sidebar';

afterEach(() => vi.unstubAllGlobals());

describe('Admin sidebar', () => {
  it('greets the user by the stored name', () => {
    loginAs('admin', 'Ravi');
    renderWithStore(<Sidebar />, { route: '/admin/dashboard' });
    expect(screen.getByTestId('admin-greeting')).toHaveTextContent('Hello, Ravi');
  });

  it("greets 'Admin' when no name is stored", () => {
    loginAs('admin');
    localStorage.removeItem('userName');
    renderWithStore(<Sidebar />, { route: '/admin/dashboard' });
    expect(screen.getByTestId('admin-greeting')).toHaveTextContent('Hello, Admin');
  });

  // Changed on purpose: GST report (the month's GSTR-1 figures), E-invoices (the IRP's registrations), E-mails (the
  // outbox), Activity (the audit trail), Staff (the owner's invites) and Settings (the store's business details) are
  // the sixth to eleventh pages.
  it("links the owner's eleven admin pages and marks the current one", () => {
    loginAs('admin');
    renderWithStore(<Sidebar />, { route: '/admin/orders' });
    const expected = {
      Dashboard: '/admin/dashboard',
      Products: '/admin/products',
      Orders: '/admin/orders',
      Analytics: '/admin/analytics',
      Payments: '/admin/PaymentInfo',
      'GST report': '/admin/gst-report',
      'E-invoices': '/admin/einvoices',
      'E-mails': '/admin/emails',
      Activity: '/admin/activity',
      Staff: '/admin/staff',
      Settings: '/admin/settings',
      // The compliance tasks of outlets' equipment (docs/compliance-schedules.md#owner-changes), before Settings.
      'Compliance schedules': '/admin/compliance-schedules',
      // What falls due at customers' outlets and the AMC visits (docs/shop-rules.md#due-view), after Customers.
      'Due tasks': '/admin/due-tasks',
    };
    for (const [label, href] of Object.entries(expected)) {
      expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('admin-role')).toHaveTextContent('Owner');
  });

  it.each([
    ['orders_staff', 'Orders staff', ['Orders', 'Quotes', 'Payments', 'Customers', 'Due tasks']],
    ['catalog_staff', 'Catalog staff', ['Products']],
  ] as const)('shows %s only the pages of its area, and the role', (role, label, pages) => {
    loginAs(role, 'Ravi');
    renderWithStore(<Sidebar />, { route: '/admin/orders' });
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(pages);
    expect(screen.getByTestId('admin-role')).toHaveTextContent(label);
    expect(screen.getByRole('link', { name: 'Change password' })).toBeInTheDocument();
  });

  it('links the Change password page of the admin account', () => {
    loginAs('admin');
    renderWithStore(<Sidebar />, { route: '/admin/account' });
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/admin/account');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page');
  });

  it('Logout clears all local storage and goes to /login', async () => {
    loginAs('admin', 'Ravi');
    localStorage.setItem('favorites', '["p1"]');
    localStorage.setItem('userAddresses', '[]');
    localStorage.setItem('something-else', 'x');
    const { router, store } = renderWithStore(<Sidebar />, {
      route: '/admin/dashboard',
      extraRoutes: [{ path: '/login', element: <h1>Login page</h1> }],
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
  });
});
