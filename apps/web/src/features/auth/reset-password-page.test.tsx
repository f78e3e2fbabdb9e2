import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordTooShortMessage,
  SERVER_MESSAGES,
  STAFF_PASSWORD_TOO_SHORT,
} from '@pumpkart/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
import { mockFetch, renderWithStore } from '../../test/render';
import {
  RESET_PASSWORD_TEXT,
  ResetPasswordPage,
  SET_PASSWORD_TEXT,
  SetPasswordPage,
  tokenOf,
} from './reset-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z0x1C';

const renderReset = (route: string) =>
  renderWithStore(<ResetPasswordPage />, {
    route,
    path: '/reset-password',
    extraRoutes: [
      {
        path: '/login',
        element: (
          <>
            <p>Login page</p>
            <Notices />
          </>
        ),
      },
      { path: '/forgot-password', element: <p>Forgot password page</p> },
    ],
  });

async function fill(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: RESET_PASSWORD_TEXT.submit }));
}

describe('tokenOf', () => {
  it("reads the link's fragment, else its query", () => {
    expect(tokenOf({ hash: `#token=${TOKEN}`, search: '' })).toBe(TOKEN);
    expect(tokenOf({ hash: '', search: `?token=${TOKEN}` })).toBe(TOKEN);
    expect(tokenOf({ hash: '', search: '' })).toBeNull();
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the token of the fragment, says so and opens login', async () => {
    const fetch = mockFetch({
      'POST /api/auth/reset-password': { body: { message: SERVER_MESSAGES.passwordResetDone } },
    });
    const { router, store } = renderReset(`/reset-password#token=${TOKEN}`);
    expect(screen.getByLabelText('New password')).toBeRequired();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      `At least ${PASSWORD_MIN_LENGTH} characters.`,
    );
    await fill('brand-new-pass');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText(SERVER_MESSAGES.passwordResetDone)).toBeInTheDocument();
    expect(SERVER_MESSAGES.passwordResetDone).toBe(
      'Your password has been changed. Please log in with your new password.',
    );
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ token: TOKEN, password: 'brand-new-pass' });
    expect(router.state.historyAction).toBe('REPLACE');
    // Nobody is logged in by a reset.
    expect(store.getState().session.token).toBeNull();
  });

  it('accepts the token in the query too', async () => {
    const fetch = mockFetch({
      'POST /api/auth/reset-password': { body: { message: SERVER_MESSAGES.passwordResetDone } },
    });
    renderReset(`/reset-password?token=${TOKEN}`);
    await fill('brand-new-pass');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body)).token).toBe(TOKEN);
  });

  it('checks the length and the confirmation before sending, with the errors tied to their fields', async () => {
    const fetch = mockFetch({});
    renderReset(`/reset-password#token=${TOKEN}`);
    await fill('x'.repeat(PASSWORD_MIN_LENGTH - 1), 'other');
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(password).toHaveAccessibleDescription(passwordTooShortMessage(PASSWORD_MIN_LENGTH));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(MESSAGES.passwordsDoNotMatch);

    await userEvent.clear(password);
    await userEvent.clear(confirm);
    await fill('long-enough', 'long-enougH');
    expect(confirm).toHaveAccessibleDescription(MESSAGES.passwordsDoNotMatch);
    expect(confirm).toHaveFocus();
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveAccessibleDescription(`At least ${PASSWORD_MIN_LENGTH} characters.`);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message for a used or expired link, with a link to ask for a new one", async () => {
    mockFetch({
      'POST /api/auth/reset-password': { status: 400, body: { message: SERVER_MESSAGES.passwordResetLinkInvalid } },
    });
    renderReset(`/reset-password#token=${TOKEN}`);
    await fill('brand-new-pass');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SERVER_MESSAGES.passwordResetLinkInvalid);
    expect(alert).toHaveFocus();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: RESET_PASSWORD_TEXT.askAgain }));
    expect(await screen.findByText('Forgot password page')).toBeInTheDocument();
  });

  it('says the link is invalid at once when it carries no token', () => {
    const fetch = mockFetch({});
    renderReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.passwordResetLinkInvalid);
    expect(screen.getByRole('link', { name: RESET_PASSWORD_TEXT.askAgain })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: RESET_PASSWORD_TEXT.backToLogin })).toHaveAttribute('href', '/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the form for any other refusal, in its error area', async () => {
    mockFetch({
      'POST /api/auth/reset-password': { status: 429, body: { message: SERVER_MESSAGES.tooManyRequests } },
    });
    renderReset(`/reset-password#token=${TOKEN}`);
    await fill('brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.tooManyRequests);
    expect(screen.getByRole('button', { name: RESET_PASSWORD_TEXT.submit })).toBeEnabled();
  });

  it("says 'Your password could not be changed. Please try again.' without a server message", async () => {
    mockFetch({ 'POST /api/auth/reset-password': { status: 500, body: {} } });
    renderReset(`/reset-password#token=${TOKEN}`);
    await fill('brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetPasswordFailed);
  });
});

describe('SetPasswordPage: a staff invite’s link', () => {
  it('asks to set a password, with the same call, and says it is set', async () => {
    const fetch = mockFetch({
      'POST /api/auth/reset-password': { body: { message: SERVER_MESSAGES.passwordResetDone } },
    });
    renderWithStore(<SetPasswordPage />, {
      route: `/set-password#token=${TOKEN}`,
      path: '/set-password',
      extraRoutes: [{ path: '/login', element: <Notices /> }],
    });
    expect(screen.getByRole('heading', { name: SET_PASSWORD_TEXT.title })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'staff-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'staff-password');
    await userEvent.click(screen.getByRole('button', { name: SET_PASSWORD_TEXT.submit }));
    expect(await screen.findByText(SET_PASSWORD_TEXT.done)).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ token: TOKEN, password: 'staff-password' });
  });

  it("asks for the staff rule's 12 characters before sending", async () => {
    const fetch = mockFetch({});
    renderWithStore(<SetPasswordPage />, { route: `/set-password#token=${TOKEN}`, path: '/set-password' });
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription('At least 12 characters.');
    await userEvent.type(password, 'elevenchars');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'elevenchars');
    await userEvent.click(screen.getByRole('button', { name: SET_PASSWORD_TEXT.submit }));
    expect(password).toHaveAccessibleDescription(STAFF_PASSWORD_TOO_SHORT);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says how long an invite works when its link is refused', () => {
    renderWithStore(<SetPasswordPage />, { route: '/set-password', path: '/set-password' });
    expect(screen.getByText(SET_PASSWORD_TEXT.invalidSubtitle)).toBeInTheDocument();
  });
});
