/**
 * The demo shop's business details (docs/shop-rules.md#store-settings): a private limited company in Pune,
 * Maharashtra (GST state code 27). The GSTIN is made up but passes the full check: its PAN has 'C' (a company)
 * in the 4th place and 'P' (PumpKart) in the 5th, and its last character is the computed check character.
 */
import { DEFAULT_MAX_UNITS_PER_PRODUCT, storeSettingsInputSchema, type StoreSettingsInput } from '@pumpkart/shared';

export const DEMO_STORE_SETTINGS_INPUT: StoreSettingsInput = {
  legalName: 'PumpKart Equipment Private Limited',
  tradeName: 'PumpKart',
  gstin: '27AAHCP4821K1Z6',
  pan: 'AAHCP4821K',
  registeredAddress: {
    line1: 'Unit 402, Sterling Centre',
    line2: 'Moledina Road, Camp',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411001',
  },
  email: 'care@pumpkart.in',
  phone: '9822012345',
  invoicePrefix: 'PK',
  authorisedSignatory: 'Rohan Deshpande, Director',
  grievanceOfficer: { name: 'Meera Kulkarni', designation: 'Grievance Officer and Head, Customer Care' },
  maxUnitsPerProduct: DEFAULT_MAX_UNITS_PER_PRODUCT,
};

/** Validated by the settings form's own schema: the demo obeys the same rules as an owner's edit. */
export const demoStoreSettings = () => storeSettingsInputSchema.parse(DEMO_STORE_SETTINGS_INPUT);
