/**
 * Secrets the operator did not set are generated once into the database's app_secrets table and reused by every
 * start and every process on that database (lib/secrets.ts), so login tokens and sandbox signatures survive a
 * restart and are accepted by any server; an older install's DATA_DIR/secrets.json is adopted once.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { appSecrets } from '../db/schema';
import { paymentSignature } from '../gateways/signature';
import { openTestDatabase } from '../test/database';
import { LEGACY_SECRETS_FILE, loadSecrets } from './secrets';

let dataDir: string;
let database: DatabaseHandle;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-secrets-'));
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const unset = () => ({ DATA_DIR: dataDir, JWT_SECRET: undefined, SANDBOX_KEY_SECRET: undefined });
const storedRows = () => database.db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets);

describe('generated secrets', () => {
  it('generates random secrets when unset, keeps them in the database (not in DATA_DIR) and reuses them', async () => {
    const first = await loadSecrets(database.db, unset());
    expect(first.sandboxKeySecret).toMatch(/^[0-9a-f]{48}$/);
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedRows()).toEqual(
      expect.arrayContaining([
        { name: 'jwt_secret', value: first.jwtSecret },
        { name: 'sandbox_key_secret', value: first.sandboxKeySecret },
      ]),
    );
    expect(existsSync(path.join(dataDir, LEGACY_SECRETS_FILE))).toBe(false);

    // Another process with its own (empty) DATA_DIR on the same database reads the same values.
    const elsewhereDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-secrets-'));
    const other = await openTestDatabase();
    try {
      expect(await loadSecrets(database.db, { ...unset(), DATA_DIR: elsewhereDir })).toEqual(first);
      // Another database gets its own random secrets.
      expect((await loadSecrets(other.db, unset())).jwtSecret).not.toBe(first.jwtSecret);
    } finally {
      await other.close();
      rmSync(elsewhereDir, { recursive: true, force: true });
    }
  });

  it('processes starting at once on one database agree on the values', async () => {
    const loads = await Promise.all(Array.from({ length: 4 }, () => loadSecrets(database.db, unset())));
    for (const secrets of loads) expect(secrets).toEqual(loads[0]);
    expect(await storedRows()).toHaveLength(2);
  });

  it('uses SANDBOX_KEY_SECRET and JWT_SECRET when set, without storing or overwriting anything', async () => {
    const operator = { DATA_DIR: dataDir, JWT_SECRET: 'operator-jwt', SANDBOX_KEY_SECRET: 'operator-sandbox' };
    expect(await loadSecrets(database.db, operator)).toEqual({
      jwtSecret: 'operator-jwt',
      sandboxKeySecret: 'operator-sandbox',
    });
    expect(await storedRows()).toEqual([]);

    const kept = await loadSecrets(database.db, unset());
    expect(await loadSecrets(database.db, { ...unset(), JWT_SECRET: 'operator-jwt' })).toEqual({
      jwtSecret: 'operator-jwt',
      sandboxKeySecret: kept.sandboxKeySecret,
    });
    expect(await loadSecrets(database.db, unset())).toEqual(kept);
  });

  it("adopts an upgraded install's secrets.json once; the database is the home from then on", async () => {
    const file = path.join(dataDir, LEGACY_SECRETS_FILE);
    const legacy = { jwtSecret: 'a'.repeat(64), sandboxKeySecret: 'b'.repeat(48) };
    writeFileSync(file, JSON.stringify(legacy), { mode: 0o600 });
    expect(await loadSecrets(database.db, unset())).toEqual(legacy);

    writeFileSync(file, JSON.stringify({ jwtSecret: 'c'.repeat(64), sandboxKeySecret: 'd'.repeat(48) }));
    expect(await loadSecrets(database.db, unset())).toEqual(legacy);
    rmSync(file);
    expect(await loadSecrets(database.db, unset())).toEqual(legacy);
  });

  it('servers on one database, and a restarted one, sign alike and accept each other’s tokens', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const start = async () => {
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      return app;
    };
    const [first, second] = await Promise.all([start(), start()]);
    const secret = first.ctx.secrets.sandboxKeySecret;
    const token = first.signToken({ sub: '8a1c7a4e-1111-4c22-9c33-123456789abc', role: 'customer' });
    const signature = paymentSignature(secret, 'order_Sandbox00001', 'pay_Sandbox000001');
    await first.close();
    const restarted = await start();
    try {
      for (const app of [second, restarted]) {
        expect(app.ctx.secrets.sandboxKeySecret).toBe(secret);
        expect(
          app.ctx.payments.gateway.verifyPaymentSignature({
            gatewayOrderId: 'order_Sandbox00001',
            paymentId: 'pay_Sandbox000001',
            signature,
          }),
        ).toBe(true);
        expect(app.jwt.verify(token)).toMatchObject({ role: 'customer' });
      }
    } finally {
      await second.close();
      await restarted.close();
    }
  });
});
