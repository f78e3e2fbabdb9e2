import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../App';
import { createStore } from '../../store';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { NO_ACCESS_TEXT, RequireArea, RequireAuth, RequireBackOffice } from './guards';

afterEach(() => vi.unstubAllGlobals());

function LoginStub() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <h1>Login page{from ? ` from ${from}` : ''}</h1>;
}

const stubs = [
  { path: '/login', element: <LoginStub /> },
  { path: '/', element: <h1>Home page</h1> },
];

describe('RequireAuth: the buyer pages need login', () => {
  it('sends a logged-out visitor to /login, remembering where they were going', async () => {
    const { router } = renderWithStore(
      <RequireAuth>
        <h1>My Orders</h1>
      </RequireAuth>,
      { route: '/order', extraRoutes: stubs },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('heading', { name: 'Login page from /order' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Orders' })).not.toBeInTheDocument();
    // Replaced, not pushed: Back does not bounce the visitor into the guard again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the page to a logged-in buyer', () => {
    loginAs();
    const { router } = renderWithStore(
      <RequireAuth>
        <h1>My Orders</h1>
      </RequireAuth>,
      { route: '/order', extraRoutes: stubs },
    );
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order');
  });

  it.each(['/cart', '/payment', '/profile', '/favorites', '/order'])('guards %s in the route table', async (path) => {
    mockFetch({ 'GET /api/products/categories/list': { body: [] } });
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <Provider store={createStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('RequireBackOffice', () => {
  const renderAdmin = () =>
    renderWithStore(
      <RequireBackOffice>
        <h1>Dashboard</h1>
      </RequireBackOffice>,
      { route: '/admin/dashboard', extraRoutes: stubs },
    );

  it('sends a logged-out visitor to /login and a customer to /', async () => {
    const first = renderAdmin();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    first.unmount();

    loginAs('customer');
    const second = renderAdmin();
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it.each(['admin', 'orders_staff', 'catalog_staff'] as const)('opens for %s', (role) => {
    loginAs(role);
    renderAdmin();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('RequireArea: each back-office page opens only for the roles with its area', () => {
  const renderPage = () =>
    renderWithStore(
      <RequireArea area="catalog">
        <h1>Products</h1>
      </RequireArea>,
      { route: '/admin/products', extraRoutes: [{ path: '/admin/orders', element: <h1>Orders</h1> }] },
    );

  it.each(['admin', 'catalog_staff'] as const)('shows the page to %s', (role) => {
    loginAs(role);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });

  it('tells orders staff they have no access, with a link to their first page', async () => {
    loginAs('orders_staff');
    const { router } = renderPage();
    expect(screen.queryByRole('heading', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: NO_ACCESS_TEXT.title })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: NO_ACCESS_TEXT.home }));
    expect(router.state.location.pathname).toBe('/admin/orders');
  });

  it('shows the no-access page at /admin/products in the whole app for orders staff', async () => {
    loginAs('orders_staff');
    mockFetch({});
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/products'] });
    render(
      <Provider store={createStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: NO_ACCESS_TEXT.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/products');
  });
});
