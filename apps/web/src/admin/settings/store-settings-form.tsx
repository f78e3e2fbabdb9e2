/**
 * The store settings' form (docs/shop-rules.md#store-settings), the body of the Settings page: the business, the
 * registered address, the contact, the tax invoices, the grievance officer, the struck-through prices and the
 * orders' unit limit, and the bank account of bank transfers (bank-details-fields.tsx). Every field is checked with
 * the server's own schema first (settings-form.ts); a 400 from the server puts each of its `details` under its field
 * (anything else at the top); a save says so in a notice and shows the details as stored.
 */
import { useId, useState, type FormEvent } from 'react';
import { MESSAGES, TAX_DATA_MESSAGES, type StoreSettingsDto } from '@pumpkart/shared';
import { errorMessage, isHttpFailure } from '../../api/http';
import { useSaveStoreSettingsMutation } from './settings-api';
import { StateSelect } from './state-select';
import { TurnoverBandField } from './turnover-band-field';
import { ReturnWindowField } from './return-window-field';
import { useNotify } from '../../store/hooks';
import { formatDateTime } from '../lib/format';
import { TextSetting, type TextSettingProps } from './text-setting';
import { EinvoiceSetting } from './einvoice-setting';
import { DeliveryTaxSetting, PRICE_SETTINGS_TEXT, StruckThroughPriceSetting } from './price-settings';
import {
  BANK_FIELDS,
  bankBody,
  BankDetailsFields,
  bankErrorsOfAnswer,
  bankFieldId,
  bankValuesOf,
  validateBank,
  type BankErrors,
} from './bank-details-fields';
import {
  choicesBody,
  choicesOf,
  errorsFromAnswer,
  panOfGstin,
  SETTINGS_FIELDS,
  settingsBody,
  validateSettings,
  valuesFromSettings,
  type SettingsChoices,
  type SettingsErrors,
  type SettingsField,
  type SettingsValues,
} from './settings-form';

export const SETTINGS_TEXT = {
  title: 'Settings',
  intro: 'The business details shown in the footer, on the contact page and on every tax invoice.',
  save: 'Save settings',
  saving: 'Saving...',
  ...PRICE_SETTINGS_TEXT,
} as const;

