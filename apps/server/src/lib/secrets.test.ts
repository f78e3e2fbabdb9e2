/**
 * Secrets the operator did not set are generated once into DATA_DIR/secrets.json and reused on the
 * next start (lib/secrets.ts), so login tokens and sandbox signatures survive a restart.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { paymentSignature } from '../gateways/signature';
import { openTestDatabase } from '../test/database';
import { loadSecrets } from './secrets';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-secrets-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const secretsFile = () => path.join(dataDir, 'secrets.json');
const unset = { JWT_SECRET: undefined, SANDBOX_KEY_SECRET: undefined };

describe('generated secrets', () => {
  it('generates random secrets when unset, keeps them in secrets.json (0600) and reuses them', () => {
    const first = loadSecrets({ DATA_DIR: dataDir, ...unset });
    expect(first.sandboxKeySecret).toMatch(/^[0-9a-f]{48}$/);
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(readFileSync(secretsFile(), 'utf8'))).toEqual(first);
    expect(statSync(secretsFile()).mode & 0o777).toBe(0o600);

    expect(loadSecrets({ DATA_DIR: dataDir, ...unset })).toEqual(first);
    // Another data directory gets its own random secrets.
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-secrets-'));
    try {
      expect(loadSecrets({ DATA_DIR: elsewhere, ...unset }).sandboxKeySecret).not.toBe(first.sandboxKeySecret);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('uses SANDBOX_KEY_SECRET and JWT_SECRET when set, without overwriting the kept ones', () => {
    const kept = loadSecrets({ DATA_DIR: dataDir, ...unset });
    const set = loadSecrets({ DATA_DIR: dataDir, JWT_SECRET: 'operator-jwt', SANDBOX_KEY_SECRET: 'operator-sandbox' });
    expect(set).toEqual({ jwtSecret: 'operator-jwt', sandboxKeySecret: 'operator-sandbox' });
    expect(JSON.parse(readFileSync(secretsFile(), 'utf8'))).toEqual(kept);
  });

  it('a restarted server signs with the same sandbox secret and accepts the earlier tokens', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const start = async () => {
      const database = await openTestDatabase();
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      return {
        app,
        stop: async () => {
          await app.close();
          await database.close();
        },
      };
    };
    const first = await start();
    const secret = first.app.ctx.secrets.sandboxKeySecret;
    const token = first.app.signToken({ sub: '8a1c7a4e-1111-4c22-9c33-123456789abc', role: 'customer' });
    await first.stop();
    expect(JSON.parse(readFileSync(secretsFile(), 'utf8')).sandboxKeySecret).toBe(secret);

    const second = await start();
    try {
      expect(second.app.ctx.secrets.sandboxKeySecret).toBe(secret);
      const signature = paymentSignature(secret, 'order_Sandbox00001', 'pay_Sandbox000001');
      expect(
        second.app.ctx.payments.gateway.verifyPaymentSignature({
          gatewayOrderId: 'order_Sandbox00001',
          paymentId: 'pay_Sandbox000001',
          signature,
        }),
      ).toBe(true);
      expect(second.app.jwt.verify(token)).toMatchObject({ role: 'customer' });
    } finally {
      await second.stop();
    }
  });
});
