/** The demo shop's business details as GET /api/settings/store answers them (docs/shop-rules.md#store-settings). */
import type { StoreSettingsDto } from '@pumpkart/shared';

export function storeSettingsDto(overrides: Partial<StoreSettingsDto> = {}): StoreSettingsDto {
  return {
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
    stateCode: '27',
    email: 'care@pumpkart.in',
    phone: '9822012345',
    invoicePrefix: 'PK',
    authorisedSignatory: 'Rohan Deshpande, Director',
    grievanceOfficer: { name: 'Meera Kulkarni', designation: 'Grievance Officer and Head, Customer Care' },
    computedOriginalPrice: true,
    maxUnitsPerProduct: 10,
    deliveryTaxMethod: 'apportioned',
    aggregateTurnoverBand: 'up-to-5-crore',
    einvoiceEnabled: false,
    returnWindowDays: 7,
    bankDetails: null,
    updatedAt: '2026-06-05T10:00:00.000Z',
    ...overrides,
  };
}
