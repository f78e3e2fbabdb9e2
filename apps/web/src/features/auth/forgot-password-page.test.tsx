import { MESSAGES, SERVER_MESSAGES } from '@pumpkart/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithStore } from '../../test/render';
import { FORGOT_PASSWORD_TEXT, ForgotPasswordPage } from './forgot-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderForgot = () =>
  renderWithStore(<ForgotPasswordPage />, {
    route: '/forgot-password',
    extraRoutes: [{ path: '/login', element: <p>Login page</p> }],
  });

async function ask(email = 'ravi@example.com') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXT.submit }));
}

describe('ForgotPasswordPage', () => {
  it('asks for a required e-mail and links back to login', async () => {
    renderForgot();
    expect(screen.getByRole('heading', { name: FORGOT_PASSWORD_TEXT.title })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    await userEvent.click(screen.getByRole('link', { name: FORGOT_PASSWORD_TEXT.backToLogin }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it("sends the e-mail, reads 'Sending...' while busy, then shows the server's answer in place of the form", async () => {
    let answer: () => void = () => {};
    const fetch = mockFetch({});
    fetch.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              new Response(JSON.stringify({ message: SERVER_MESSAGES.passwordResetRequested }), {
                headers: { 'content-type': 'application/json' },
              }),
            );
        }),
    );
    renderForgot();
    await ask(' ravi@example.com ');
    expect(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXT.sending })).toBeDisabled();
    answer();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(SERVER_MESSAGES.passwordResetRequested));
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/auth\/forgot-password$/);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ email: 'ravi@example.com' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());

    // Another e-mail brings the form back, with the keyboard in its field.
    await userEvent.click(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXT.again }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows the server's refusal in the form's error area, tied to the field", async () => {
    mockFetch({
      'POST /api/auth/forgot-password': { status: 429, body: { message: SERVER_MESSAGES.tooManyRequests } },
    });
    renderForgot();
    await ask();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SERVER_MESSAGES.tooManyRequests);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', alert.id);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXT.submit })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("says 'The reset link could not be sent. Please try again.' without a server message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderForgot();
    await ask();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.forgotPasswordFailed);
  });
});
