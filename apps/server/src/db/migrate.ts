/**
 * Applies the drizzle-kit migrations at start-up (docs/architecture.md#database). On a PostgreSQL
 * server an advisory lock (db/advisory-lock.ts) keeps two processes starting at once from migrating side by side.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { ADVISORY_LOCK_KEYS, withAdvisoryLock } from './advisory-lock';
import type { DatabaseHandle } from './client';

/** The drizzle folder, found upwards from this file: works from src/ (tsx, tests) and from dist/ (bundle). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (apps/server/drizzle) not found.');
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // The migrator runs on the connection that holds the lock, for the whole run.
  await withAdvisoryLock(handle.url!, ADVISORY_LOCK_KEYS.migrations, (client) =>
    migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder: folder }),
  );
}
