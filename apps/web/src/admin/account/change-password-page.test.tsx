import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD_TOO_SHORT, SERVER_MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { CHANGE_PASSWORD_TEXT, ChangePasswordPage } from './change-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => renderWithStore(<ChangePasswordPage />, { route: '/admin/account' });
const calls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/change-password'));

async function fill(current: string, next: string, confirm = next) {
  const u = userEvent.setup();
  if (current) await u.type(screen.getByLabelText('Current password'), current);
  if (next) await u.type(screen.getByLabelText('New password'), next);
  if (confirm) await u.type(screen.getByLabelText('Confirm new password'), confirm);
  await u.click(screen.getByRole('button', { name: CHANGE_PASSWORD_TEXT.submit }));
}

describe('Admin: change password', () => {
  it('sends the current and new password, keeps the fresh token and clears the form', async () => {
    loginAs('admin', 'Ravi');
    const fetchMock = mockFetch({
      'POST /api/auth/change-password': { body: { message: 'ok', token: 'fresh-token' } },
    });
    const { store } = renderPage();
    expect(screen.getByRole('heading', { name: CHANGE_PASSWORD_TEXT.title, level: 1 })).toBeInTheDocument();
    await fill('old admin password', 'a much longer one');
    expect(await screen.findByRole('status')).toHaveTextContent(CHANGE_PASSWORD_TEXT.changed);
    const [call] = calls(fetchMock);
    expect(call![1]!.method).toBe('POST');
    expect(new Headers(call![1]!.headers).get('authorization')).toBe('Bearer test-token');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      currentPassword: 'old admin password',
      newPassword: 'a much longer one',
    });
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(store.getState().session.token).toBe('fresh-token');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('checks the fields before sending: current password, 12 characters, the same twice', async () => {
    loginAs('admin');
    const fetchMock = mockFetch({});
    renderPage();
    await fill('', 'elevenchars', 'different');
    expect(screen.getByText(SERVER_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_PASSWORD_TOO_SHORT)).toBeInTheDocument();
    expect(screen.getByText(CHANGE_PASSWORD_TEXT.mismatch)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    expect(calls(fetchMock)).toHaveLength(0);
  });

  it("shows the server's message (a wrong current password) and keeps the session", async () => {
    loginAs('admin');
    mockFetch({
      'POST /api/auth/change-password': { status: 400, body: { message: SERVER_MESSAGES.currentPasswordWrong } },
    });
    const { store } = renderPage();
    await fill('not the password', 'a much longer one');
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.currentPasswordWrong);
    expect(store.getState().session.token).toBe('test-token');
  });

  it('reads Saving... while busy and falls back to a generic message without an answer', async () => {
    loginAs('admin');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail!: () => void;
    const gate = new Promise<void>((resolve) => (fail = resolve));
    const fetchMock = mockFetch({});
    fetchMock.mockImplementation(async () => {
      await gate;
      throw new TypeError('Failed to fetch');
    });
    renderPage();
    await fill('old admin password', 'a much longer one');
    expect(screen.getByRole('button', { name: CHANGE_PASSWORD_TEXT.saving })).toBeDisabled();
    fail();
    expect(await screen.findByRole('alert')).toHaveTextContent(CHANGE_PASSWORD_TEXT.failed);
  });
});
