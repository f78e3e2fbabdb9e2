import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GST_MESSAGES, MESSAGES, SERVER_MESSAGES, type User } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { savedAddress } from '../../test/fixtures';
import { LOGOUT_EVERYWHERE_FAILED, LOGOUT_EVERYWHERE_LABEL } from './profile-info-card';
import { ProfilePage } from './profile-page';

const user = (overrides: Partial<User> = {}): User => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Asha',
  email: 'asha@example.com',
  role: 'customer',
  phone: '9876543210',
  addresses: [savedAddress()],
  businessName: null,
  gstin: null,
  ...overrides,
});

const pincodeAnswer = [
  {
    Message: 'Number of pincode(s) found:1',
    Status: 'Success',
    PostOffice: [
      {
        Name: 'Shivajinagar',
        BranchType: 'Head Post Office',
        DeliveryStatus: 'Delivery',
        Circle: 'Maharashtra',
        District: 'Pune',
        Division: 'Pune City East',
        Region: 'Pune',
        Block: 'Pune City',
        State: 'Maharashtra',
        Country: 'India',
        Pincode: '411005',
      },
    ],
  },
];

beforeEach(() => {
  loginAs('customer', 'Asha');
  localStorage.setItem('userAddresses', JSON.stringify([savedAddress()]));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => renderWithStore(<ProfilePage />, { route: '/profile' });
const bodyOf = (fetchMock: ReturnType<typeof mockFetch>) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/update-profile'))!;
  expect(call[1]!.method).toBe('PUT');
  return JSON.parse(String(call[1]!.body));
};

describe('ProfilePage', () => {
  it('shows an Info card and an Edit card with the session details and saved addresses', () => {
    mockFetch({});
    renderPage();
    const info = screen.getByRole('region', { name: 'Asha' });
    expect(info).toHaveTextContent('asha@example.com');
    expect(info).toHaveTextContent('9876543210');
    expect(info).toHaveTextContent('12 MG Road, Bengaluru, Karnataka, 560001, India');
    const edit = screen.getByRole('region', { name: 'Edit Profile' });
    expect(within(edit).getByLabelText('Name')).toHaveValue('Asha');
    expect(within(edit).getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(within(edit).getByLabelText('Phone')).toHaveValue('9876543210');
    expect(within(edit).getByLabelText('New Password (optional)')).toHaveValue('');
    expect(within(edit).getByLabelText('Recipient name')).toHaveValue('Asha Rao');
    expect(within(edit).getByLabelText('Recipient phone')).toHaveAttribute('placeholder', '10-digit mobile number');
  });

  it("reads 'Updating...' while saving, then says 'Profile updated successfully!' and updates the session", async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const updated = user({ name: 'Asha Kumari', phone: '9000000001' });
    const fetchMock = mockFetch({});
    fetchMock.mockImplementation(async () => {
      await gate;
      return new Response(JSON.stringify({ ...updated, message: 'Profile updated', user: updated }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const { store } = renderPage();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('Name'));
    await u.type(screen.getByLabelText('Name'), 'Asha Kumari');
    await u.clear(screen.getByLabelText('Phone'));
    await u.type(screen.getByLabelText('Phone'), '9000000001');
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByRole('button', { name: MESSAGES.profileUpdating })).toBeDisabled();
    answer();
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.profileUpdated);
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();

    // Changed on purpose: the business name and GSTIN are always sent, null when empty (which clears them).
    expect(bodyOf(fetchMock)).toEqual({
      name: 'Asha Kumari',
      email: 'asha@example.com',
      phone: '9000000001',
      addresses: [savedAddress()],
      businessName: null,
      gstin: null,
    });
    expect(store.getState().session).toMatchObject({ name: 'Asha Kumari', phone: '9000000001' });
    expect(localStorage.getItem('userName')).toBe('Asha Kumari');
    expect(localStorage.getItem('userPhone')).toBe('9000000001');
    expect(screen.getByRole('region', { name: 'Asha Kumari' })).toBeInTheDocument();
  });

  it('sends a new password only when one is typed, with the current password, and keeps the fresh token', async () => {
    const fetchMock = mockFetch({
      'PUT /api/auth/update-profile': { body: { ...user(), message: 'ok', user: user(), token: 'fresh-token' } },
    });
    const { store } = renderPage();
    await userEvent.type(screen.getByLabelText('New Password (optional)'), 'secret12');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await screen.findByRole('status');
    expect(bodyOf(fetchMock)).toMatchObject({ password: 'secret12', currentPassword: 'old-secret' });
    expect(screen.getByLabelText('New Password (optional)')).toHaveValue('');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(store.getState().session.token).toBe('fresh-token');
  });

  it('asks for the current password only when the email or the password changes', async () => {
    mockFetch({});
    renderPage();
    const u = userEvent.setup();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await u.clear(screen.getByLabelText('Name'));
    await u.type(screen.getByLabelText('Name'), 'Asha K');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await u.type(screen.getByLabelText('Email'), 'x');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');
    await u.type(screen.getByLabelText('Email'), '{Backspace}');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await u.type(screen.getByLabelText('New Password (optional)'), 'n');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('will not send a new email without the current password', async () => {
    const fetchMock = mockFetch({});
    renderPage();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), 'asha.new@example.com');
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText(SERVER_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('update-profile'))).toBe(false);
  });

  it('changes the email with the current password and stays logged in with the fresh token', async () => {
    const moved = user({ email: 'asha.new@example.com' });
    const fetchMock = mockFetch({
      'PUT /api/auth/update-profile': { body: { ...moved, message: 'ok', user: moved, token: 'fresh-token' } },
    });
    const { store } = renderPage();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), 'asha.new@example.com');
    await u.type(screen.getByLabelText('Current password'), 'old-secret');
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.profileUpdated);
    expect(bodyOf(fetchMock)).toMatchObject({ email: 'asha.new@example.com', currentPassword: 'old-secret' });
    expect(store.getState().session).toMatchObject({ token: 'fresh-token', email: 'asha.new@example.com' });
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(localStorage.getItem('userEmail')).toBe('asha.new@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('shows a wrong current password as an error and keeps the session', async () => {
    mockFetch({
      'PUT /api/auth/update-profile': { status: 400, body: { message: SERVER_MESSAGES.currentPasswordWrong } },
    });
    const { store } = renderPage();
    await userEvent.type(screen.getByLabelText('New Password (optional)'), 'secret12');
    await userEvent.type(screen.getByLabelText('Current password'), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.currentPasswordWrong);
    expect(store.getState().session.token).toBe('test-token');
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('logs out on every device: revokes the tokens, clears the session and goes to /login', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/logout-all': { body: { message: 'ok' } } });
    const { router, store } = renderWithStore(<ProfilePage />, {
      route: '/profile',
      extraRoutes: [{ path: '/login', element: <h1>Login page</h1> }],
    });
    await userEvent.click(screen.getByRole('button', { name: LOGOUT_EVERYWHERE_LABEL }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/logout-all'))).toBe(true);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().session.token).toBeNull();
  });

  it('keeps the session when logging out everywhere fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'POST /api/auth/logout-all': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { store } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: LOGOUT_EVERYWHERE_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGOUT_EVERYWHERE_FAILED);
    expect(store.getState().session.token).toBe('test-token');
  });

  it("shows the server's message when the update fails", async () => {
    mockFetch({
      'PUT /api/auth/update-profile': { status: 409, body: { message: 'An account with this email already exists.' } },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  it("shows 'Update failed' when the server gives no message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'PUT /api/auth/update-profile': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.profileUpdateFailed);
  });

  it('checks the phone and postal codes before sending, with inline messages', async () => {
    const fetchMock = mockFetch({});
    renderPage();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('Phone'));
    await u.type(screen.getByLabelText('Phone'), '98765');
    await u.clear(screen.getByLabelText('Postal code'));
    await u.type(screen.getByLabelText('Postal code'), '5600');
    await u.clear(screen.getByLabelText('Recipient phone'));
    await u.clear(screen.getByLabelText('City'));
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText('Phone must be exactly 10 digits.')).toBeInTheDocument();
    expect(screen.getByText('Postal code must be exactly 6 digits.')).toBeInTheDocument();
    expect(screen.getByText('Recipient phone is required.')).toBeInTheDocument();
    expect(screen.getByText('City is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveFocus());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('update-profile'))).toBe(false);
  });

  it('keeps only digits in phone fields, at most 10', async () => {
    mockFetch({});
    renderPage();
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.type(screen.getByLabelText('Phone'), '98-765 43210999');
    expect(screen.getByLabelText('Phone')).toHaveValue('9876543210');
  });

  it('adds an address and fills city, state and country (India) from a 6-digit postal code', async () => {
    const fetchMock = mockFetch({
      'GET /api/pincode/411005': { body: pincodeAnswer },
      'PUT /api/auth/update-profile': { body: { ...user(), message: 'ok', user: user() } },
    });
    renderPage();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: '+ Add address' }));
    const second = screen.getByRole('heading', { name: 'Address 2' }).parentElement!.parentElement!;
    expect(within(second).getByLabelText('Recipient name')).toHaveValue('Asha');
    await u.type(within(second).getByLabelText('Address line 1'), '7 FC Road');
    await u.type(within(second).getByLabelText('Postal code'), '41100');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/pincode/'))).toBe(false);
    await u.type(within(second).getByLabelText('Postal code'), '5');
    await waitFor(() => expect(within(second).getByLabelText('City')).toHaveValue('Pune'));
    expect(within(second).getByLabelText('State')).toHaveValue('Maharashtra');
    expect(within(second).getByLabelText('Country')).toHaveValue('India');

    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    await screen.findByRole('status');
    expect(bodyOf(fetchMock).addresses).toEqual([
      savedAddress(),
      {
        recipientName: 'Asha',
        recipientPhone: '9876543210',
        line1: '7 FC Road',
        line2: '',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411005',
        country: 'India',
      },
    ]);
  });

  it('only logs a failed postal lookup', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/pincode/999999': { status: 404, body: { message: 'Not found' } } });
    renderPage();
    await userEvent.clear(screen.getByLabelText('Postal code'));
    await userEvent.type(screen.getByLabelText('Postal code'), '999999');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Postal code lookup failed', expect.anything()));
    expect(screen.getByLabelText('City')).toHaveValue('Bengaluru');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes an address', async () => {
    const fetchMock = mockFetch({
      'PUT /api/auth/update-profile': { body: { ...user(), message: 'ok', user: user({ addresses: [] }) } },
    });
    const { store } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Remove address 1' }));
    expect(screen.getByText('No saved addresses yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await screen.findByRole('status');
    expect(bodyOf(fetchMock).addresses).toEqual([]);
    expect(store.getState().session.addresses).toEqual([]);
    expect(JSON.parse(localStorage.getItem('userAddresses')!)).toEqual([]);
  });

  it('saves the business name and GSTIN with the profile and keeps them in the session', async () => {
    const saved = user({ businessName: 'Shree Petroleum', gstin: '27AAHCP4821K1Z6' });
    const fetchMock = mockFetch({
      'PUT /api/auth/update-profile': { body: { ...saved, message: 'Profile updated', user: saved } },
    });
    const { store } = renderPage();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(MESSAGES.businessNameLabel), ' Shree Petroleum ');
    await u.type(screen.getByLabelText(MESSAGES.gstinLabel), '27aahcp4821k1z6');
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.profileUpdated);
    expect(bodyOf(fetchMock)).toMatchObject({ businessName: 'Shree Petroleum', gstin: '27AAHCP4821K1Z6' });
    expect(store.getState().session).toMatchObject({ businessName: 'Shree Petroleum', gstin: '27AAHCP4821K1Z6' });
    expect(localStorage.getItem('userBusinessName')).toBe('Shree Petroleum');
    expect(localStorage.getItem('userGstin')).toBe('27AAHCP4821K1Z6');
    expect(screen.getByLabelText(MESSAGES.gstinLabel)).toHaveValue('27AAHCP4821K1Z6');
    expect(screen.getByRole('region', { name: 'Asha' })).toHaveTextContent('GSTIN27AAHCP4821K1Z6');
  });

  it("shows the GSTIN check's reason under the field and sends nothing for a wrong GSTIN", async () => {
    const fetchMock = mockFetch({});
    renderPage();
    const u = userEvent.setup();
    const gstin = screen.getByLabelText(MESSAGES.gstinLabel);
    await u.type(gstin, '27AAHCP4821K2Y6');
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(GST_MESSAGES.gstinFourteenth('Y'))).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(gstin).toHaveAccessibleDescription(GST_MESSAGES.gstinFourteenth('Y'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/update-profile'))).toEqual([]);
  });

  it('prefills the business name and GSTIN from the session; emptying them sends null, which clears them', async () => {
    localStorage.setItem('userBusinessName', 'Shree Petroleum');
    localStorage.setItem('userGstin', '27AAHCP4821K1Z6');
    const cleared = user();
    const fetchMock = mockFetch({
      'PUT /api/auth/update-profile': { body: { ...cleared, message: 'Profile updated', user: cleared } },
    });
    const { store } = renderPage();
    const u = userEvent.setup();
    expect(screen.getByLabelText(MESSAGES.businessNameLabel)).toHaveValue('Shree Petroleum');
    expect(screen.getByLabelText(MESSAGES.gstinLabel)).toHaveValue('27AAHCP4821K1Z6');
    await u.clear(screen.getByLabelText(MESSAGES.businessNameLabel));
    await u.clear(screen.getByLabelText(MESSAGES.gstinLabel));
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    await screen.findByRole('status');
    expect(bodyOf(fetchMock)).toMatchObject({ businessName: null, gstin: null });
    expect(store.getState().session).toMatchObject({ businessName: null, gstin: null });
    expect(localStorage.getItem('userGstin')).toBeNull();
  });
});
