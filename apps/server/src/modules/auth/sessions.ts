/**
 * What a token is checked against on every authenticated request: the account's role and token
 * version, read from the database. They are kept per process for SESSION_CACHE_TTL_MS so that a
 * busy session does not pay a query per request. A change made in this process (bumpTokenVersion)
 * drops the entry at once, so the process that revoked a token refuses it on the next request;
 * another server process on the same database refuses it once its entry expires.
 */
import type { Role } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { findSessionAccount } from './store/users';

export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface SessionAccount {
  role: Role;
  tokenVersion: number;
}

const cache = new Map<string, SessionAccount & { expiresAt: number }>();
/** Bumped by every forgetSession: a read that overlapped a change is used once, never cached. */
let generation = 0;

/** Drops the cached role and version of an account (after its token version or role changed). */
export function forgetSession(userId: string): void {
  generation += 1;
  cache.delete(userId);
}

/** The account's role and token version, or undefined when no such account exists. */
export async function sessionAccount(db: DbOrTx, userId: string): Promise<SessionAccount | undefined> {
  const cached = cache.get(userId);
  if (cached && cached.expiresAt > Date.now()) return { role: cached.role, tokenVersion: cached.tokenVersion };
  if (cached) cache.delete(userId);

  const started = generation;
  const row = await findSessionAccount(db, userId);
  if (!row) return undefined;
  if (generation === started) {
    // Oldest first: a Map iterates in insertion order.
    if (cache.size >= SESSION_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(userId, { ...row, expiresAt: Date.now() + SESSION_CACHE_TTL_MS });
  }
  return row;
}
