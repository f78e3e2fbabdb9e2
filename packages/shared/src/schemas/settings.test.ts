import { describe, expect, it } from 'vitest';
import { GST_RATES } from '../gst';
import { TAX_DATA_MESSAGES } from '../messages';
import { storeSettingsInputSchema, type StoreSettingsInput } from './settings';

const valid = (): StoreSettingsInput => ({
  legalName: 'PumpKart Equipment Private Limited',
  tradeName: 'PumpKart',
  gstin: '27aapfu0939f1zv ',
  pan: 'aapfu0939f',
  registeredAddress: { line1: '12 FC Road', city: 'Pune', state: 'MH', postalCode: '411001' },
  email: 'Accounts@PumpKart.in',
  phone: '9822012345',
  invoicePrefix: 'pk',
  authorisedSignatory: 'Rohan Deshpande',
  grievanceOfficer: { name: 'Meera Kulkarni', designation: 'Grievance Officer' },
});

/** The problems of a body, as { path: message }. */
function problems(body: unknown): Record<string, string> {
  const parsed = storeSettingsInputSchema.safeParse(body);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('storeSettingsInputSchema', () => {
  it('normalises what the owner typed', () => {
    const settings = storeSettingsInputSchema.parse(valid());
    expect(settings.gstin).toBe('27AAPFU0939F1ZV');
    expect(settings.pan).toBe('AAPFU0939F');
    expect(settings.registeredAddress).toEqual({
      line1: '12 FC Road',
      line2: '',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
    });
    expect(settings.email).toBe('accounts@pumpkart.in');
    expect(settings.invoicePrefix).toBe('PK');
  });

  it('names a wrong check character of the GSTIN', () => {
    expect(problems({ ...valid(), gstin: '27AAPFU0939F1ZA' })).toEqual({
      gstin: 'The last character of this GSTIN should be "V", not "A"; check it for a typing mistake.',
    });
  });

  it('refuses a PAN that is not the one inside the GSTIN', () => {
    expect(problems({ ...valid(), pan: 'AAPFU0939G' })).toEqual({ pan: TAX_DATA_MESSAGES.panMismatch('AAPFU0939F') });
    expect(problems({ ...valid(), pan: 'AAP' })).toEqual({ pan: TAX_DATA_MESSAGES.panFormat });
  });

  it('refuses an address outside the GSTIN state, and a state that is none', () => {
    const body = valid();
    expect(problems({ ...body, registeredAddress: { ...body.registeredAddress, state: 'Karnataka' } })).toEqual({
      'registeredAddress.state': TAX_DATA_MESSAGES.stateMismatch('Maharashtra', '27'),
    });
    expect(problems({ ...body, registeredAddress: { ...body.registeredAddress, state: 'Atlantis' } })).toEqual({
      'registeredAddress.state': TAX_DATA_MESSAGES.stateUnknown('Atlantis'),
    });
  });

  it.each([
    ['', TAX_DATA_MESSAGES.invoicePrefixFormat],
    ['PKIN', TAX_DATA_MESSAGES.invoicePrefixFormat],
    ['P/K', TAX_DATA_MESSAGES.invoicePrefixFormat],
    ['cn', TAX_DATA_MESSAGES.invoicePrefixIsCreditNotes],
  ])('refuses the invoice prefix %j', (invoicePrefix, message) => {
    expect(problems({ ...valid(), invoicePrefix })).toEqual({ invoicePrefix: message });
  });

  it('names every problem at once, cross-field checks included', () => {
    const body = valid();
    expect(
      problems({
        ...body,
        legalName: ' ',
        pan: 'AAPFU0939G',
        email: 'nope',
        registeredAddress: { ...body.registeredAddress, state: 'Goa', postalCode: '4110' },
        grievanceOfficer: { name: 'Meera Kulkarni' },
      }),
    ).toEqual({
      legalName: TAX_DATA_MESSAGES.legalNameRequired,
      email: 'Enter a valid email address.',
      'registeredAddress.postalCode': 'Postal code must be exactly 6 digits.',
      'grievanceOfficer.designation': TAX_DATA_MESSAGES.grievanceOfficerDesignationRequired,
      pan: TAX_DATA_MESSAGES.panMismatch('AAPFU0939F'),
      'registeredAddress.state': TAX_DATA_MESSAGES.stateMismatch('Maharashtra', '27'),
    });
  });

  it('names every missing field of an empty body', () => {
    expect(Object.keys(problems({})).sort()).toEqual(
      [
        'authorisedSignatory',
        'email',
        'grievanceOfficer',
        'gstin',
        'invoicePrefix',
        'legalName',
        'pan',
        'phone',
        'registeredAddress',
        'tradeName',
      ].sort(),
    );
  });
});

describe('TAX_DATA_MESSAGES.gstRateInvalid', () => {
  it('lists exactly the GST rates', () => {
    const listed = TAX_DATA_MESSAGES.gstRateInvalid.match(/\d+(?:\.\d+)?/g)!.map(Number);
    expect(listed).toEqual([...GST_RATES]);
  });
});

describe('storeSettingsInputSchema without an address', () => {
  it('names the missing address and skips the state check', () => {
    const { registeredAddress: _dropped, ...body } = valid();
    expect(problems(body)).toEqual({ registeredAddress: TAX_DATA_MESSAGES.line1Required });
  });
});
