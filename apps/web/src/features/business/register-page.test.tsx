import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASSET_MESSAGES,
  type BusinessDto,
  type BusinessRole,
  type OutletRegisterDto,
  type RegisterAssetDto,
  type RegisterTaskDto,
} from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { savedAddress } from '../../test/fixtures';
import { markDoneErrors } from './mark-done-form';
import { dueGroups } from './register-groups';
import { RegisterPage } from './register-page';

const task = (key: string, dueOn: string, state: RegisterTaskDto['state'], extra: Partial<RegisterTaskDto> = {}) => ({
  key,
  title: `Task ${key}`,
  interval: '1 year',
  lastDoneOn: null,
  dueOn,
  state,
  lastRecord: null,
  ...extra,
});

const asset = (id: string, tasks: RegisterTaskDto[], extra: Partial<RegisterAssetDto> = {}): RegisterAssetDto => ({
  _id: id,
  outletId: 'o1',
  productId: null,
  orderId: null,
  make: 'Ceasefire',
  model: 'ABC 6 kg',
  serialNumber: `SN-${id}`,
  complianceCategory: 'fire-extinguisher',
  extinguisherType: 'dry-powder',
  installedOn: '2025-01-10',
  manufacturedOn: null,
  warrantyEndsOn: null,
  retiredOn: null,
  tasks,
  ...extra,
});

const register: OutletRegisterDto = {
  outlet: { _id: 'o1', name: 'Highway COCO', pesoLicenceNumber: 'P/HQ/1', pesoLicenceValidUntil: '2026-12-20' },
  today: '2026-12-07',
  licence: task('peso-licence-renewal', '2026-12-20', 'due-this-month', {
    title: 'Renew PESO licence',
    interval: null,
  }),
  assets: [
    asset('a1', [
      task('refill', '2027-01-15', 'due-next-month'),
      task('inspect', '2026-11-10', 'overdue', {
        lastDoneOn: '2026-10-10',
        lastRecord: {
          _id: 'r1',
          note: 'Checked by Agni',
          attachment: { name: 'cert.pdf', type: 'application/pdf', size: 9 },
        },
      }),
      task('hpt', '2028-01-10', 'later'),
    ]),
    asset(
      'a2',
      [
        task('reverify', '2026-12-09', 'due-this-month', {
          lastDoneOn: '2025-12-09',
          lastRecord: { _id: 'r2', note: '', attachment: null },
        }),
      ],
      {
        make: 'Tokheim',
        model: 'Quantium',
        complianceCategory: 'fuel-dispenser',
        extinguisherType: null,
      },
    ),
  ],
};

const business = (role: BusinessRole): Partial<BusinessDto> => ({
  _id: 'b1',
  legalName: 'Shakti Fuels',
  gstin: null,
  billingAddress: savedAddress(),
  approvalLimit: null,
  role,
  outlets: [],
  members: [],
  invitations: [],
});

beforeEach(() => loginAs('customer', 'Asha'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dueGroups', () => {
  it('groups tasks by state, soonest first, with the licence among them; later ones are left out', () => {
    const groups = dueGroups(register);
    expect(groups.overdue.map((item) => item.task.key)).toEqual(['inspect']);
    expect(groups.thisMonth.map((item) => [item.asset?._id ?? null, item.task.key])).toEqual([
      ['a2', 'reverify'],
      [null, 'peso-licence-renewal'],
    ]);
    expect(groups.nextMonth.map((item) => item.task.key)).toEqual(['refill']);
  });
});

