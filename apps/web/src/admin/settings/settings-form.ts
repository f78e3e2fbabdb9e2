/**
 * The admin Settings form's values, checks and body (docs/shop-rules.md#store-settings): every field of the
 * store's business details as text, checked in the browser with the shared schema the server applies to the
 * same body (so a wrong GSTIN, a PAN outside it or an address outside its state is named before anything is
 * sent), and a 400's `details` mapped back onto the fields. Field names are the body's paths, e.g.
 * 'registeredAddress.city'.
 */
import {
  DEFAULT_AGGREGATE_TURNOVER_BAND,
  DEFAULT_MAX_UNITS_PER_PRODUCT,
  DEFAULT_RETURN_WINDOW_DAYS,
  storeSettingsInputSchema,
  validateGstin,
  type StoreSettingsDto,
  type StoreSettingsInput,
} from '@pumpkart/shared';

export const SETTINGS_FIELDS = [
  'legalName',
  'tradeName',
  'gstin',
  'pan',
  'registeredAddress.line1',
  'registeredAddress.line2',
  'registeredAddress.city',
  'registeredAddress.state',
  'registeredAddress.postalCode',
  'email',
  'phone',
  'invoicePrefix',
  'authorisedSignatory',
  'grievanceOfficer.name',
  'grievanceOfficer.designation',
  'maxUnitsPerProduct',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

export type SettingsValues = Record<SettingsField, string>;
/** Field -> message. */
export type SettingsErrors = Partial<Record<SettingsField, string>>;

const isField = (path: string): path is SettingsField => (SETTINGS_FIELDS as readonly string[]).includes(path);

export const EMPTY_SETTINGS: SettingsValues = {
  ...(Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, ''])) as SettingsValues),
  maxUnitsPerProduct: String(DEFAULT_MAX_UNITS_PER_PRODUCT),
};

/** The form's values for saved details (empty for none yet). */
export function valuesFromSettings(settings: StoreSettingsDto | undefined): SettingsValues {
  if (!settings) return { ...EMPTY_SETTINGS };
  return {
    legalName: settings.legalName,
    tradeName: settings.tradeName,
    gstin: settings.gstin,
    pan: settings.pan,
    'registeredAddress.line1': settings.registeredAddress.line1,
    'registeredAddress.line2': settings.registeredAddress.line2,
    'registeredAddress.city': settings.registeredAddress.city,
    'registeredAddress.state': settings.registeredAddress.state,
    'registeredAddress.postalCode': settings.registeredAddress.postalCode,
    email: settings.email,
    phone: settings.phone,
    invoicePrefix: settings.invoicePrefix,
    authorisedSignatory: settings.authorisedSignatory,
    'grievanceOfficer.name': settings.grievanceOfficer.name,
    'grievanceOfficer.designation': settings.grievanceOfficer.designation,
    maxUnitsPerProduct: String(settings.maxUnitsPerProduct),
  };
}

/** A whole number as typed, else NaN (which the shared schema names as not a number). */
export const numberOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The settings chosen rather than typed, as the form holds them (the return window as typed): the struck-through
 * price (on until the owner turns it off), the delivery charge's tax (apportioned), the turnover band, e-invoicing
 * (off) and the return window.
 */
export function choicesOf(settings: StoreSettingsDto | undefined) {
  return {
    computedOriginalPrice: settings?.computedOriginalPrice ?? true,
    deliveryTaxMethod: settings?.deliveryTaxMethod ?? 'apportioned',
    aggregateTurnoverBand: settings?.aggregateTurnoverBand ?? DEFAULT_AGGREGATE_TURNOVER_BAND,
    einvoiceEnabled: settings?.einvoiceEnabled ?? false,
    returnWindow: String(settings?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS),
  };
}
export type SettingsChoices = ReturnType<typeof choicesOf>;

/** The choices' part of the PUT body. */
export function choicesBody({ returnWindow, ...chosen }: SettingsChoices) {
  return { ...chosen, returnWindowDays: numberOf(returnWindow) };
}

/** The PUT body: the values as typed (the server trims and upper-cases as its rules say). */
export function settingsBody(values: SettingsValues): StoreSettingsInput {
  return {
    legalName: values.legalName,
    tradeName: values.tradeName,
    gstin: values.gstin,
    pan: values.pan,
    registeredAddress: {
      line1: values['registeredAddress.line1'],
      line2: values['registeredAddress.line2'],
      city: values['registeredAddress.city'],
      state: values['registeredAddress.state'],
      postalCode: values['registeredAddress.postalCode'],
    },
    email: values.email,
    phone: values.phone,
    invoicePrefix: values.invoicePrefix,
    authorisedSignatory: values.authorisedSignatory,
    grievanceOfficer: { name: values['grievanceOfficer.name'], designation: values['grievanceOfficer.designation'] },
    maxUnitsPerProduct: numberOf(values.maxUnitsPerProduct),
  };
}

/** Every problem of the values, one message per field (the first the shared schema names). */
export function validateSettings(values: SettingsValues): SettingsErrors {
  const checked = storeSettingsInputSchema.safeParse(settingsBody(values));
  const errors: SettingsErrors = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    if (isField(path) && !errors[path]) errors[path] = issue.message;
  }
  return errors;
}

/**
 * A 400's problems on the fields, and what names no field (shown at the top): the server's `details`
 * ({ path, message }), else its message alone.
 */
export function errorsFromAnswer(data: unknown): { fields: SettingsErrors; other: string[] } {
  const fields: SettingsErrors = {};
  const other: string[] = [];
  const body = (data ?? {}) as { message?: unknown; details?: unknown };
  const details = Array.isArray(body.details) ? (body.details as { path?: unknown; message?: unknown }[]) : [];
  for (const detail of details) {
    if (typeof detail.message !== 'string') continue;
    const path = typeof detail.path === 'string' ? detail.path : '';
    // The bank details' own fields show them (bank-details-fields.tsx).
    if (path.startsWith('bankDetails.')) continue;
    if (isField(path)) fields[path] ??= detail.message;
    else other.push(detail.message);
  }
  if (details.length === 0 && typeof body.message === 'string') other.push(body.message);
  return { fields, other };
}

/** The PAN of a GSTIN that passes the check (characters 3 to 12), else null. */
export function panOfGstin(gstin: string): string | null {
  const check = validateGstin(gstin);
  return check.ok ? check.pan : null;
}
