/**
 * An account's password links (docs/shop-rules.md#password-reset): reset links and staff invites. Only a token's
 * SHA-256 is stored. Every link of an account stops working when its password or e-mail changes, or it logs out
 * everywhere (revokePasswordLinks, called in the same transaction as that change).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

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
