/**
 * Password reset by e-mail (docs/shop-rules.md#password-reset). Asking for a link answers the same
 * whether or not an account has the e-mail, after the same database work. A link carries a token of
 * 32 random bytes; only its SHA-256 is stored, valid RESET_VALID_MINUTES and only once. An account gets
 * at most RESET_MAX_PER_WINDOW links per RESET_WINDOW_MINUTES, counted in the database so that every
 * server process shares the count. Using a link sets the new password, revokes every earlier login
 * token of the account and every other link it still has. A staff invite (docs/shop-rules.md#staff) is such a
 * link too, made by createPasswordLink with a longer validity and sent to /set-password.
 */
import { SERVER_MESSAGES, type ForgotPasswordBody, type ResetPasswordBody } from '@pumpkart/shared';
import { shopUrlOf } from '../../config';
import type { AppContext, Log } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { enqueueMail, REDACTED_LINK_TOKEN } from '../mail';
import { clearLoginAttempts } from './login-limit';
import { checkPasswordPolicy } from './password-policy';
import { hashPassword } from './service';
import { forgetSession } from './sessions';
import {
  countLinksSince,
  createPasswordLink,
  deleteExpiredLinks,
  findUsableLink,
  hashResetToken,
  revokePasswordLinks,
  useLink,
} from './store/password-links';
import { lockUserByEmail, updateUser } from './store/users';

export const RESET_VALID_MINUTES = 30;
export const RESET_MAX_PER_WINDOW = 3;
export const RESET_WINDOW_MINUTES = 15;

/** Stands for the account when the e-mail has none, so that both answers cost the same queries. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** The token travels in the fragment, so it never reaches a server log or a Referer. */
export const resetUrl = (config: AppContext['config'], token: string) =>
  `${shopUrlOf(config)}/reset-password#token=${token}`;

/** The invite's page: the same token and call as a reset, worded for a first password (docs/shop-rules.md#staff). */
export const setPasswordUrl = (config: AppContext['config'], token: string) =>
  `${shopUrlOf(config)}/set-password#token=${token}`;

export { hashResetToken };

/**
 * POST /api/auth/forgot-password. For an existing account under its limit: stores a new link and
 * writes its e-mail in the same transaction (the account's row is locked, so parallel requests never
 * pass the limit together), then wakes the mail worker. Otherwise sends nothing; the caller answers
 * the same either way. The account's expired links are dropped on the way.
 */
export async function requestPasswordReset(
  ctx: Pick<AppContext, 'db' | 'config' | 'mail'>,
  body: ForgotPasswordBody,
  log: Log,
  now: Date = new Date(),
): Promise<void> {
  const sent = await ctx.db.transaction(async (tx) => {
    const user = await lockUserByEmail(tx, body.email.trim().toLowerCase());
    const userId = user?.id ?? NO_ACCOUNT;
    await deleteExpiredLinks(tx, userId, now);
    // Each link created in the window, used or not, was an e-mail sent.
    const links = await countLinksSince(tx, userId, minutesBefore(now, RESET_WINDOW_MINUTES));
    if (!user) return false;
    if (links >= RESET_MAX_PER_WINDOW) {
      log.warn({ userId }, `password reset refused: ${links} links in ${RESET_WINDOW_MINUTES} minutes`);
      return false;
    }
    const token = await createPasswordLink(tx, userId, RESET_VALID_MINUTES, now);
    // The stored message shows the link redacted; only the copy sent to the account holder carries the token.
    await enqueueMail(
      tx,
      user.email,
      {
        kind: 'password-reset',
        name: user.name,
        resetUrl: resetUrl(ctx.config, REDACTED_LINK_TOKEN),
        validMinutes: RESET_VALID_MINUTES,
      },
      token,
    );
    return true;
  });
  if (sent) ctx.mail.wake();
}

/**
 * POST /api/auth/reset-password. The token must be unexpired and unused, and the new password pass the policy of
 * the account's role (a staff invite's or the admin's needs 12 characters); in one transaction it is
 * marked used (only if still unused: of two parallel uses one wins, the other is refused), the new
 * password is stored, the token version goes up (every earlier login token stops working), the
 * account's other links are marked used and its failed-login count starts again. Does not log in.
 */
export async function resetPassword(
  { db }: Pick<AppContext, 'db'>,
  body: ResetPasswordBody,
  now: Date = new Date(),
): Promise<void> {
  const tokenHash = hashResetToken(body.token);
  // Checked before hashing, so a wrong link costs no argon2 time; the account's role chooses the password rule.
  const found = await findUsableLink(db, tokenHash, now);
  if (!found) throw new BadRequestError(SERVER_MESSAGES.passwordResetLinkInvalid);
  await checkPasswordPolicy(body.password, found.role);
  const passwordHash = await hashPassword(body.password);

  const userId = await db.transaction(async (tx) => {
    const usedBy = await useLink(tx, tokenHash, now);
    if (!usedBy) throw new BadRequestError(SERVER_MESSAGES.passwordResetLinkInvalid);
    const account = await updateUser(tx, usedBy, { passwordHash, updatedAt: now }, true);
    await revokePasswordLinks(tx, usedBy, now);
    if (account) await clearLoginAttempts(tx, account.email);
    return usedBy;
  });
  forgetSession(userId);
}
