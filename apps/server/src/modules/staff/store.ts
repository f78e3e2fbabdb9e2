/**
 * The staff's accounts in the users table (docs/shop-rules.md#staff), and the expiry of each one's latest unused
 * password link.
 */
import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { STAFF_ROLES, type Role } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** The staff accounts with the expiry of each one's latest unused link, read in one statement. */
export function findStaffRows(db: DbOrTx, userId?: string) {
  const linkExpiry = db
    .select({ userId: passwordResetTokens.userId, expiresAt: max(passwordResetTokens.expiresAt).as('expires_at') })
    .from(passwordResetTokens)
    .where(isNull(passwordResetTokens.usedAt))
    .groupBy(passwordResetTokens.userId)
    .as('link_expiry');
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      createdAt: users.createdAt,
      linkExpiresAt: linkExpiry.expiresAt,
    })
    .from(users)
    .leftJoin(linkExpiry, eq(linkExpiry.userId, users.id))
    .where(and(inArray(users.role, [...STAFF_ROLES]), userId ? eq(users.id, userId) : undefined))
    .orderBy(users.createdAt, users.id);
}

export type StaffRow = Awaited<ReturnType<typeof findStaffRows>>[number];

/** The account of this e-mail, locked for the caller's transaction. */
export async function lockUserByEmail(tx: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
  return row;
}

/** The account, locked for the caller's transaction. */
export async function lockUser(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  return row;
}

/** Creates an account; answers its id. */
export async function insertUser(tx: DbOrTx, values: typeof users.$inferInsert): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(
  tx: DbOrTx,
  userId: string,
  values: Pick<Partial<UserRow>, 'name' | 'role' | 'updatedAt'>,
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

/** Sets the role and raises the token version, which ends the account's sessions. */
export async function setRoleEndingSessions(tx: DbOrTx, userId: string, role: Role, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Deletes the account (and, by their foreign keys, its password links). */
export async function deleteUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
