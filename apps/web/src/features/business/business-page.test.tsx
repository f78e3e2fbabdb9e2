import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessDto, BusinessRole } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { orderDto, savedAddress } from '../../test/fixtures';
import { ApprovalsPage } from './approvals-page';
import { BusinessPage } from './business-page';
import { JoinBusinessPage } from './join-page';

const business = (role: BusinessRole = 'admin', overrides: Partial<BusinessDto> = {}): BusinessDto => ({
  _id: 'b1',
  legalName: 'Shakti Fuels Pvt Ltd',
  gstin: null,
  billingAddress: savedAddress(),
  approvalLimit: 50000,
  role,
  outlets: [
    {
      _id: 'o1',
      name: 'Highway COCO',
      address: savedAddress(),
      brand: 'IOCL',
      dealerCode: 'D-1',
      pesoLicenceNumber: null,
      pesoLicenceValidUntil: null,
      remindersEnabled: true,
    },
  ],
  members: [{ _id: 'u1', name: 'Asha', email: 'asha@example.com', role }],
  invitations: [],
  ...overrides,
});

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => new URL(String(url), 'http://x').pathname === path && init?.method === method,
  );
  expect(call, `${method} ${path}`).toBeDefined();
  return JSON.parse(String(call![1]!.body)) as Record<string, unknown>;
};

