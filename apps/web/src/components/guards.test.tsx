import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../App';
import { createStore } from '../store';
import { loginAs, mockFetch, renderWithStore } from '../test/render';
import { RequireAdmin, RequireAuth } from './guards';

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

describe('RequireAdmin', () => {
  const renderAdmin = () =>
    renderWithStore(
      <RequireAdmin>
        <h1>Dashboard</h1>
      </RequireAdmin>,
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

  it('opens for an admin', () => {
    loginAs('admin');
    renderAdmin();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
