/**
 * Accounts (docs/shop-rules.md#accounts): registration, login, profile and password changes.
 * Passwords are argon2id hashes; a failed login never says whether the email exists. Each account
 * has a token version that tokens carry: changing the password or e-mail, a reset and "log out
 * everywhere" bump it, which revokes every earlier token (see ./sessions.ts for the check).
 * Logins are limited per e-mail address as well (LOGIN_ACCOUNT_MAX_FAILURES per window), counted
 * in the login_throttle table so that every server process on the database shares the count.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq, lte, sql } from 'drizzle-orm';
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
import { enqueueMail } from '../mail';
import { revokePasswordLinks } from './links';
import { checkPasswordPolicy } from './password-policy';
import { forgetSession } from './sessions';

/** Failed logins allowed per e-mail address (known account or not) in one window. */
export const LOGIN_ACCOUNT_MAX_FAILURES = 10;
export const LOGIN_ACCOUNT_WINDOW_MINUTES = 15;
/** The same for an existing and an unknown account, so the limit reveals nothing. */
export const LOGIN_ACCOUNT_LOCKED_MESSAGE = `Too many failed logins for this e-mail address. Please wait ${LOGIN_ACCOUNT_WINDOW_MINUTES} minutes and try again.`;

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

async function insertUser(db: DbOrTx, input: NewAccount): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      passwordHash: input.passwordHash,
      role: input.role ?? 'customer',
    })
    .returning();
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

/**
 * POST /api/auth/register: a customer account, and its welcome e-mail written in the same
 * transaction (docs/shop-rules.md#emails), sent at once after the commit.
 */
export async function registerCustomer(ctx: Pick<AppContext, 'db' | 'mail'>, body: RegisterBody): Promise<UserRow> {
  await checkPasswordPolicy(body.password, 'customer');
  const passwordHash = await hashPassword(body.password);
  const row = await ctx.db
    .transaction(async (tx) => {
      const user = await insertUser(tx, { ...body, passwordHash, role: 'customer' });
      await enqueueMail(tx, user.email, { kind: 'welcome', name: user.name });
      return user;
    })
    .catch(refuseTakenEmail);
  ctx.mail.wake();
  return row;
}

/**
 * Counts one password attempt for this e-mail address before the password is checked, in one
 * statement (a new window starts when the last one is over), and refuses it with 429 when the
 * window already holds LOGIN_ACCOUNT_MAX_FAILURES attempts that did not succeed. Counting first
 * means that parallel guesses, on one process or many, never get more than the limit checked.
 */
async function countLoginAttempt(db: DbOrTx, email: string, now: Date): Promise<void> {
  const key = email.trim().toLowerCase();
  const windowStart = new Date(now.getTime() - LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000);
  const windowOver = sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else least(${loginThrottle.failures} + 1, ${LOGIN_ACCOUNT_MAX_FAILURES + 1}) end`,
        windowStartedAt: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  if (row!.failures === 1) {
    // A new window: drop the rows of windows that are over, so that the table stays small.
    await db.delete(loginThrottle).where(lte(loginThrottle.windowStartedAt, windowStart));
  }
  if (row!.failures > LOGIN_ACCOUNT_MAX_FAILURES) throw new TooManyRequestsError(LOGIN_ACCOUNT_LOCKED_MESSAGE);
}

/** The password was right (or was reset): the count of this e-mail address starts again. */
export async function clearLoginAttempts(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, email.trim().toLowerCase()));
}

/** `now` is the clock of the per-account limit (tests pass their own). */
export async function login({ db }: Ctx, body: LoginBody, now: Date = new Date()): Promise<UserRow> {
  const email = body.email.trim().toLowerCase();
  await countLoginAttempt(db, email, now);
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row || row.passwordHash === NO_PASSWORD_HASH) return refuseLogin(body.password);
  const matches = await verify(row.passwordHash, body.password).catch(() => false);
  if (!matches) throw new UnauthorizedError(SERVER_MESSAGES.invalidCredentials);
  await clearLoginAttempts(db, email);
  return row;
}

/**
 * Checks the password a logged-in user typed to confirm a sensitive change. It counts against the
 * same per-account limit as logins, so a stolen token cannot be used to guess the password. A
 * wrong one is a 400, never a 401, which the web app would take for a logout.
 */
async function checkCurrentPassword(db: DbOrTx, row: UserRow, password: string | undefined, now: Date) {
  if (!password) throw new BadRequestError(SERVER_MESSAGES.currentPasswordRequired);
  await countLoginAttempt(db, row.email, now);
  const matches = await verify(row.passwordHash, password).catch(() => false);
  if (!matches) throw new BadRequestError(SERVER_MESSAGES.currentPasswordWrong);
  await clearLoginAttempts(db, row.email);
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
): Promise<{ row: UserRow; tokenRevoked: boolean }> {
  const current = await findUser(db, userId);
  const gstin = body.gstin === undefined ? undefined : checkedGstin(body.gstin);
  const newEmail = body.email !== undefined ? body.email.toLowerCase() : undefined;
  const sensitive = (newEmail !== undefined && newEmail !== current.email) || Boolean(body.password);
  if (body.password) await checkPasswordPolicy(body.password, current.role);
  if (sensitive) await checkCurrentPassword(db, current, body.currentPassword, now);

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
): Promise<UserRow> {
  const current = await findUser(db, userId);
  await checkPasswordPolicy(body.newPassword, current.role);
  await checkCurrentPassword(db, current, body.currentPassword, now);
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
