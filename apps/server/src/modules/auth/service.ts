/**
 * Accounts (docs/shop-rules.md#accounts): login, profile and password changes (registration: ./registration.ts).
 * Passwords are argon2id hashes; a failed login never says whether the email exists. Each account
 * has a token version that tokens carry: changing the password or e-mail, a reset and "log out
 * everywhere" bump it, which revokes every earlier token (see ./sessions.ts for the check).
 * Failed logins are counted per e-mail address and client address together, and per e-mail address from
 * everywhere (./login-limit.ts).
 */
import { hash, verify } from '@node-rs/argon2';
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
import { isUniqueViolation } from '../../lib/db-errors';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { countLoginAttempt, countLoginSuccess } from './login-limit';
import { checkPasswordPolicy } from './password-policy';
import { forgetSession } from './sessions';
import { revokePasswordLinks } from './store/password-links';
import { findUserByEmail, findUserById, insertUser, updateUser, type UserChanges, type UserRow } from './store/users';

/** The client address when the caller has none (a call from the server itself). */
export const NO_ADDRESS = 'local';

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
  return insertUser(db, newUserValues({ ...input, passwordHash })).catch(refuseTakenEmail);
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
  const row = await findUserByEmail(db, email);
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
  const row = await findUserById(db, userId);
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

  const changes: UserChanges = { updatedAt: new Date() };
  if (body.name !== undefined) changes.name = body.name;
  if (newEmail !== undefined) changes.email = newEmail;
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.addresses !== undefined) changes.addresses = body.addresses;
  if (body.businessName !== undefined) changes.businessName = body.businessName;
  if (gstin !== undefined) changes.gstin = gstin;
  if (body.password) changes.passwordHash = await hashPassword(body.password);
  try {
    const row = await db.transaction(async (tx) => {
      const updated = await updateUser(tx, userId, changes, sensitive);
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
      const row = await updateUser(tx, userId, { passwordHash, updatedAt: now }, true);
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
      const row = await updateUser(tx, userId, { updatedAt: now }, true);
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
  if (await findUserByEmail(db, email.toLowerCase())) return false;
  await createUser(ctx, { name: 'Admin', email, phone: '9000000000', password, role: 'admin' });
  return true;
}
