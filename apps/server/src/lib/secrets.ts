/**
 * Secrets the operator did not set (JWT signing key, sandbox key secret) are generated once and
 * kept in DATA_DIR/secrets.json (mode 0600), so tokens and signatures survive a restart.
 * Several processes on one PostgreSQL must be given the same values through the environment.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface Secrets {
  jwtSecret: string;
  sandboxKeySecret: string;
}

export function loadSecrets(config: Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'SANDBOX_KEY_SECRET'>): Secrets {
  const file = path.join(config.DATA_DIR, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const generated: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(32).toString('hex'),
    sandboxKeySecret: stored.sandboxKeySecret ?? randomBytes(24).toString('hex'),
  };
  if (!stored.jwtSecret || !stored.sandboxKeySecret) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: config.JWT_SECRET ?? generated.jwtSecret,
    sandboxKeySecret: config.SANDBOX_KEY_SECRET ?? generated.sandboxKeySecret,
  };
}