describe('markDoneErrors', () => {
  const context = { taskKey: 'inspect', today: '2026-12-07', installedOn: '2025-01-10' };
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

  it('refuses a day to come, a day before installation and a day the calendar lacks', () => {
    expect(markDoneErrors({ doneOn: '2026-12-08', note: '', file: null }, context).doneOn).toBe(
      ASSET_MESSAGES.doneInFuture,
    );
    expect(markDoneErrors({ doneOn: '2025-01-09', note: '', file: null }, context).doneOn).toBe(
      ASSET_MESSAGES.doneBeforeInstalled,
    );
    expect(markDoneErrors({ doneOn: '', note: '', file: null }, context).doneOn).toBeTruthy();
    expect(markDoneErrors({ doneOn: '2026-12-07', note: '', file: null }, context)).toEqual({});
  });

  it('refuses a file that is not a PDF or picture, an empty one and one over 5 MB', () => {
    const day = { doneOn: '2026-12-01', note: 'ok' };
    expect(markDoneErrors({ ...day, file: file('a.docx', 'application/msword', 10) }, context).file).toBe(
      ASSET_MESSAGES.attachmentType,
    );
    expect(markDoneErrors({ ...day, file: file('a.pdf', 'application/pdf', 0) }, context).file).toBe(
      ASSET_MESSAGES.attachmentEmpty,
    );
    expect(markDoneErrors({ ...day, file: file('a.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1) }, context).file).toBe(
      ASSET_MESSAGES.attachmentTooLarge,
    );
    expect(markDoneErrors({ ...day, file: file('a.webp', 'image/webp', 100) }, context)).toEqual({});
  });
});

describe('RegisterPage', () => {
  const render = (role: BusinessRole, extra: Record<string, unknown> = {}) => {
    const fetchMock = mockFetch({
      'GET /api/business/outlets/o1/register': { body: register },
      'GET /api/business': { body: { business: business(role) } },
      ...extra,
    });
    const { store } = renderWithStore(<RegisterPage />, {
      route: '/business/outlets/o1/register',
      path: '/business/outlets/:outletId/register',
    });
    return { fetchMock, store };
  };
  const notices = (store: ReturnType<typeof render>['store']) =>
    (store.getState() as { notices: { text: string }[] }).notices.map((notice) => notice.text);

  it('lists overdue, this month and next month, naming each asset, then all equipment', async () => {
    render('buyer');
    expect(await screen.findByRole('heading', { name: 'Equipment register' })).toBeInTheDocument();
    expect(screen.getByText(/PESO licence P\/HQ\/1/)).toBeInTheDocument();
    const overdue = screen.getByRole('region', { name: /Overdue/ });
    expect(within(overdue).getByText('Task inspect')).toBeInTheDocument();
    expect(
      within(overdue).getByText(/Fire extinguishers: Ceasefire ABC 6 kg · Dry powder \(ABC\/BC\) · serial SN-a1/),
    ).toBeInTheDocument();
    expect(within(overdue).getByText('Note: Checked by Agni')).toBeInTheDocument();
    expect(within(overdue).getByRole('button', { name: 'cert.pdf' })).toBeInTheDocument();
    const thisMonth = screen.getByRole('region', { name: /Due this month/ });
    expect(
      within(thisMonth)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Task reverify'), expect.stringContaining('Renew PESO licence')]);
    const all = screen.getByRole('region', { name: /All equipment/ });
    expect(within(all).getAllByRole('article')).toHaveLength(2);
    expect(within(all).getByText('Task hpt')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Mark done/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Add equipment' })).toBeInTheDocument();
  });

  it('offers no changes to a viewer', async () => {
    render('viewer');
    await screen.findByRole('heading', { name: 'Equipment register' });
    await screen.findByRole('button', { name: 'Print register' });
    expect(screen.queryByRole('button', { name: /^Mark done/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add equipment' })).toBeNull();
  });

  it("the mark-done form shows its errors and sends nothing until they are mended; then the server's refusal", async () => {
    const { fetchMock } = render('buyer', {
      'POST /api/business/assets/a1/records': { status: 409, body: { message: ASSET_MESSAGES.retired } },
    });
    const overdue = await screen.findByRole('region', { name: /Overdue/ });
    await userEvent.click(within(overdue).getByRole('button', { name: /^Mark done/ }));
    const dialog = await screen.findByRole('dialog');
    const day = within(dialog).getByLabelText('Done on');
    await userEvent.clear(day);
    await userEvent.type(day, '2027-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record as done' }));
    expect(await within(dialog).findByText(ASSET_MESSAGES.doneInFuture)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.clear(day);
    await userEvent.type(day, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record as done' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ASSET_MESSAGES.retired);
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ taskKey: 'inspect', doneOn: '2026-12-01', note: '' });
  });

  it('attaches a file to the last record of a task after, checked first', async () => {
    const { fetchMock, store } = render('buyer', {
      'PUT /api/business/records/r2/attachment': {
        body: {
          message: ASSET_MESSAGES.attachmentAdded,
          record: {
            _id: 'r2',
            assetId: 'a2',
            taskKey: 'reverify',
            doneOn: '2025-12-09',
            note: '',
            attachment: { name: 'stamp.jpg', type: 'image/jpeg', size: 3 },
          },
        },
      },
    });
    const thisMonth = await screen.findByRole('region', { name: /Due this month/ });
    const input = within(thisMonth).getByLabelText('Attach a certificate or picture');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    await waitFor(() => expect(notices(store)).toContain(ASSET_MESSAGES.attachmentType));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await userEvent.upload(input, new File(['abc'], 'stamp.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(notices(store)).toContain(ASSET_MESSAGES.attachmentAdded));
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(sent![1]!.body).toBeInstanceOf(FormData);
  });
});
