/** Field rules shared by forms and the server (docs/shop-rules.md#validation). */
export const PHONE_PATTERN = /^\d{10}$/;
export const POSTAL_CODE_PATTERN = /^\d{6}$/;

/** Signup's phone field keeps only digits and at most 10 characters. */
export function sanitizePhoneInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 10);
}
