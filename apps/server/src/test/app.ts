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
import { loadConfig, type Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
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

/** `env` overrides configuration variables for this file, e.g. `{ COD_ENABLED: 'true' }`. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '10000',
    SEED_DEMO: 'false',
    ...env,
  });
  const database = await openTestDatabase();
  const routes: TestApp['routes'] = [];
  const app = await buildApp({
    config,
    database,
    secrets: TEST_SECRETS,
    logger: false,
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

/** The Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
