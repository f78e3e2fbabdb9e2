/**
 * The server's start-up once its configuration is read and checked (docs/architecture.md#the-process): open the
 * database, apply the migrations, load the generated secrets, build the app and seed an empty database. main.ts
 * runs it, then listens.
 *
 * On a PostgreSQL server everything after opening is one critical section under a session advisory lock
 * (db/advisory-lock.ts): servers started at once on an empty database would otherwise each find it empty and
 * each seed a demo catalog. The first to take the lock migrates and seeds; the others wait, then find the
 * migrations applied, the secrets stored and the data there. The embedded database needs no lock: one process
 * holds its data directory (db/lock.ts).
 */
import path from 'node:path';
import { buildApp, type App } from './app';
import type { Config } from './config';
import { ADVISORY_LOCK_KEYS, withAdvisoryLock } from './db/advisory-lock';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { loadSecrets } from './lib/secrets';
import { seedDatabase, type SeedResult } from './seed/index';

export interface StartedUp {
  app: App;
  database: DatabaseHandle;
  seeded: SeedResult;
}

/** Opens and prepares the database and builds the app; closes what it opened when a step fails. */
export async function startUp(config: Config): Promise<StartedUp> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'db'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    const { app, seeded } = await asOneStartUp(database, () => prepare(config, database));
    return { app, database, seeded };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** Runs the start-up's steps under the start-up lock on PostgreSQL, as they are on the embedded database. */
function asOneStartUp<T>(database: DatabaseHandle, steps: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return steps();
  return withAdvisoryLock(database.url!, ADVISORY_LOCK_KEYS.startUp, steps);
}

async function prepare(config: Config, database: DatabaseHandle): Promise<{ app: App; seeded: SeedResult }> {
  await migrateDatabase(database);
  // After the migrations: generated secrets are kept in the database, shared by every process on it.
  const app = await buildApp({ config, database, secrets: await loadSecrets(database.db, config) });
  try {
    return { app, seeded: await seedDatabase(app.ctx) };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
