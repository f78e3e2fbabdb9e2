/** Field rules shared by forms and the server (spec sections 5 and 9). */
export const PHONE_PATTERN = /^\d{10}$/;
export const POSTAL_CODE_PATTERN = /^\d{6}$/;

/** Signup's phone field keeps only digits and at most 10 characters (spec section 5). */
export function sanitizePhoneInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 10);
}
