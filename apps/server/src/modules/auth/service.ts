/**
 * Accounts (docs/shop-rules.md#accounts): login, profile and password changes (registration: ./registration.ts).
 * Passwords are argon2id hashes; a failed login never says whether the email exists. Each account
 * has a token version that tokens carry: changing the password or e-mail, a reset and "log out
 * everywhere" bump it, which revokes every earlier token (see ./sessions.ts for the check).
 * Failed logins are counted per e-mail address and client address together, and per e-mail address from
 * everywhere (countLoginAttempt), in the login_throttle table, so that every server process on the database
 * shares the counts whatever store the per-address rate limits use (docs/decisions/0019-shared-rate-limits.md).
 */
import { hash, verify } from '@node-rs/argon2';
import { eq, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  SERVER_MESSAGES,
  validateGstin,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
  type Role,
  type UpdateProfileBody,
  type User,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { loginThrottle, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors';
import { revokePasswordLinks } from './links';
import { checkPasswordPolicy } from './password-policy';
import { forgetSession } from './sessions';

/**
 * Failed logins allowed per e-mail address (known account or not) from one client address in one window; beyond
 * them that address gets 429 for this e-mail until the window is over.
 */
export const LOGIN_ACCOUNT_MAX_FAILURES = 10;
export const LOGIN_ACCOUNT_WINDOW_MINUTES = 15;
/** The same for an existing and an unknown account, so the limit reveals nothing. */
export const LOGIN_ACCOUNT_LOCKED_MESSAGE = `Too many failed logins for this e-mail address. Please wait ${LOGIN_ACCOUNT_WINDOW_MINUTES} minutes and try again.`;
/**
 * Failed logins an e-mail address takes from all client addresses together in a window before each further attempt
 * must wait: 1 s after the next failure, then 2, 4, 8... at most LOGIN_DELAY_MAX_SECONDS (OWASP's Authentication
 * Cheat Sheet: slow a guessing attack down rather than lock the owner out).
 */
export const LOGIN_DELAY_FREE_FAILURES = 10;
export const LOGIN_DELAY_MAX_SECONDS = 60;
export const loginDelayMessage = (seconds: number) =>
  `Too many failed logins for this e-mail address. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

/** The wait before the attempt after an account's `failures`-th failure of the window, in seconds. */
export const loginDelaySeconds = (failures: number) =>
  failures < LOGIN_DELAY_FREE_FAILURES
    ? 0
    : Math.min(2 ** (failures - LOGIN_DELAY_FREE_FAILURES), LOGIN_DELAY_MAX_SECONDS);

/** The client address when the caller has none (a call from the server itself). */
export const NO_ADDRESS = 'local';

type UserRow = typeof users.$inferSelect;
type Ctx = Pick<AppContext, 'db'>;

export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    addresses: row.addresses,
    businessName: row.businessName,
    gstin: row.gstin,
  };
}

/**
 * A buyer's GSTIN as the profile stores it: null stays null (cleared); anything else must pass the full GSTIN
 * check and is stored normalised, else 400 with the check's own reason (docs/shop-rules.md#accounts).
 */
function checkedGstin(value: string | null): string | null {
  if (value === null) return null;
  const check = validateGstin(value);
  if (!check.ok) throw new BadRequestError(check.reason);
  return check.gstin;
}

export const hashPassword = (password: string) => hash(password);

/**
 * The password hash of an invited staff account that has not set its password yet (docs/shop-rules.md#staff):
 * no password matches it. Its invite link sets the real one.
 */
export const NO_PASSWORD_HASH = '!';

// Verified against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

/** A failed login that costs an argon2 check, like a wrong password. */
async function refuseLogin(password: string): Promise<never> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verify(await dummyHash, password);
  throw new UnauthorizedError(SERVER_MESSAGES.invalidCredentials);
}

type NewAccount = Omit<RegisterBody, 'password'> & { passwordHash: string; role?: Role };

/** The users row of a new account: the e-mail lower-cased, a customer unless told otherwise. */
export const newUserValues = (input: NewAccount) => ({
  name: input.name,
  email: input.email.toLowerCase(),
  phone: input.phone,
  passwordHash: input.passwordHash,
  role: input.role ?? 'customer',
});

async function insertUser(db: DbOrTx, input: NewAccount): Promise<UserRow> {
  const [row] = await db.insert(users).values(newUserValues(input)).returning();
  return row!;
}

/** A taken e-mail is 409; anything else goes on. */
function refuseTakenEmail(error: unknown): never {
  if (isUniqueViolation(error)) throw new ConflictError(SERVER_MESSAGES.emailTaken);
  throw error;
}

/**
 * Creates an account as it is (the seed, the admin from ADMIN_EMAIL / ADMIN_PASSWORD, tests): no e-mail is sent and
 * the password policy is not applied, so the demo's documented logins keep working (production refuses a weak
 * ADMIN_PASSWORD at start, config.ts, and seeds no demo customer).
 */
export async function createUser({ db }: Ctx, input: RegisterBody & { role?: Role }): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return insertUser(db, { ...input, passwordHash }).catch(refuseTakenEmail);
}

const accountKey = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, address: string) => `${accountKey(email)}|${address}`;

/**
 * Counts one password attempt before the password is checked, in one transaction on the account's row (so
 * parallel guesses, on one process or many, are counted one by one), and refuses it with 429:
 * - when this client address already failed LOGIN_ACCOUNT_MAX_FAILURES times for this e-mail in the window: the
 *   limit holds for that address only, so an attacker cannot lock the owner out from elsewhere;
 * - while the account's growing delay runs (LOGIN_DELAY_FREE_FAILURES failures from anywhere in the window): the
 *   answer says how many seconds to wait. A refused attempt counts nowhere.
 * A counted attempt adds one to both rows and sets the account's next allowed time. A window over starts again.
 */
async function countLoginAttempt(db: DbOrTx, email: string, address: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000);
  const fresh = (row: typeof loginThrottle.$inferSelect | undefined) =>
    row && row.windowStartedAt > windowStart ? row : undefined;
  await db.transaction(async (tx) => {
    const key = accountKey(email);
    await tx.insert(loginThrottle).values({ key, failures: 0, windowStartedAt: now }).onConflictDoNothing();
    const [locked] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
    const account = fresh(locked);
    if (!account) {
      // A new window: drop the rows of windows that are over, so that the table stays small.
      await tx.delete(loginThrottle).where(lte(loginThrottle.windowStartedAt, windowStart));
    }
    const [pairRow] = await tx
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, pairKey(email, address)));
    const pair = fresh(pairRow);
    if ((pair?.failures ?? 0) >= LOGIN_ACCOUNT_MAX_FAILURES)
      throw new TooManyRequestsError(LOGIN_ACCOUNT_LOCKED_MESSAGE);
    if (account?.nextAttemptAt && account.nextAttemptAt > now) {
      throw new TooManyRequestsError(
        loginDelayMessage(Math.ceil((account.nextAttemptAt.getTime() - now.getTime()) / 1000)),
      );
    }
    const failures = (account?.failures ?? 0) + 1;
    const delay = loginDelaySeconds(failures);
    await tx
      .insert(loginThrottle)
      .values([
        {
          key,
          failures,
          windowStartedAt: account?.windowStartedAt ?? now,
          nextAttemptAt: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
        },
        {
          key: pairKey(email, address),
          failures: (pair?.failures ?? 0) + 1,
          windowStartedAt: pair?.windowStartedAt ?? now,
        },
      ])
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`excluded.failures`,
          windowStartedAt: sql`excluded.window_started_at`,
          nextAttemptAt: sql`excluded.next_attempt_at`,
        },
      });
  });
}

/**
 * The password was right: this address's count for the e-mail starts again, and the attempt is taken off the
 * account's count (it was no failure), which also ends the account's delay.
 */
async function countLoginSuccess(db: DbOrTx, email: string, address: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey(email, address)));
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, nextAttemptAt: null })
    .where(eq(loginThrottle.key, accountKey(email)));
}

/** The password was reset: every count of this e-mail address, from any address, starts again. */
export async function clearLoginAttempts(db: DbOrTx, email: string): Promise<void> {
  const key = accountKey(email);
  await db
    .delete(loginThrottle)
    .where(or(eq(loginThrottle.key, key), sql`starts_with(${loginThrottle.key}, ${`${key}|`})`));
}

/** `now` is the clock of the per-account limit (tests pass their own); `address` the caller's (request.ip). */
export async function login(
  { db }: Ctx,
  body: LoginBody,
  now: Date = new Date(),
  address: string = NO_ADDRESS,
): Promise<UserRow> {
  const email = body.email.trim().toLowerCase();
  await countLoginAttempt(db, email, address, now);
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row || row.passwordHash === NO_PASSWORD_HASH) return refuseLogin(body.password);
  const matches = await verify(row.passwordHash, body.password).catch(() => false);
  if (!matches) throw new UnauthorizedError(SERVER_MESSAGES.invalidCredentials);
  await countLoginSuccess(db, email, address);
  return row;
}

/**
 * Checks the password a logged-in user typed to confirm a sensitive change. It counts against the
 * same per-account limit as logins, so a stolen token cannot be used to guess the password. A
 * wrong one is a 400, never a 401, which the web app would take for a logout.
 */
async function checkCurrentPassword(
  db: DbOrTx,
  row: UserRow,
  password: string | undefined,
  now: Date,
  address: string,
) {
  if (!password) throw new BadRequestError(SERVER_MESSAGES.currentPasswordRequired);
  await countLoginAttempt(db, row.email, address, now);
  const matches = await verify(row.passwordHash, password).catch(() => false);
  if (!matches) throw new BadRequestError(SERVER_MESSAGES.currentPasswordWrong);
  await countLoginSuccess(db, row.email, address);
}

const ACCOUNT_GONE = 'This account no longer exists.';

async function findUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError(ACCOUNT_GONE);
  return row;
}

/**
 * Updates the profile (a GSTIN is checked before anything else is). A new e-mail or password needs
 * the current password, bumps the token version (`tokenRevoked`: the caller then hands this session a
 * fresh token) and ends every password link the account still has, in the same transaction.
 */
export async function updateProfile(
  { db }: Ctx,
  userId: string,
  body: UpdateProfileBody,
  now: Date = new Date(),
  address: string = NO_ADDRESS,
): Promise<{ row: UserRow; tokenRevoked: boolean }> {
  const current = await findUser(db, userId);
  const gstin = body.gstin === undefined ? undefined : checkedGstin(body.gstin);
  const newEmail = body.email !== undefined ? body.email.toLowerCase() : undefined;
  const sensitive = (newEmail !== undefined && newEmail !== current.email) || Boolean(body.password);
  if (body.password) await checkPasswordPolicy(body.password, current.role);
  if (sensitive) await checkCurrentPassword(db, current, body.currentPassword, now, address);

  const changes: PgUpdateSetSource<typeof users> = { updatedAt: new Date() };
  if (body.name !== undefined) changes.name = body.name;
  if (newEmail !== undefined) changes.email = newEmail;
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.addresses !== undefined) changes.addresses = body.addresses;
  if (body.businessName !== undefined) changes.businessName = body.businessName;
  if (gstin !== undefined) changes.gstin = gstin;
  if (body.password) changes.passwordHash = await hashPassword(body.password);
  if (sensitive) changes.tokenVersion = sql`${users.tokenVersion} + 1`;
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
      if (!updated) throw new NotFoundError(ACCOUNT_GONE);
      if (sensitive) await revokePasswordLinks(tx, userId, now);
      return updated;
    });
    return { row, tokenRevoked: sensitive };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(SERVER_MESSAGES.emailTaken);
    throw error;
  } finally {
    if (sensitive) forgetSession(userId);
  }
}

/**
 * A logged-in user's password change: checks the new password against the role's policy and the
 * current password, stores the new hash and bumps the token version, which
 * revokes every earlier token of the account, on every device, and ends its password links. Answers
 * the updated account.
 */
export async function changePassword(
  { db }: Ctx,
  userId: string,
  body: ChangePasswordBody,
  now: Date = new Date(),
  address: string = NO_ADDRESS,
): Promise<UserRow> {
  const current = await findUser(db, userId);
  await checkPasswordPolicy(body.newPassword, current.role);
  await checkCurrentPassword(db, current, body.currentPassword, now, address);
  const passwordHash = await hashPassword(body.newPassword);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new NotFoundError(ACCOUNT_GONE);
      await revokePasswordLinks(tx, userId, now);
      return row;
    });
  } finally {
    forgetSession(userId);
  }
}

/**
 * Revokes every token of the account issued so far and every password link it still has ("log out
 * everywhere"): answers the new token version, or undefined when there is no such account. This
 * process forgets the cached version once the transaction is over.
 */
export async function bumpTokenVersion(
  { db }: Ctx,
  userId: string,
  now: Date = new Date(),
): Promise<number | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ tokenVersion: users.tokenVersion });
      if (row) await revokePasswordLinks(tx, userId, now);
      return row?.tokenVersion;
    });
  } finally {
    forgetSession(userId);
  }
}

/** Creates the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when no user has that email. */
export async function ensureAdmin(ctx: Ctx, email: string, password: string): Promise<boolean> {
  const { db } = ctx;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (existing) return false;
  await createUser(ctx, { name: 'Admin', email, phone: '9000000000', password, role: 'admin' });
  return true;
}
