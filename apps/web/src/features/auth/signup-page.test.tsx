import { MESSAGES, PASSWORD_TOO_COMMON, SERVER_MESSAGES } from '@pumpkart/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithStore } from '../../test/render';
import { Notices } from '../../shop/layout/notices';
import { SignupPage } from './signup-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSignup = () =>
  renderWithStore(<SignupPage />, {
    route: '/signup',
    extraRoutes: [
      { path: '/login', element: <PageStub label="Login page" /> },
      { path: '/', element: <PageStub label="Home page" /> },
      { path: '/product/:productId', element: <PageStub label="Product p1" /> },
    ],
  });

/** A page stub that keeps the notices on screen after the navigation. */
function PageStub({ label }: { label: string }) {
  return (
    <>
      <p>{label}</p>
      <Notices />
    </>
  );
}

const newBuyer = {
  token: 'jwt-new',
  user: {
    _id: 'u1',
    name: 'Sunita Rao',
    email: 'sunita@example.com',
    role: 'customer',
    phone: '9876543210',
    addresses: [],
    businessName: null,
    gstin: null,
  },
};

/** The server's answer to every registration, a new e-mail or a taken one (docs/shop-rules.md#accounts). */
const registered = { status: 201, body: { message: SERVER_MESSAGES.registered } };

async function fill(phone = '98765 43210') {
  await userEvent.type(screen.getByLabelText('Name'), 'Sunita Rao');
  await userEvent.type(screen.getByLabelText('Email'), 'sunita@example.com');
  await userEvent.type(screen.getByLabelText('Phone'), phone);
  await userEvent.type(screen.getByLabelText('Password'), 'pump2026');
}

describe('SignupPage', () => {
  it('requires name, email, phone and password, and links to login', () => {
    renderSignup();
    for (const label of ['Name', 'Email', 'Phone', 'Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('keeps only digits in the phone, at most 10', async () => {
    renderSignup();
    const phone = screen.getByLabelText('Phone');
    await userEvent.type(phone, '+91 (98)765-432109999');
    expect(phone).toHaveValue('9198765432');
    await userEvent.clear(phone);
    await userEvent.type(phone, 'abc98x7');
    expect(phone).toHaveValue('987');
  });

  it("registers, logs the new buyer in, says 'Registration successful! Welcome to PumpKart.' and goes home", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetch = mockFetch({
      'POST /api/auth/register': registered,
      'POST /api/auth/login': { body: newBuyer },
    });
    const { store } = renderSignup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.signupWelcome)).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(store.getState().session.token).toBe('jwt-new');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      name: 'Sunita Rao',
      email: 'sunita@example.com',
      phone: '9876543210',
      password: 'pump2026',
    });
    expect(String(fetch.mock.calls[1]![0])).toMatch(/\/api\/auth\/login$/);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toEqual({
      email: 'sunita@example.com',
      password: 'pump2026',
    });
  });

  it('returns the new buyer to the product they came from, over its page', async () => {
    mockFetch({
      'POST /api/auth/register': registered,
      'POST /api/auth/login': { body: newBuyer },
    });
    const background = { pathname: '/', search: '', hash: '' };
    const { router } = renderSignup();
    await act(() => router.navigate('/signup', { replace: true, state: { from: '/product/p1', background } }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Product p1')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ background, landed: true });
  });

  it("says 'Registration successful! Please log in.' and opens login when the automatic login fails", async () => {
    mockFetch({
      'POST /api/auth/register': registered,
      'POST /api/auth/login': {
        status: 429,
        body: { message: 'Too many attempts. Please wait a minute and try again.' },
      },
    });
    renderSignup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.signupSucceeded)).toBeInTheDocument();
  });

  it("on an e-mail that already has an account, says only 'Registration successful! Please log in.' and opens login", async () => {
    // The server answers a taken e-mail as a new one; the automatic login then fails, since the password is not
    // the account's. Nothing on screen tells that the account existed.
    mockFetch({
      'POST /api/auth/register': registered,
      'POST /api/auth/login': { status: 401, body: { message: SERVER_MESSAGES.invalidCredentials } },
    });
    const { store } = renderSignup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.signupSucceeded)).toBeInTheDocument();
    expect(screen.queryByText(SERVER_MESSAGES.invalidCredentials)).not.toBeInTheDocument();
    expect(screen.queryByText(/already/i)).not.toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
  });

  it("shows the server's message when signup fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({
      'POST /api/auth/register': { status: 400, body: { message: PASSWORD_TOO_COMMON } },
    });
    renderSignup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TOO_COMMON);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong. Try again!' without a server message", async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({ 'POST /api/auth/register': { status: 500, body: {} } });
    renderSignup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.signupFailed);
  });
});
