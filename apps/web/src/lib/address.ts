/** Address rules of the forms (docs/shop-rules.md#validation), shared by checkout and the profile. */
import type { Address } from '@pumpkart/shared';

export const EMPTY_ADDRESS: Address = {
  recipientName: '',
  recipientPhone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

/** Every address field but line2 is required (docs/shop-rules.md#validation). */
export const REQUIRED_ADDRESS_FIELDS = [
  'recipientName',
  'recipientPhone',
  'line1',
  'city',
  'state',
  'postalCode',
  'country',
] as const satisfies readonly (keyof Address)[];

const blank = (value: string | undefined) => !value || !value.trim();

export const isAddressIncomplete = (address: Partial<Address> | undefined) =>
  !address || REQUIRED_ADDRESS_FIELDS.some((field) => blank(address[field]));

export function trimAddress(address: Address): Address {
  return {
    recipientName: address.recipientName.trim(),
    recipientPhone: address.recipientPhone.trim(),
    line1: address.line1.trim(),
    line2: (address.line2 ?? '').trim(),
    city: address.city.trim(),
    state: address.state.trim(),
    postalCode: address.postalCode.trim(),
    country: address.country.trim(),
  };
}

/** One line of an address for display. */
export function formatAddress(address: Address): string {
  return [address.line1, address.line2, address.city, address.state, address.postalCode, address.country]
    .filter((part) => part && part.trim())
    .join(', ');
}
