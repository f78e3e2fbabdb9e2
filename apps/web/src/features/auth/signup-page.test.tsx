import { MESSAGES } from '@pumpkart/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithStore } from '../../test/render';
import { SignupPage } from './signup-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSignup = () =>
  renderWithStore(<SignupPage />, {
    route: '/signup',
    extraRoutes: [{ path: '/login', element: <p>Login page</p> }],
  });

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

  it("alerts 'Registration successful! Please log in.' and goes to /login", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetch = mockFetch({ 'POST /api/auth/register': { status: 201, body: { message: 'Registered', _id: 'u1' } } });
    renderSignup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith(MESSAGES.signupSucceeded);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      name: 'Sunita Rao',
      email: 'sunita@example.com',
      phone: '9876543210',
      password: 'pump2026',
    });
  });

  it("shows the server's message when signup fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({
      'POST /api/auth/register': { status: 409, body: { message: 'An account with this email already exists.' } },
    });
    renderSignup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
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
