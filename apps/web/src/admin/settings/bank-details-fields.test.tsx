import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANK_MESSAGES, MESSAGES, TAX_DATA_MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { storeSettingsDto } from '../../test/store-settings';
import { bankDetails } from '../../test/fixtures';
import { Notices } from '../../shop/layout/notices';
import { SettingsPage, SETTINGS_TEXT } from './settings-page';

beforeEach(() => loginAs('admin', 'Ravi'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderWithStore(
    <>
      <SettingsPage />
      <Notices />
    </>,
    { route: '/admin/settings' },
  );
const bankGroup = async () =>
  within(await screen.findByRole('form', { name: 'Store settings' })).getByRole('group', { name: 'Bank transfer' });
/** Pasting, not typing key by key: the shared test machine is slow. */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.click(input);
  await userEvent.paste(text);
};
const putBody = (fetchMock: ReturnType<typeof mockFetch>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return JSON.parse(String(call![1]!.body));
};

// Generous: the suite shares a busy machine, and typing in jsdom is slow there.
describe('Settings: the bank details of bank transfers', { timeout: 20_000 }, () => {
  it('fills in the bank details, offers bank transfer and saves them', async () => {
    const user = userEvent.setup();
    const saved = storeSettingsDto({ bankDetails: bankDetails() });
    const fetchMock = mockFetch({
      'GET /api/settings/store': { body: storeSettingsDto() },
      'PUT /api/settings/store': { body: saved },
    });
    renderPage();
    const group = await bankGroup();
    await fill(within(group).getByLabelText('Account name'), 'PumpKart Traders');
    await fill(within(group).getByLabelText('Account number'), '50200012345678');
    await fill(within(group).getByLabelText('IFSC'), 'hdfc0001234');
    await fill(within(group).getByLabelText('Bank and branch'), 'HDFC Bank, Andheri East, Mumbai');
    await user.click(within(group).getByRole('checkbox', { name: /Offer bank transfer/ }));
    await user.click(screen.getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await screen.findByText(TAX_DATA_MESSAGES.storeSettingsSaved)).toBeInTheDocument();
    expect(putBody(fetchMock).bankDetails).toEqual({
      enabled: true,
      accountName: 'PumpKart Traders',
      accountNumber: '50200012345678',
      ifsc: 'hdfc0001234',
      bankBranch: 'HDFC Bank, Andheri East, Mumbai',
      upiId: '',
    });
    expect(within(group).getByLabelText('IFSC')).toHaveValue('HDFC0001234');
  });

  it('names each wrong field before sending, and sends nothing while they are wrong', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /api/settings/store': { body: storeSettingsDto() } });
    renderPage();
    const group = await bankGroup();
    await fill(within(group).getByLabelText('Account number'), '12AB');
    await fill(within(group).getByLabelText('IFSC'), 'HDFC1234');
    await user.click(screen.getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await screen.findByText(MESSAGES.storeSettingsFixFields)).toBeInTheDocument();
    expect(within(group).getByText(BANK_MESSAGES.accountNumber)).toBeInTheDocument();
    expect(within(group).getByText(BANK_MESSAGES.ifsc)).toBeInTheDocument();
    expect(within(group).getByText(BANK_MESSAGES.accountName)).toBeInTheDocument();
    expect(within(group).getByLabelText('IFSC')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows the server’s messages under their bank field', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/settings/store': { body: storeSettingsDto({ bankDetails: bankDetails() }) },
      'PUT /api/settings/store': {
        status: 400,
        body: {
          message: 'Validation failed',
          details: [{ path: 'bankDetails.upiId', message: BANK_MESSAGES.upiId }],
        },
      },
    });
    renderPage();
    const group = await bankGroup();
    expect(within(group).getByLabelText('Account number')).toHaveValue('50200012345678');
    expect(within(group).getByRole('checkbox', { name: /Offer bank transfer/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await within(group).findByText(BANK_MESSAGES.upiId)).toBeInTheDocument();
  });
});
