import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GST_MESSAGES, MESSAGES, TAX_DATA_MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { storeSettingsDto } from '../../test/store-settings';
import { Notices } from '../../shop/layout/notices';
import AdminApp from '../admin-app';
import { SettingsPage, SETTINGS_TEXT } from './settings-page';
import { TURNOVER_TEXT } from './turnover-band-field';
import { EINVOICE_SETTING_TEXT } from './einvoice-setting';

const SETTINGS = storeSettingsDto({ grievanceOfficer: { name: 'Meera Kulkarni', designation: 'Grievance Officer' } });

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

const putCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://x').pathname === '/api/settings/store' && init?.method === 'PUT',
  );
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

// The form holds every business detail and the bank account: rendering and typing take a while on a busy machine.
describe('Admin Settings page', { timeout: 15_000 }, () => {
  it('shows every saved field, saves the edited details and says so in a notice', async () => {
    const saved = { ...SETTINGS, tradeName: 'PumpKart Pune', updatedAt: '2026-06-06T10:00:00.000Z' };
    const fetchMock = mockFetch({
      'GET /api/settings/store': { body: SETTINGS },
      'PUT /api/settings/store': { body: saved },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    const expected: Record<string, string> = {
      'Legal name': SETTINGS.legalName,
      'Trade name': 'PumpKart',
      GSTIN: '27AAHCP4821K1Z6',
      PAN: 'AAHCP4821K',
      'Address line 1': 'Unit 402, Sterling Centre',
      'Address line 2 (optional)': 'Moledina Road, Camp',
      City: 'Pune',
      State: 'Maharashtra',
      'Postal code': '411001',
      Email: 'care@pumpkart.in',
      Phone: '9822012345',
      'Invoice prefix': 'PK',
      'Authorised signatory': 'Rohan Deshpande, Director',
      Name: 'Meera Kulkarni',
      Designation: 'Grievance Officer',
      'Most units of one product per unpaid order': '10',
    };
    for (const [label, value] of Object.entries(expected)) {
      expect(within(form).getByLabelText(label)).toHaveValue(value);
    }
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('Trade name'));
    await user.type(within(form).getByLabelText('Trade name'), 'PumpKart Pune');
    await user.clear(within(form).getByLabelText('Most units of one product per unpaid order'));
    await user.type(within(form).getByLabelText('Most units of one product per unpaid order'), '25');
    const turnover = within(form).getByRole('group', { name: TURNOVER_TEXT.legend });
    expect(within(turnover).getByLabelText('Up to ₹5 crore')).toBeChecked();
    await user.click(within(turnover).getByLabelText('Above ₹5 crore'));
    await user.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));

    expect(await screen.findByText(TAX_DATA_MESSAGES.storeSettingsSaved)).toBeInTheDocument();
    const [call] = putCalls(fetchMock);
    expect((call![1] as RequestInit).headers).toMatchObject({ authorization: 'Bearer test-token' });
    expect(bodyOf(call!)).toEqual({
      legalName: SETTINGS.legalName,
      tradeName: 'PumpKart Pune',
      gstin: SETTINGS.gstin,
      pan: SETTINGS.pan,
      registeredAddress: SETTINGS.registeredAddress,
      email: SETTINGS.email,
      phone: SETTINGS.phone,
      invoicePrefix: 'PK',
      authorisedSignatory: SETTINGS.authorisedSignatory,
      grievanceOfficer: SETTINGS.grievanceOfficer,
      // Changed on purpose: the settings of the struck-through price, the delivery charge's tax, e-invoicing and the
      // return window are saved with the details.
      computedOriginalPrice: true,
      deliveryTaxMethod: 'apportioned',
      aggregateTurnoverBand: 'above-5-crore',
      einvoiceEnabled: false,
      returnWindowDays: 7,
      maxUnitsPerProduct: 25,
      // No bank details entered: none stored (bank-details-fields.test.tsx fills them).
      bankDetails: null,
    });
    expect(within(form).getByLabelText('Trade name')).toHaveValue('PumpKart Pune');
  });

  it('turns off the computed struck-through price (price x 1.1), saying why a real shop should', async () => {
    const fetchMock = mockFetch({
      'GET /api/settings/store': { body: SETTINGS },
      'PUT /api/settings/store': { body: { ...SETTINGS, computedOriginalPrice: false } },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    const toggle = within(form).getByRole('checkbox', { name: SETTINGS_TEXT.computedOriginalPrice });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(SETTINGS_TEXT.computedOriginalPriceHint);
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await screen.findByText(TAX_DATA_MESSAGES.storeSettingsSaved)).toBeInTheDocument();
    expect(bodyOf(putCalls(fetchMock)[0]!)).toMatchObject({ computedOriginalPrice: false });
    expect(toggle).not.toBeChecked();
  });

  it('chooses how the delivery charge is taxed: apportioned by value until the owner picks the highest rate', async () => {
    const fetchMock = mockFetch({
      'GET /api/settings/store': { body: SETTINGS },
      'PUT /api/settings/store': { body: { ...SETTINGS, deliveryTaxMethod: 'highest-rate' } },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    const group = within(form).getByRole('group', { name: SETTINGS_TEXT.deliveryTaxMethod });
    const apportioned = within(group).getByRole('radio', { name: SETTINGS_TEXT.deliveryTaxMethods.apportioned });
    const highest = within(group).getByRole('radio', { name: SETTINGS_TEXT.deliveryTaxMethods['highest-rate'] });
    expect(apportioned).toBeChecked();
    const user = userEvent.setup();
    await user.click(highest);
    await user.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await screen.findByText(TAX_DATA_MESSAGES.storeSettingsSaved)).toBeInTheDocument();
    expect(bodyOf(putCalls(fetchMock)[0]!)).toMatchObject({ deliveryTaxMethod: 'highest-rate' });
    expect(highest).toBeChecked();
  });

  it('turns e-invoicing on, saying when the law requires it', async () => {
    const fetchMock = mockFetch({
      'GET /api/settings/store': { body: SETTINGS },
      'PUT /api/settings/store': { body: { ...SETTINGS, einvoiceEnabled: true } },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    const toggle = within(form).getByRole('checkbox', { name: EINVOICE_SETTING_TEXT.label });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(EINVOICE_SETTING_TEXT.hint);
    expect(EINVOICE_SETTING_TEXT.hint).toContain('Notification 10/2023–Central Tax');
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await screen.findByText(TAX_DATA_MESSAGES.storeSettingsSaved)).toBeInTheDocument();
    expect(bodyOf(putCalls(fetchMock)[0]!)).toMatchObject({ einvoiceEnabled: true });
    expect(toggle).toBeChecked();
  });

  it('names a units limit that is not a whole number from 1 to 1000 under its field, and sends nothing', async () => {
    const fetchMock = mockFetch({ 'GET /api/settings/store': { body: SETTINGS } });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    const field = within(form).getByLabelText('Most units of one product per unpaid order');
    const user = userEvent.setup();
    for (const wrong of ['0', '2.5', 'ten', '']) {
      await user.clear(field);
      if (wrong) await user.type(field, wrong);
      await user.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
      expect(await within(form).findByText(/must be a whole number from 1 to 1000/)).toBeInTheDocument();
    }
    expect(putCalls(fetchMock)).toHaveLength(0);
  });

  it("puts each of the server's 400 problems under its field, and any other at the top", async () => {
    const stateMessage = TAX_DATA_MESSAGES.stateMismatch('Maharashtra', '27');
    mockFetch({
      'GET /api/settings/store': { body: SETTINGS },
      'PUT /api/settings/store': {
        status: 400,
        body: {
          message: stateMessage,
          details: [
            { path: 'registeredAddress.state', message: stateMessage },
            { path: 'somethingElse', message: 'A problem the form has no field for.' },
          ],
        },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    await userEvent.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
    const state = within(form).getByLabelText('State');
    await waitFor(() => expect(state).toHaveAttribute('aria-invalid', 'true'));
    expect(state).toHaveAccessibleDescription(stateMessage);
    expect(within(form).getByRole('alert')).toHaveTextContent('A problem the form has no field for.');
    expect(screen.queryByText(TAX_DATA_MESSAGES.storeSettingsSaved)).not.toBeInTheDocument();
  });

  it("shows a 400 without details at the top, in the server's words", async () => {
    mockFetch({
      'GET /api/settings/store': { body: SETTINGS },
      'PUT /api/settings/store': { status: 400, body: { message: TAX_DATA_MESSAGES.invoicePrefixIsCreditNotes } },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    await userEvent.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(TAX_DATA_MESSAGES.invoicePrefixIsCreditNotes);
  });

  it('checks the fields in the browser first: a wrong GSTIN and prefix are named, nothing is sent', async () => {
    const fetchMock = mockFetch({ 'GET /api/settings/store': { body: SETTINGS } });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    const user = userEvent.setup();
    const gstin = within(form).getByLabelText('GSTIN');
    await user.clear(gstin);
    await user.type(gstin, '27AAHCP4821K1Z8');
    await user.clear(within(form).getByLabelText('Invoice prefix'));
    await user.type(within(form).getByLabelText('Invoice prefix'), 'CN');
    await user.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await within(form).findByText(GST_MESSAGES.gstinCheckCharacter('6', '8'))).toBeInTheDocument();
    expect(within(form).getByText(TAX_DATA_MESSAGES.invoicePrefixIsCreditNotes)).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent(MESSAGES.storeSettingsFixFields);
    await waitFor(() => expect(gstin).toHaveFocus());
    expect(putCalls(fetchMock)).toEqual([]);
  });

  it('starts empty when no details were entered yet (404), fills the PAN from the GSTIN and saves them', async () => {
    const fetchMock = mockFetch({
      'GET /api/settings/store': { status: 404, body: { message: TAX_DATA_MESSAGES.storeSettingsMissing } },
      'PUT /api/settings/store': { body: SETTINGS },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByText(TAX_DATA_MESSAGES.storeSettingsMissing)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Store settings' });
    const user = userEvent.setup();
    const type = (label: string, text: string) => user.type(within(form).getByLabelText(label), text);
    await type('Legal name', SETTINGS.legalName);
    await type('Trade name', SETTINGS.tradeName);
    await type('GSTIN', SETTINGS.gstin);
    expect(within(form).getByLabelText('PAN')).toHaveValue('AAHCP4821K');
    await type('Address line 1', SETTINGS.registeredAddress.line1);
    await type('City', 'Pune');
    await user.selectOptions(within(form).getByLabelText('State'), 'Maharashtra');
    await type('Postal code', '411001');
    await type('Email', SETTINGS.email);
    await type('Phone', SETTINGS.phone);
    await type('Invoice prefix', 'PK');
    await type('Authorised signatory', SETTINGS.authorisedSignatory);
    await type('Name', 'Meera Kulkarni');
    await type('Designation', 'Grievance Officer');
    await user.click(within(form).getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await screen.findByText(TAX_DATA_MESSAGES.storeSettingsSaved)).toBeInTheDocument();
    expect(bodyOf(putCalls(fetchMock)[0]!)).toMatchObject({
      gstin: SETTINGS.gstin,
      pan: 'AAHCP4821K',
      registeredAddress: { state: 'Maharashtra', line2: '' },
    });
    expect(screen.queryByText(TAX_DATA_MESSAGES.storeSettingsMissing)).not.toBeInTheDocument();
  });

  it('says the details could not be loaded, with Try again, on any other failure', async () => {
    mockFetch({ 'GET /api/settings/store': { status: 500, body: { message: 'boom' } } });
    renderPage();
    expect(await screen.findByText(MESSAGES.storeSettingsLoadFailed)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('is the /admin/settings page of the admin area, marked in the sidebar', async () => {
    mockFetch({ 'GET /api/settings/store': { body: SETTINGS } });
    renderWithStore(<AdminApp />, { route: '/admin/settings', path: '/admin/*' });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });
});
