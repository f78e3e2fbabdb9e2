/**
 * Setting an account's password from the command line (`npm run admin -- set-password <email>`):
 * the new argon2id hash is stored and the account's token version bumped in one statement, so every
 * token signed before is refused (docs/decisions/0007-production-safety.md).
 */
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@pumpkart/shared';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword, passwordPolicyProblem, revokePasswordLinks } from '../modules/auth';

/** A refusal the command prints as it is and exits 1 on. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** The account with this email (any letter case), or a CommandError naming it. */
export async function findAccount(db: DbOrTx, email: string): Promise<{ id: string; email: string; role: Role }> {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row) throw new CommandError(`No account has the email ${email}.`);
  return row;
}

/** The password policy of the account's role (docs/shop-rules.md#accounts), as the web and the API apply it. */
export async function checkNewPassword(password: string, role: Role): Promise<void> {
  const problem = await passwordPolicyProblem(password, role);
  if (problem) throw new CommandError(`${problem} Nothing was changed.`);
}

/**
 * Stores the new password, revokes every earlier token of the account and ends its password links (a reset link
 * e-mailed before must not undo the operator's password), in one transaction; answers its new token version.
 */
export async function setPassword(db: DbOrTx, email: string, password: string): Promise<{ tokenVersion: number }> {
  const account = await findAccount(db, email);
  await checkNewPassword(password, account.role);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, account.id))
      .returning({ tokenVersion: users.tokenVersion });
    if (updated) await revokePasswordLinks(tx, account.id, now);
    return updated;
  });
  if (!row) throw new CommandError(`No account has the email ${email}.`);
  return row;
}