/** The form over the stored settings, or an empty one (`undefined`) until the owner enters them. */
export function SettingsForm({ settings }: { settings: StoreSettingsDto | undefined }) {
  const [save] = useSaveStoreSettingsMutation();
  const notify = useNotify();
  const id = useId();
  const [values, setValues] = useState<SettingsValues>(() => valuesFromSettings(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [choices, setChoices] = useState(() => choicesOf(settings));
  const choose = (patch: Partial<SettingsChoices>) => setChoices((current) => ({ ...current, ...patch }));
  const [bank, setBank] = useState(() => bankValuesOf(settings));
  const [bankErrors, setBankErrors] = useState<BankErrors>({});

  const fieldId = (name: SettingsField) => `${id}-${name.replace('.', '-')}`;

  const set = (name: SettingsField, value: string) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      // The PAN is the GSTIN's characters 3 to 12: filled in from a valid GSTIN while it is empty.
      if (name === 'gstin' && !current.pan.trim()) next.pan = panOfGstin(value) ?? '';
      return next;
    });
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirstInvalid = (found: SettingsErrors, foundBank: BankErrors = {}) => {
    const first = SETTINGS_FIELDS.find((name) => found[name]);
    const firstBank = BANK_FIELDS.find((name) => foundBank[name]);
    const target = first ? fieldId(first) : firstBank ? bankFieldId(id, firstBank) : null;
    if (target) requestAnimationFrame(() => document.getElementById(target)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(values);
    const foundBank = validateBank(bank);
    setErrors(found);
    setBankErrors(foundBank);
    if (Object.keys(found).length > 0 || Object.keys(foundBank).length > 0) {
      setProblems([MESSAGES.storeSettingsFixFields]);
      focusFirstInvalid(found, foundBank);
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      const saved = await save({
        ...settingsBody(values),
        ...choicesBody(choices),
        bankDetails: bankBody(bank),
      }).unwrap();
      setBank(bankValuesOf(saved));
      setValues(valuesFromSettings(saved));
      setChoices(choicesOf(saved));
      notify(TAX_DATA_MESSAGES.storeSettingsSaved, 'success');
    } catch (error) {
      if (isHttpFailure(error) && error.status === 400) {
        const { fields, other } = errorsFromAnswer(error.data);
        const fromBank = bankErrorsOfAnswer(error.data);
        setErrors(fields);
        setBankErrors(fromBank);
        setProblems(other.length > 0 ? other : [MESSAGES.storeSettingsFixFields]);
        focusFirstInvalid(fields, fromBank);
      } else {
        setProblems([errorMessage(error, MESSAGES.storeSettingsSaveFailed)]);
      }
    } finally {
      setSaving(false);
    }
  };

  const input = (
    name: SettingsField,
    label: string,
    options: Pick<TextSettingProps, 'hint' | 'className' | 'attributes'> = {},
  ) => (
    <TextSetting
      id={fieldId(name)}
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => set(name, value)}
      {...options}
    />
  );

  const section = 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
  const legend = 'px-1 text-base font-semibold text-slate-900';

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Store settings"
      className="max-w-3xl space-y-5"
    >
      {!settings && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {TAX_DATA_MESSAGES.storeSettingsMissing}
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}

      <fieldset className={section}>
        <legend className={legend}>Business</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('legalName', 'Legal name', {
            hint: 'As on the GST registration.',
            attributes: { autoComplete: 'organization' },
          })}
          {input('tradeName', 'Trade name', { hint: 'The name buyers know the shop by.' })}
          {input('gstin', 'GSTIN', {
            attributes: { autoCapitalize: 'characters', spellCheck: false, autoComplete: 'off' },
            className: '[&_input]:uppercase',
          })}
          {input('pan', 'PAN', {
            hint: 'Characters 3 to 12 of the GSTIN.',
            attributes: { autoCapitalize: 'characters', spellCheck: false, autoComplete: 'off' },
            className: '[&_input]:uppercase',
          })}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className={legend}>Registered address</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('registeredAddress.line1', 'Address line 1', { attributes: { autoComplete: 'address-line1' } })}
          {input('registeredAddress.line2', 'Address line 2 (optional)', {
            attributes: { autoComplete: 'address-line2' },
          })}
          {input('registeredAddress.city', 'City', { attributes: { autoComplete: 'address-level2' } })}
          <StateSelect
            id={fieldId('registeredAddress.state')}
            value={values['registeredAddress.state']}
            error={errors['registeredAddress.state']}
            onChange={(value) => set('registeredAddress.state', value)}
          />
          {input('registeredAddress.postalCode', 'Postal code', {
            attributes: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 },
          })}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className={legend}>Contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('email', 'Email', { attributes: { type: 'email', autoComplete: 'email' } })}
          {input('phone', 'Phone', {
            hint: '10 digits.',
            attributes: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
          })}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className={legend}>Tax invoices</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('invoicePrefix', 'Invoice prefix', {
            hint: '1 to 3 letters or digits, e.g. PK gives PK/26-27/000123. CN and DN are kept for credit and debit notes.',
            attributes: { autoCapitalize: 'characters', spellCheck: false, maxLength: 3 },
            className: '[&_input]:uppercase',
          })}
          {input('authorisedSignatory', 'Authorised signatory', { hint: 'Who signs the invoices.' })}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className={legend}>Grievance officer</legend>
        <p className="text-sm text-slate-600">
          Named on the contact page; buyers reach them at the shop&apos;s email and phone.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('grievanceOfficer.name', 'Name')}
          {input('grievanceOfficer.designation', 'Designation')}
        </div>
      </fieldset>

      <StruckThroughPriceSetting
        id={`${id}-computedOriginalPrice`}
        checked={choices.computedOriginalPrice}
        onChange={(computedOriginalPrice) => choose({ computedOriginalPrice })}
        className={section}
        legendClassName={legend}
      />
      <DeliveryTaxSetting
        id={`${id}-deliveryTaxMethod`}
        value={choices.deliveryTaxMethod}
        onChange={(deliveryTaxMethod) => choose({ deliveryTaxMethod })}
        className={section}
        legendClassName={legend}
      />

      <TurnoverBandField
        name={`${id}-aggregateTurnoverBand`}
        value={choices.aggregateTurnoverBand}
        onChange={(aggregateTurnoverBand) => choose({ aggregateTurnoverBand })}
        className={section}
        legendClassName={legend}
      />
      <EinvoiceSetting
        id={`${id}-einvoiceEnabled`}
        checked={choices.einvoiceEnabled}
        onChange={(einvoiceEnabled) => choose({ einvoiceEnabled })}
      />

      <fieldset className={section}>
        <legend className={legend}>Orders</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('maxUnitsPerProduct', 'Most units of one product per unpaid order', {
            hint:
              'An unpaid order holds its stock until it is paid (a cash-on-delivery order until you mark it paid). ' +
              'A buyer who needs more is asked to contact you. Business accounts are not held to it.',
            attributes: { inputMode: 'numeric' },
          })}
          <ReturnWindowField value={choices.returnWindow} onChange={(returnWindow) => choose({ returnWindow })} />
        </div>
      </fieldset>

      <BankDetailsFields
        id={id}
        values={bank}
        errors={bankErrors}
        onChange={(patch) => {
          setBank((current) => ({ ...current, ...patch }));
          setBankErrors((current) => ({
            ...current,
            ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])),
          }));
        }}
        className={section}
        legendClassName={legend}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
        >
          {saving ? SETTINGS_TEXT.saving : SETTINGS_TEXT.save}
        </button>
        {settings && <p className="text-sm text-slate-600">Last saved {formatDateTime(settings.updatedAt)}</p>}
      </div>
    </form>
  );
}