beforeEach(() => loginAs('customer', 'Asha'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BusinessPage', () => {
  it('checks the create form with the shared rules, then sends it', async () => {
    const fetchMock = mockFetch({
      'GET /api/business': { body: { business: null } },
      'POST /api/business': { body: { message: 'Business created.', business: business() } },
    });
    renderWithStore(<BusinessPage />, { route: '/business' });
    const create = await screen.findByRole('button', { name: 'Create business' });
    await userEvent.click(create);
    expect(await screen.findByText('Legal name is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Legal name'), 'Shakti Fuels Pvt Ltd');
    await userEvent.type(screen.getByLabelText('Approval limit in ₹ (optional)'), '50000');
    const address = savedAddress();
    for (const [label, value] of [
      ['Recipient name', address.recipientName],
      ['Recipient phone', address.recipientPhone],
      ['Address line 1', address.line1],
      ['City', address.city],
      ['State', address.state],
      ['Country', address.country],
    ] as const)
      await userEvent.type(screen.getByLabelText(label), value);
    // The postal code last: its lookup (no fake: 404) only logs.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.type(screen.getByLabelText('Postal code'), address.postalCode);
    await userEvent.click(create);
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST', '/api/business')).toMatchObject({
        legalName: 'Shakti Fuels Pvt Ltd',
        gstin: null,
        approvalLimit: 50000,
        billingAddress: { city: address.city },
      }),
    );
  });

  it('lets the admin add an outlet with a brand, and invite a person', async () => {
    const fetchMock = mockFetch({
      'GET /api/business': { body: { business: business() } },
      'POST /api/business/outlets': { body: { message: 'Outlet added.', business: business() } },
      'POST /api/business/invitations': { body: { message: 'An invitation was sent.', business: business() } },
    });
    renderWithStore(<BusinessPage />, { route: '/business' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an outlet' }));
    const form = screen.getByRole('form', { name: 'New outlet' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save outlet' }));
    expect(within(form).getByText('Choose the outlet brand.')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Outlet name'), 'Ring Road');
    await userEvent.selectOptions(within(form).getByLabelText('Brand'), 'BPCL');
    await userEvent.type(within(form).getByLabelText('PESO licence number (optional)'), 'P/HQ/HR/15/1234');
    await userEvent.type(within(form).getByLabelText('PESO licence valid until (optional)'), '2027-01-15');
    const address = savedAddress();
    for (const [label, value] of [
      ['Recipient name', address.recipientName],
      ['Recipient phone', address.recipientPhone],
      ['Address line 1', address.line1],
      ['City', address.city],
      ['State', address.state],
      ['Country', address.country],
    ] as const)
      await userEvent.type(within(form).getByLabelText(label), value);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.type(within(form).getByLabelText('Postal code'), address.postalCode);
    await userEvent.click(within(form).getByRole('button', { name: 'Save outlet' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST', '/api/business/outlets')).toMatchObject({
        name: 'Ring Road',
        brand: 'BPCL',
        pesoLicenceNumber: 'P/HQ/HR/15/1234',
        pesoLicenceValidUntil: '2027-01-15',
        remindersEnabled: true,
      }),
    );

    const invite = screen.getByRole('form', { name: 'Invite a person' });
    await userEvent.type(within(invite).getByLabelText('E-mail of the person to invite'), 'ravi@example.com');
    await userEvent.selectOptions(within(invite).getByLabelText('Role'), 'approver');
    await userEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await within(invite).findByRole('status')).toHaveTextContent('An invitation was sent.');
    expect(bodyOf(fetchMock, 'POST', '/api/business/invitations')).toEqual({
      email: 'ravi@example.com',
      role: 'approver',
    });
  });

  it('lets the admin turn an outlet’s e-mail reminders off', async () => {
    const fetchMock = mockFetch({
      'GET /api/business': { body: { business: business() } },
      'PATCH /api/business/outlets/o1': { body: { message: 'Outlet saved.', business: business() } },
    });
    renderWithStore(<BusinessPage />, { route: '/business' });
    await userEvent.click(await screen.findByRole('button', { name: /^Edit\s*Highway COCO/ }));
    const form = screen.getByRole('form', { name: 'Edit outlet Highway COCO' });
    const reminders = within(form).getByRole('checkbox', { name: 'E-mail reminders of tasks falling due' });
    expect(reminders).toBeChecked();
    await userEvent.click(reminders);
    await userEvent.click(within(form).getByRole('button', { name: 'Save outlet' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PATCH', '/api/business/outlets/o1')).toMatchObject({ remindersEnabled: false }),
    );
  });

  it('says which outlets get no e-mail reminders', async () => {
    const off = business('buyer');
    off.outlets = off.outlets.map((outlet) => ({ ...outlet, remindersEnabled: false }));
    mockFetch({ 'GET /api/business': { body: { business: off } } });
    renderWithStore(<BusinessPage />, { route: '/business' });
    expect(await screen.findByText('No e-mail reminders of tasks falling due')).toBeInTheDocument();
  });

  it('shows a buyer the business read-only', async () => {
    mockFetch({ 'GET /api/business': { body: { business: business('buyer') } } });
    renderWithStore(<BusinessPage />, { route: '/business' });
    expect(await screen.findByRole('heading', { name: 'Shakti Fuels Pvt Ltd' })).toBeInTheDocument();
    expect(screen.getByText(/^Highway COCO/)).toBeInTheDocument();
    // Everyone in the business reads each outlet's register.
    expect(screen.getByRole('link', { name: /^Register\s*of Highway COCO/ })).toHaveAttribute(
      'href',
      '/business/outlets/o1/register',
    );
    expect(screen.queryByRole('button', { name: /Edit|Remove|Add an outlet/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Orders waiting for approval' })).not.toBeInTheDocument();
  });
});

describe('JoinBusinessPage', () => {
  it('accepts the token of the hash once and shows the business', async () => {
    const fetchMock = mockFetch({
      'POST /api/business/invitations/accept': {
        body: { message: 'You joined Shakti Fuels Pvt Ltd.', business: business('buyer') },
      },
    });
    renderWithStore(<JoinBusinessPage />, { route: '/business/join#token=abcdefghijklmnop', path: '/business/join' });
    expect(await screen.findByText('You joined Shakti Fuels Pvt Ltd.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/business/invitations/accept')).toEqual({ token: 'abcdefghijklmnop' });
    expect(screen.getByRole('link', { name: 'Open Shakti Fuels Pvt Ltd' })).toHaveAttribute('href', '/business');
  });

  it('asks a visitor to log in first', async () => {
    localStorage.clear();
    const fetchMock = mockFetch({});
    renderWithStore(<JoinBusinessPage />, { route: '/business/join#token=abcdefghijklmnop', path: '/business/join' });
    expect(screen.getByRole('link', { name: 'Log in to accept' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ApprovalsPage', () => {
  it('approves an order waiting for approval', async () => {
    const order = orderDto({ approvalStatus: 'pending', user: { _id: 'u2', name: 'Ravi', email: 'ravi@example.com' } });
    const fetchMock = mockFetch({
      'GET /api/business/approvals': { body: { orders: [order] } },
      [`POST /api/business/approvals/${order._id}/approve`]: {
        body: { data: { ...order, approvalStatus: 'approved' } },
      },
    });
    renderWithStore(<ApprovalsPage />, { route: '/business/approvals' });
    const card = await screen.findByTestId('approval-card');
    expect(card).toHaveTextContent('Placed by Ravi');
    await userEvent.click(within(card).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByRole('status')).toHaveTextContent(/approved/);
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/approve') && init?.method === 'POST'),
    ).toBe(true);
  });
});
