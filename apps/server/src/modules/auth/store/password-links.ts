/**
 * The password_reset_tokens table: an account's password links (docs/shop-rules.md#password-reset), reset links and
 * staff invites. Only a token's SHA-256 is stored. Every link of an account stops working when its password or e-mail changes, or it logs out
 * everywhere (revokePasswordLinks, called in the same transaction as that change).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, gte, isNull, lte } from 'drizzle-orm';
import type { Role } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { passwordResetTokens, users } from '../../../db/schema';

/** What the database keeps of a token: its SHA-256, hex. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** Stores a new link of the account, valid `validMinutes` from `now`, inside the caller's transaction; answers its token. */
export async function createPasswordLink(tx: DbOrTx, userId: string, validMinutes: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hashResetToken(token), expiresAt: minutesAfter(now, validMinutes), createdAt: now });
  return token;
}

/** Marks every unused link of the account used: none of them works any more. */
export async function revokePasswordLinks(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The account's links created since `since` (used or not): each was an e-mail sent. */
export async function countLinksSince(tx: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gte(passwordResetTokens.createdAt, since)));
  return row!.n;
}

/** Drops the account's links that expired by `now`. */
export async function deleteExpiredLinks(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), lte(passwordResetTokens.expiresAt, now)));
}

/** A link that works at `now`: its token's hash matches, it is unused and unexpired. */
const usable = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** The usable link of this token's hash with its account's role, or undefined. */
export async function findUsableLink(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; role: Role } | undefined> {
  const [found] = await db
    .select({ id: passwordResetTokens.id, role: users.role })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usable(tokenHash, now))
    .limit(1);
  return found;
}

/**
 * Marks the link used only if it is still usable (of two parallel uses one wins); answers its account's id, or
 * undefined when it no longer works.
 */
export async function useLink(tx: DbOrTx, tokenHash: string, now: Date): Promise<string | undefined> {
  const [used] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usable(tokenHash, now))
    .returning({ userId: passwordResetTokens.userId });
  return used?.userId;
}
