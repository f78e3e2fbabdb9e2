/** Contracts of /api/auth (docs/shop-rules.md#accounts). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { PASSWORD_TOO_LONG, passwordTooShortMessage } from '../password';
import { SERVER_MESSAGES } from '../messages';
import { emailSchema, hasNoNulCharacter, phoneSchema, textSchema } from './fields';
import { addressSchema, optionalBusinessNameSchema, optionalGstinSchema, userSchema } from './common';

/**
 * A new password's shape: the shortest any role may have (a buyer's) up to PASSWORD_MAX_LENGTH. The server then
 * applies the account role's own rule and the common-password list (password.ts).
 */
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordTooShortMessage(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** The password the caller types to prove it is them (profile e-mail/password change, password change). */
const currentPasswordSchema = z
  .string({ error: SERVER_MESSAGES.currentPasswordRequired })
  .max(PASSWORD_MAX_LENGTH, SERVER_MESSAGES.currentPasswordWrong);

const nameSchema = textSchema('Name').trim().min(1, 'Name is required.').max(100);

export const registerBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * The same answer whether or not the e-mail already had an account (docs/decisions/0022-registration-does-not-reveal-accounts.md),
 * so it carries no account id.
 */
export const registerResponseSchema = z.object({ message: z.string() });

/**
 * Login (docs/shop-rules.md#accounts). A missing or blank field is a 400 saying
 * both are required; anything else wrong with them is a failed login, which never says more than
 * 'Invalid email or password': a malformed email simply matches no account.
 */
const loginFieldSchema = (max: number) =>
  z
    .string({ error: SERVER_MESSAGES.loginFieldsRequired })
    .min(1, SERVER_MESSAGES.loginFieldsRequired)
    .max(max, SERVER_MESSAGES.invalidCredentials)
    .refine(hasNoNulCharacter, SERVER_MESSAGES.invalidCredentials);

export const loginBodySchema = z.object(
  {
    email: loginFieldSchema(320)
      .trim()
      .toLowerCase()
      .refine((value) => value.length > 0, SERVER_MESSAGES.loginFieldsRequired),
    password: loginFieldSchema(128),
  },
  { error: SERVER_MESSAGES.loginFieldsRequired },
);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Profile update: every field optional; an empty password means "keep the current one". Changing
 * the e-mail or the password also needs `currentPassword`.
 */
export const updateProfileBodySchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  currentPassword: currentPasswordSchema.optional(),
  phone: phoneSchema.optional(),
  addresses: z.array(addressSchema).max(10, 'At most 10 saved addresses.').optional(),
  /** Not sent: kept; null or empty: cleared; a GSTIN is checked by the server (docs/shop-rules.md#accounts). */
  businessName: optionalBusinessNameSchema,
  gstin: optionalGstinSchema,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** The answer carries name, email, phone and addresses (and the user object). */
export const updateProfileResponseSchema = userSchema.extend({
  message: z.string(),
  user: userSchema,
  /** A fresh token when the e-mail or password changed: every earlier token of the account is revoked. */
  token: z.string().optional(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** A logged-in user's password change; the new password follows the account role's rule (password.ts). */
export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema.min(1, SERVER_MESSAGES.currentPasswordRequired),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The new token replaces this session's; every other token of the account is revoked. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/**
 * Password reset (docs/shop-rules.md#password-reset). Asking for a link answers the same message whether
 * or not an account has the e-mail; the link's token is 32 random bytes, base64url.
 */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
export const forgotPasswordResponseSchema = z.object({ message: z.string() });

/** A malformed token is the same 400 as an unknown one; the new password follows the account role's rule. */
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: SERVER_MESSAGES.passwordResetLinkInvalid })
    .min(1, SERVER_MESSAGES.passwordResetLinkInvalid)
    .max(200, SERVER_MESSAGES.passwordResetLinkInvalid),
  password: registerBodySchema.shape.password,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
/** The account is not logged in: the user logs in with the new password. */
export const resetPasswordResponseSchema = z.object({ message: z.string() });
