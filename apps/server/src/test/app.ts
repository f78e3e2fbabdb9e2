/**
 * A test file's app: its own database copy, a temporary DATA_DIR for uploads, silent logs, fixed
 * secrets and a high auth rate limit (the rate-limit test lowers it). Build it in beforeAll and
 * close it in afterAll:
 *
 *   const t = await createTestApp();
 *   const res = await t.app.inject({ method: 'GET', url: '/api/health' });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import type { IrpClient } from '../irp/irp';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { openTestDatabase } from './database';

export const TEST_SECRETS = { jwtSecret: 'test-jwt-secret', sandboxKeySecret: 'test-sandbox-key-secret' };

export interface TestApp {
  app: App;
  /** Every route the app added, e.g. { method: 'GET', url: '/api/orders/:id' } (HEAD routes left out). */
  routes: { method: string; url: string }[];
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Another test app whose PostgreSQL database this one opens through its own pool, as a second server
   * process on the same database would (tests of what several processes share). PostgreSQL only: the
   * embedded database belongs to one process.
   */
  sameDatabaseAs?: TestApp;
  /** The prefix of the rate-limit keys in Redis (with REDIS_URL): a run's own, so that runs sharing a Redis never meet. */
  rateLimitKeyPrefix?: string;
  /** The e-invoice portal instead of the configuration's (tests of e-invoicing). */
  irp?: IrpClient;
}

/** `env` overrides configuration variables for this file, e.g. `{ COD_ENABLED: 'true' }`. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '10000',
    SEED_DEMO: 'false',
    // The reminder job would mail the due tasks of whatever a test made; its own tests run it by hand.
    REMINDER_INTERVAL_MIN: '0',
    ...env,
  });
  const database = options.sameDatabaseAs
    ? await reopenDatabase(options.sameDatabaseAs.database)
    : await openTestDatabase();
  const routes: TestApp['routes'] = [];
  const app = await buildApp({
    config,
    database,
    secrets: TEST_SECRETS,
    logger: false,
    rateLimitKeyPrefix: options.rateLimitKeyPrefix,
    irp: options.irp,
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    },
  });
  await app.ready();
  return {
    app,
    routes,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second pool on a test app's PostgreSQL database; closing it leaves the database to its owner. */
async function reopenDatabase(owner: DatabaseHandle): Promise<DatabaseHandle> {
  if (owner.kind !== 'postgres' || !owner.url) {
    throw new Error('sameDatabaseAs needs PostgreSQL (TEST_DATABASE_URL): the embedded database has one process');
  }
  return openDatabase({ url: owner.url, poolSize: 10 });
}

/** PostgreSQL-only tests: `describe.skipIf(!onPostgres)(...)`, with the reason in the title. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
