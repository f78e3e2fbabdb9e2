/**
 * The profile form's rules (docs/shop-rules.md#accounts, #validation): name, email, a 10-digit
 * phone, an optional new password, and saved addresses whose fields are all required but line2,
 * with a 10-digit recipient phone and a 6-digit postal code. A new email or password also needs the
 * current password. The optional business name (at most 200 characters) and GSTIN (the shared GSTIN
 * check, its reason word for word: docs/decisions/0009-gst-tax-computation.md) go on the buyer's tax
 * invoices; empty clears them. Checked before sending, with one message per field.
 */
import {
  BUSINESS_NAME_MAX_LENGTH,
  emailSchema,
  passwordLengthProblem,
  phoneSchema,
  SERVER_MESSAGES,
  postalCodeSchema,
  validateGstin,
  type Address,
  type Role,
  type UpdateProfileBody,
} from '@pumpkart/shared';
import type { AddressErrors } from '../../shop/address/address-fields';
import { REQUIRED_ADDRESS_FIELDS, trimAddress } from '../../lib/address';

export const MAX_SAVED_ADDRESSES = 10;

export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  password: string;
  /** Asked for only when the email or the password changes. */
  currentPassword: string;
  addresses: Address[];
  /** Optional, for tax invoices: empty means none. */
  businessName: string;
  gstin: string;
}

export interface ProfileErrors {
  name?: string;
  email?: string;
  phone?: string;
  password?: string;
  currentPassword?: string;
  businessName?: string;
  gstin?: string;
  addresses: AddressErrors[];
}

const ADDRESS_LABELS: Record<keyof Address, string> = {
  recipientName: 'Recipient name',
  recipientPhone: 'Recipient phone',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
};

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

function addressErrors(address: Address): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!address[field]?.trim()) errors[field] = `${ADDRESS_LABELS[field]} is required.`;
  }
  if (!errors.recipientPhone) errors.recipientPhone = firstIssue(phoneSchema.safeParse(address.recipientPhone));
  if (!errors.postalCode) errors.postalCode = firstIssue(postalCodeSchema.safeParse(address.postalCode));
  for (const key of Object.keys(errors) as (keyof Address)[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** Whether the form changes the email (from the account's `currentEmail`) or the password. */
export const needsCurrentPassword = (form: ProfileForm, currentEmail: string | null) =>
  form.password !== '' || form.email.trim().toLowerCase() !== (currentEmail ?? '').trim().toLowerCase();

/** `role` chooses the password rule (packages/shared/src/password.ts); a session without one is a buyer's. */
export function validateProfile(
  form: ProfileForm,
  currentEmail: string | null,
  role: Role | null = null,
): ProfileErrors {
  const errors: ProfileErrors = { addresses: form.addresses.map(addressErrors) };
  if (!form.name.trim()) errors.name = 'Name is required.';
  errors.email = form.email.trim() ? firstIssue(emailSchema.safeParse(form.email)) : 'Email is required.';
  errors.phone = firstIssue(phoneSchema.safeParse(form.phone));
  if (form.password) errors.password = passwordLengthProblem(form.password, role ?? 'customer');
  if (needsCurrentPassword(form, currentEmail) && !form.currentPassword) {
    errors.currentPassword = SERVER_MESSAGES.currentPasswordRequired;
  }
  if (form.businessName.trim().length > BUSINESS_NAME_MAX_LENGTH) {
    errors.businessName = SERVER_MESSAGES.businessNameTooLong;
  }
  if (form.gstin.trim()) {
    const check = validateGstin(form.gstin);
    if (!check.ok) errors.gstin = check.reason;
  }
  return errors;
}

export const hasErrors = (errors: ProfileErrors) =>
  Boolean(
    errors.name ||
    errors.email ||
    errors.phone ||
    errors.password ||
    errors.currentPassword ||
    errors.businessName ||
    errors.gstin,
  ) || errors.addresses.some((address) => Object.keys(address).length > 0);

/**
 * The PUT /auth/update-profile body; an empty password is left out (the current one is kept), and
 * the current password is sent only when the email or password changes. The business name and GSTIN
 * are always sent (trimmed, the GSTIN upper-cased), null when empty, which clears them.
 */
export function profilePayload(form: ProfileForm, currentEmail: string | null): UpdateProfileBody {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    ...(form.password ? { password: form.password } : {}),
    ...(needsCurrentPassword(form, currentEmail) ? { currentPassword: form.currentPassword } : {}),
    addresses: form.addresses.map(trimAddress),
    businessName: form.businessName.trim() || null,
    gstin: form.gstin.trim().toUpperCase() || null,
  };
}
