/**
 * POST /api/auth/register (docs/shop-rules.md#accounts): the answer is the same whether or not the e-mail already
 * has an account (docs/decisions/0022-registration-does-not-reveal-accounts.md). A new e-mail gets a customer
 * account and its welcome e-mail; an e-mail that has an account gets nothing created or changed, and its holder an
 * "account-exists" e-mail instead, at most ACCOUNT_EXISTS_MAX_PER_WINDOW per ACCOUNT_EXISTS_WINDOW_MINUTES, counted
 * in the outbox with the account's row locked, as the reset links are counted (./password-reset.ts).
 */
import { paths, type RegisterBody } from '@pumpkart/shared';
import { shopUrlOf } from '../../config';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { countMailsSince, enqueueMail } from '../mail';
import { checkPasswordPolicy } from './password-policy';
import { hashPassword, newUserValues } from './service';
import { insertUserUnlessTaken, lockUserByEmail } from './store/users';

export const ACCOUNT_EXISTS_MAX_PER_WINDOW = 1;
export const ACCOUNT_EXISTS_WINDOW_MINUTES = 15;

type Ctx = Pick<AppContext, 'db' | 'mail' | 'config'>;

/**
 * Writes the account-exists e-mail to the holder of `email` unless the window's limit is reached; answers whether it
 * did. The account's row is locked while counting, so parallel registrations never pass the limit together.
 */
async function tellAccountHolder(tx: DbOrTx, config: Ctx['config'], email: string, now: Date): Promise<boolean> {
  const holder = await lockUserByEmail(tx, email);
  if (!holder) return false;
  const since = new Date(now.getTime() - ACCOUNT_EXISTS_WINDOW_MINUTES * 60_000);
  // Each account-exists e-mail written to the holder in the window was one sent, or about to be.
  if ((await countMailsSince(tx, 'account-exists', holder.email, since)) >= ACCOUNT_EXISTS_MAX_PER_WINDOW) return false;
  const shopUrl = shopUrlOf(config);
  await enqueueMail(tx, holder.email, {
    kind: 'account-exists',
    name: holder.name,
    loginUrl: `${shopUrl}${paths.login}`,
    forgotPasswordUrl: `${shopUrl}${paths.forgotPassword}`,
  });
  return true;
}

/**
 * Registers a customer, or tells the e-mail's existing account holder; the caller answers the same either way. The
 * insert skips a taken e-mail instead of failing, so a registration racing another one for the same e-mail ends
 * the same way as one that comes after it. `now` is the clock of the e-mail limit (tests pass their own).
 */
export async function registerCustomer(ctx: Ctx, body: RegisterBody, now: Date = new Date()): Promise<void> {
  await checkPasswordPolicy(body.password, 'customer');
  // Hashed in both cases, though a taken e-mail keeps its password: the argon2 hash is most of the answer's time, so
  // skipping it would tell by the clock what the answer does not.
  const passwordHash = await hashPassword(body.password);
  const mailed = await ctx.db.transaction(async (tx) => {
    const created = await insertUserUnlessTaken(tx, newUserValues({ ...body, passwordHash, role: 'customer' }));
    if (!created) return tellAccountHolder(tx, ctx.config, body.email.toLowerCase(), now);
    await enqueueMail(tx, created.email, { kind: 'welcome', name: created.name });
    return true;
  });
  if (mailed) ctx.mail.wake();
}
