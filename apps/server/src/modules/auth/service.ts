/**
 * Accounts (spec section 7, DESIGN section 4): registration, login and profile updates.
 * Passwords are argon2id hashes; a failed login never says whether the email exists.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import {
  SERVER_MESSAGES,
  type LoginBody,
  type RegisterBody,
  type Role,
  type UpdateProfileBody,
  type User,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';

type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    addresses: row.addresses,
  };
}

export const hashPassword = (password: string) => hash(password);

// Verified against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

export async function createUser(db: DbOrTx, input: RegisterBody & { role?: Role }): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        passwordHash: await hashPassword(input.password),
        role: input.role ?? 'customer',
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(SERVER_MESSAGES.emailTaken);
    throw error;
  }
}

export async function login(db: DbOrTx, body: LoginBody): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.email, body.email.toLowerCase())).limit(1);
  if (!row) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, body.password);
    throw new UnauthorizedError(SERVER_MESSAGES.invalidCredentials);
  }
  const matches = await verify(row.passwordHash, body.password).catch(() => false);
  if (!matches) throw new UnauthorizedError(SERVER_MESSAGES.invalidCredentials);
  return row;
}

export async function updateProfile(db: DbOrTx, userId: string, body: UpdateProfileBody): Promise<UserRow> {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email.toLowerCase();
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.addresses !== undefined) changes.addresses = body.addresses;
  if (body.password) changes.passwordHash = await hashPassword(body.password);
  try {
    const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (!row) throw new NotFoundError('This account no longer exists.');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(SERVER_MESSAGES.emailTaken);
    throw error;
  }
}

/** Creates the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when no user has that email. */
export async function ensureAdmin(db: DbOrTx, email: string, password: string): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (existing) return false;
  await createUser(db, { name: 'Admin', email, phone: '9000000000', password, role: 'admin' });
  return true;
}
