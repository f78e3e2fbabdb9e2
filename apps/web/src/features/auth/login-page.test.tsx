import { MESSAGES, type Role } from '@pumpkart/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithStore } from '../../test/render';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderLogin = () =>
  renderWithStore(<LoginPage />, {
    route: '/login',
    extraRoutes: [
      { path: '/', element: <p>Home page</p> },
      { path: '/admin/dashboard', element: <p>Admin dashboard</p> },
      { path: '/signup', element: <p>Signup page</p> },
      { path: '/order', element: <p>My Orders page</p> },
      { path: '/admin/orders', element: <p>Admin orders</p> },
      { path: '/admin/products', element: <p>Admin products</p> },
      { path: '/product/:productId', element: <p>Product page</p> },
    ],
  });

/** The login page reached with a state (a guard, the navbar's Login link, 'Login to Buy'). */
async function renderLoginFrom(state: unknown) {
  const view = renderLogin();
  await act(() => view.router.navigate('/login', { replace: true, state }));
  return view;
}

const user = (role: Role) => ({
  token: 'jwt-token',
  user: {
    _id: 'u1',
    name: 'Ravi',
    email: 'ravi@example.com',
    role,
    phone: '9876543210',
    addresses: [],
    businessName: null,
    gstin: null,
  },
});

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Email'), 'ravi@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('asks for a required email (type email) and a required password, and links to signup', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it("links to the password reset with 'Forgot password?', keeping the page's texts", () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back to PumpKart.')).toBeInTheDocument();
    expect(screen.getByText(/New to PumpKart\?/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it("reads 'Logging in...' while busy, then sends a customer to / with the session stored", async () => {
    let answer: () => void = () => {};
    const fetch = mockFetch({});
    fetch.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              new Response(JSON.stringify(user('customer')), { headers: { 'content-type': 'application/json' } }),
            );
        }),
    );
    const { store } = renderLogin();
    await fillAndSubmit();
    expect(screen.getByRole('button', { name: MESSAGES.loggingIn })).toBeDisabled();
    answer();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      email: 'ravi@example.com',
      password: 'secret123',
    });
    expect(localStorage.getItem('token')).toBe('jwt-token');
    expect(localStorage.getItem('userName')).toBe('Ravi');
    expect(store.getState().session.role).toBe('customer');
  });

  it('sends an admin to /admin/dashboard', async () => {
    mockFetch({ 'POST /api/auth/login': { body: user('admin') } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText('Admin dashboard')).toBeInTheDocument();
  });

  it.each([
    ['orders_staff', 'Admin orders'],
    ['catalog_staff', 'Admin products'],
  ] as const)('sends %s to their first back-office page', async (role, page) => {
    mockFetch({ 'POST /api/auth/login': { body: user(role) } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText(page)).toBeInTheDocument();
  });

  it('returns a buyer to the page they came from', async () => {
    mockFetch({ 'POST /api/auth/login': { body: user('customer') } });
    const { router } = await renderLoginFrom({ from: '/order' });
    await fillAndSubmit();
    expect(await screen.findByText('My Orders page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('returns a buyer to the product they came from, over the page it was opened from', async () => {
    mockFetch({ 'POST /api/auth/login': { body: user('customer') } });
    const background = { pathname: '/category/Nozzles', search: '', hash: '' };
    const { router } = await renderLoginFrom({ from: '/product/p1', background });
    await fillAndSubmit();
    expect(await screen.findByText('Product page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/p1');
    // Closing the product then replaces the URL with its page (the login entry is gone).
    expect(router.state.location.state).toEqual({ background, landed: true });
  });

  it('returns an admin to an admin page, never to a storefront page, and ignores a from of another site', async () => {
    mockFetch({ 'POST /api/auth/login': { body: user('admin') } });
    const first = await renderLoginFrom({ from: '/admin/orders' });
    await fillAndSubmit();
    expect(await screen.findByText('Admin orders')).toBeInTheDocument();
    first.unmount();

    await renderLoginFrom({ from: '/order' });
    await fillAndSubmit();
    expect(await screen.findByText('Admin dashboard')).toBeInTheDocument();
    cleanup();

    mockFetch({ 'POST /api/auth/login': { body: user('customer') } });
    await renderLoginFrom({ from: '//evil.example/phish' });
    await fillAndSubmit();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it("shows the server's message when login fails", async () => {
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Login failed. Try again!' without a server message", async () => {
    mockFetch({ 'POST /api/auth/login': () => ({ status: 500, body: {} }) });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it("shows 'Login failed. Try again!' when the server does not answer", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ravi@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    fireEvent.submit(screen.getByRole('button', { name: 'Login' }).closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });
});
