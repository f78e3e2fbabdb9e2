/**
 * The password policy (docs/shop-rules.md#accounts), one rule per role wherever a password is set: signup, the
 * profile, change-password, a reset or invite link, and the operator's set-password command. A buyer's password
 * has at least PASSWORD_MIN_LENGTH characters, an admin's or a staff member's at least ADMIN_PASSWORD_MIN_LENGTH
 * (they can change prices, stock and orders); none may be one of the common passwords the server bundles
 * (apps/server/src/modules/auth/password-policy.ts), which only the server checks. Kept apart from the zod schemas
 * so that a form can show the same words without the validation library.
 */
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import type { Role } from './status';

export const passwordTooShortMessage = (min: number) => `Password must be at least ${min} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
/** What an admin account's new password is refused with when shorter than ADMIN_PASSWORD_MIN_LENGTH. */
export const ADMIN_PASSWORD_TOO_SHORT = `An admin password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
/** The same for a staff account (orders or catalog staff). */
export const STAFF_PASSWORD_TOO_SHORT = `A staff password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
/** A password found in the bundled list of common passwords (compared without regard to letter case). */
export const PASSWORD_TOO_COMMON =
  'This password is one of the most common passwords and is easy to guess. Choose another.';

/** The fewest characters a password of this role may have. */
export const passwordMinLength = (role: Role): number =>
  role === 'customer' ? PASSWORD_MIN_LENGTH : ADMIN_PASSWORD_MIN_LENGTH;

/** What a password too short or too long for the role is refused with; undefined when its length is right. */
export function passwordLengthProblem(password: string, role: Role): string | undefined {
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (password.length >= passwordMinLength(role)) return undefined;
  if (role === 'admin') return ADMIN_PASSWORD_TOO_SHORT;
  if (role === 'customer') return passwordTooShortMessage(PASSWORD_MIN_LENGTH);
  return STAFF_PASSWORD_TOO_SHORT;
}
