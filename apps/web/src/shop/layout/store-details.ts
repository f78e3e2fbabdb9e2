/**
 * The shop's business details as the footer and the contact page show them: read from the store settings
 * (GET /api/settings/store, docs/shop-rules.md#store-settings), falling back to the built-in text of
 * lib/company.ts while they load, when the owner has not entered them yet (404) or when they cannot be
 * read, so these screens never break.
 */
import type { StoreSettingsDto } from '@pumpkart/shared';
import { useGetStoreSettingsQuery } from '../../api/shop-api';
import { COMPANY } from '../../lib/company';

export interface StoreDetails {
  /** The legal name, e.g. 'PumpKart Equipment Private Limited'. */
  name: string;
  address: string;
  email: string;
  /** As shown, e.g. '+91 98220 12345'. */
  phone: string;
  /** The tel: link of the phone. */
  phoneHref: string;
  /** Null in the built-in text. */
  gstin: string | null;
  grievanceOfficer: { name: string; designation: string } | null;
}

/** A 10-digit Indian number as +91 XXXXX XXXXX; anything else as it is. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
}

const phoneHref = (shown: string) => `tel:${shown.replace(/[^\d+]/g, '')}`;

export const FALLBACK_STORE_DETAILS: StoreDetails = {
  name: COMPANY.name,
  address: COMPANY.address,
  email: COMPANY.email,
  phone: COMPANY.phone,
  phoneHref: phoneHref(COMPANY.phone),
  gstin: null,
  grievanceOfficer: null,
};

/** The details of saved store settings; the built-in text without them. */
export function storeDetailsOf(settings: StoreSettingsDto | undefined): StoreDetails {
  if (!settings) return FALLBACK_STORE_DETAILS;
  const { line1, line2, city, state, postalCode } = settings.registeredAddress;
  const phone = formatPhone(settings.phone);
  return {
    name: settings.legalName,
    address: `${[line1, line2, city].filter((part) => part.trim()).join(', ')}, ${state} ${postalCode}, India`,
    email: settings.email,
    phone,
    phoneHref: phoneHref(phone),
    gstin: settings.gstin,
    grievanceOfficer: settings.grievanceOfficer,
  };
}

/** The store's details for a screen (the built-in text until, or unless, the settings are read). */
export function useStoreDetails(): StoreDetails {
  const { data } = useGetStoreSettingsQuery();
  return storeDetailsOf(data);
}
