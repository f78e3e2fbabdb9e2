/**
 * Servers started at once on one empty PostgreSQL database (docs/architecture.md#database): the start-up
 * (startup.ts: migrations, generated secrets, app, first-start data) is one critical section across them, so
 * exactly one seeds the demo catalog and the admin, and every one agrees on the generated secrets. Each "process"
 * here is a startUp() with its own pool, its own DATA_DIR and its own app, as main.ts runs it. The embedded
 * database belongs to one process (db/lock.ts), so there is nothing to race there.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { appSecrets, orders, products, storeSettings, users } from './db/schema';
import { DEMO_CUSTOMER } from './seed/index';
import { DEMO_PRODUCTS } from './seed/demo-products';
import { startUp, type StartedUp } from './startup';
import { onPostgres } from './test/app';
import { adminUrl, databaseUrl } from './test/postgres';

const PROCESSES = 3;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new, empty database (not the suite's migrated template), dropped after the file. */
async function emptyDatabase(serverUrl: string): Promise<string> {
  // Named like the suite's per-file databases, so that the global teardown drops it if this file cannot.
  const name = `${inject('postgresTemplate').replace(/_tpl$/, '')}_startup_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
  });
  return databaseUrl(serverUrl, name);
}

function processConfig(url: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-startup-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '4',
    SEED_DEMO: 'true',
  });
}

describe.skipIf(!onPostgres)(
  'three servers starting at once on one empty database (PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    it('migrate and seed it once: one demo catalog, one admin, one demo customer, the same secrets', async () => {
      const url = await emptyDatabase(process.env.TEST_DATABASE_URL!);
      const starts = await Promise.allSettled(Array.from({ length: PROCESSES }, () => startUp(processConfig(url))));
      const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      cleanups.push(async () => {
        for (const { app, database } of started) {
          await app.close();
          await database.close();
        }
      });
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);

      const seeds = started.map((s: StartedUp) => s.seeded);
      expect(seeds.filter((seed) => seed.adminCreated)).toHaveLength(1);
      expect(seeds.filter((seed) => seed.customerCreated)).toHaveLength(1);
      expect(seeds.filter((seed) => seed.storeSettingsCreated)).toHaveLength(1);
      expect(seeds.map((seed) => seed.productsCreated).sort((a, b) => b - a)).toEqual([DEMO_PRODUCTS.length, 0, 0]);
      const ordersCreated = seeds.reduce((sum, seed) => sum + seed.ordersCreated, 0);
      expect(ordersCreated).toBeGreaterThan(0);

      // What the database holds, read through a pool of its own.
      const check: DatabaseHandle = await openDatabase({ url, poolSize: 1 });
      try {
        const total = async (table: typeof products | typeof orders | typeof storeSettings | typeof appSecrets) =>
          (await check.db.select({ n: count() }).from(table))[0]!.n;
        expect(await total(products)).toBe(DEMO_PRODUCTS.length);
        expect(await total(orders)).toBe(ordersCreated);
        expect(await total(storeSettings)).toBe(1);
        expect(await total(appSecrets)).toBe(2);
        for (const email of ['admin@pumpkart.in', DEMO_CUSTOMER.email]) {
          expect((await check.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n).toBe(1);
        }
      } finally {
        await check.close();
      }
      const secrets = started.map(({ app }) => app.ctx.secrets);
      for (const each of secrets) expect(each).toEqual(secrets[0]);
    }, 180_000);
  },
);
