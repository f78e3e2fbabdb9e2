/** The users table: accounts, their passwords' hashes, roles and token versions. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
/** The columns a profile or password change may set. */
export type UserChanges = Partial<
  Pick<UserRow, 'name' | 'email' | 'phone' | 'addresses' | 'businessName' | 'gstin' | 'passwordHash' | 'updatedAt'>
>;

export async function findUserById(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The account of this (lower-cased) e-mail. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The account of this e-mail, locked for the caller's transaction (its e-mails are counted under the lock). */
export async function lockUserByEmail(
  tx: DbOrTx,
  email: string,
): Promise<{ id: string; name: string; email: string } | undefined> {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .for('update');
  return row;
}

/** The account's role and token version, which a session is checked against. */
export async function findSessionAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ role: users.role, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Inserts the account unless its e-mail is taken (then answers undefined, and nothing is written). */
export async function insertUserUnlessTaken(
  db: DbOrTx,
  values: NewUserRow,
): Promise<{ name: string; email: string } | undefined> {
  const [created] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ name: users.name, email: users.email });
  return created;
}

/**
 * Writes the changes; `endSessions` also raises the token version, which revokes every earlier token of the
 * account. Answers the updated account, or undefined when there is none.
 */
export async function updateUser(
  db: DbOrTx,
  userId: string,
  changes: UserChanges,
  endSessions = false,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(endSessions ? { ...changes, tokenVersion: sql`${users.tokenVersion} + 1` } : changes)
    .where(eq(users.id, userId))
    .returning();
  return row;
}
