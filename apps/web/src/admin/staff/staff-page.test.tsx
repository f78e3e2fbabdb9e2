import { STAFF_MESSAGES, type StaffMember } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { STAFF_TEXT, StaffPage } from './staff-page';

beforeEach(() => loginAs('admin'));
afterEach(() => vi.unstubAllGlobals());

const ravi: StaffMember = {
  _id: 'staff-1',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  role: 'orders_staff',
  status: 'joined',
  invitedAt: '2026-06-01T09:00:00.000Z',
  inviteExpiresAt: null,
};
const meena: StaffMember = {
  _id: 'staff-2',
  name: 'Meena Iyer',
  email: 'meena@example.com',
  role: 'catalog_staff',
  status: 'invited',
  invitedAt: '2026-06-04T09:00:00.000Z',
  inviteExpiresAt: '2026-06-11T09:00:00.000Z',
};

/** A fake /api/admin/staff that keeps its list, as the server does; answers the calls made to it. */
function fakeStaffServer(initial: StaffMember[]) {
  let staff = [...initial];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const record = (init: RequestInit | undefined, url: URL) => {
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method: init?.method ?? 'GET', url: url.pathname, body });
    return body;
  };
  const one = (init: RequestInit | undefined, url: URL): FakeResponse => {
    const body = record(init, url) as { role?: StaffMember['role'] } | null;
    const id = url.pathname.split('/').pop()!;
    if (init?.method === 'DELETE') {
      staff = staff.filter((member) => member._id !== id);
      return { body: { message: STAFF_MESSAGES.removed } };
    }
    staff = staff.map((member) => (member._id === id ? { ...member, role: body!.role! } : member));
    return { body: { message: STAFF_MESSAGES.roleChanged, data: staff.find((member) => member._id === id) } };
  };
  mockFetch({
    'GET /api/admin/staff': () => ({ body: { data: staff } }),
    'POST /api/admin/staff': (init, url) => {
      const body = record(init, url) as { name: string; email: string; role: StaffMember['role'] };
      if (body.email === 'asha@example.com') return { status: 409, body: { message: STAFF_MESSAGES.emailTaken } };
      const existing = staff.find((member) => member.email === body.email);
      const member: StaffMember = { ...meena, _id: existing?._id ?? `staff-${staff.length + 10}`, ...body };
      staff = [...staff.filter((existing) => existing.email !== body.email), member];
      return { status: 201, body: { message: STAFF_MESSAGES.invited(body.email), data: member } };
    },
    'PATCH /api/admin/staff/staff-1': one,
    'DELETE /api/admin/staff/staff-2': one,
  });
  return { calls };
}

const renderPage = () =>
  renderWithStore(
    <>
      <StaffPage />
      <Notices />
    </>,
    { route: '/admin/staff' },
  );

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('Staff page', () => {
  it('lists each person with their role, status and invite date or link validity', async () => {
    fakeStaffServer([ravi, meena]);
    renderPage();
    const raviRow = await rowOf('Ravi Kumar');
    expect(within(raviRow).getByText('ravi@example.com')).toBeInTheDocument();
    expect(within(raviRow).getByRole('combobox', { name: 'Role of Ravi Kumar' })).toHaveValue('orders_staff');
    expect(within(raviRow).getByText('Joined')).toBeInTheDocument();
    expect(within(raviRow).getByText('Invited 01 Jun 2026')).toBeInTheDocument();
    expect(within(raviRow).queryByRole('button', { name: STAFF_TEXT.sendAgain })).not.toBeInTheDocument();
    const meenaRow = await rowOf('Meena Iyer');
    expect(within(meenaRow).getByText(STAFF_TEXT.status.invited)).toBeInTheDocument();
    expect(within(meenaRow).getByText(/^Link valid until/)).toBeInTheDocument();
    expect(within(meenaRow).getByRole('button', { name: STAFF_TEXT.sendAgain })).toBeInTheDocument();
  });

  it('says so when nobody is invited', async () => {
    fakeStaffServer([]);
    renderPage();
    expect(await screen.findByText(STAFF_TEXT.empty)).toBeInTheDocument();
  });

  it('checks the invite form before sending, then invites and lists the person', async () => {
    const { calls } = fakeStaffServer([]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(STAFF_TEXT.empty);
    await user.click(screen.getByRole('button', { name: STAFF_TEXT.invite }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText(STAFF_MESSAGES.roleRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'Anil Shah');
    await user.type(screen.getByLabelText('E-mail'), 'anil@example.com');
    await user.click(screen.getByRole('radio', { name: /Catalog staff/ }));
    await user.click(screen.getByRole('button', { name: STAFF_TEXT.invite }));
    expect(await screen.findByText(STAFF_MESSAGES.invited('anil@example.com'))).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Anil Shah',
      email: 'anil@example.com',
      role: 'catalog_staff',
    });
    expect(await rowOf('Anil Shah')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("shows the server's refusal of an e-mail that has an account above the form", async () => {
    fakeStaffServer([]);
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    await user.click(screen.getByRole('radio', { name: /Orders staff/ }));
    await user.click(screen.getByRole('button', { name: STAFF_TEXT.invite }));
    const form = screen.getByRole('form', { name: STAFF_TEXT.inviteTitle });
    expect(await within(form).findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.emailTaken);
  });

  it('changes a role after asking, and keeps it when the question is declined', async () => {
    const { calls } = fakeStaffServer([ravi]);
    const user = userEvent.setup();
    renderPage();
    const select = within(await rowOf('Ravi Kumar')).getByRole('combobox', { name: 'Role of Ravi Kumar' });
    await user.selectOptions(select, 'catalog_staff');
    await user.click(await screen.findByRole('button', { name: 'Keep the role' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect(select).toHaveValue('orders_staff');

    await user.selectOptions(select, 'catalog_staff');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ravi Kumar becomes catalog staff (products only)');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText(STAFF_MESSAGES.roleChanged)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'catalog_staff' });
    await waitFor(() => expect(select).toHaveValue('catalog_staff'));
  });

  it('removes access after a confirmation, and sends a pending invite again', async () => {
    const { calls } = fakeStaffServer([meena]);
    const user = userEvent.setup();
    renderPage();
    const row = await rowOf('Meena Iyer');
    await user.click(within(row).getByRole('button', { name: STAFF_TEXT.sendAgain }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Meena Iyer',
      email: 'meena@example.com',
      role: 'catalog_staff',
    });

    await user.click(within(await rowOf('Meena Iyer')).getByRole('button', { name: 'Remove Meena Iyer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The invitation of Meena Iyer (meena@example.com) is withdrawn');
    await user.click(within(dialog).getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByText(STAFF_MESSAGES.removed)).toBeInTheDocument();
    expect(await screen.findByText(STAFF_TEXT.empty)).toBeInTheDocument();
  });
});
