/**
 * Secrets the operator did not set (JWT signing key, sandbox key secret) are generated once and kept in the
 * database's app_secrets table, so tokens and signatures survive a restart and every process on one database
 * agrees without extra settings (docs/architecture.md#database). An explicit JWT_SECRET / SANDBOX_KEY_SECRET wins.
 * Whichever process starts first inserts its value; the others' inserts do nothing and they read back the winner.
 * An install from before the table kept them in DATA_DIR/secrets.json: its values are adopted once, so logins
 * survive the upgrade, and the database is their home from then on.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { appSecrets } from '../db/schema';

export interface Secrets {
  jwtSecret: string;
  sandboxKeySecret: string;
}

/** Each secret: its row in app_secrets, the setting that overrides it, and how many random bytes a new one has. */
const SECRETS: Record<keyof Secrets, { name: string; setting: 'JWT_SECRET' | 'SANDBOX_KEY_SECRET'; bytes: number }> = {
  jwtSecret: { name: 'jwt_secret', setting: 'JWT_SECRET', bytes: 32 },
  sandboxKeySecret: { name: 'sandbox_key_secret', setting: 'SANDBOX_KEY_SECRET', bytes: 24 },
};

/** Where installs from before app_secrets kept the generated secrets; read, never written. */
export const LEGACY_SECRETS_FILE = 'secrets.json';

/** Reads the secrets; call it after the migrations (the table is migration 0016's). */
export async function loadSecrets(
  db: DbOrTx,
  config: Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'SANDBOX_KEY_SECRET'>,
): Promise<Secrets> {
  // Read only when the table lacks a secret: once adopted, the file no longer matters.
  let legacy: Partial<Secrets> | undefined;
  const legacyValue = (key: keyof Secrets) => (legacy ??= readLegacySecrets(config.DATA_DIR))[key];
  const load = async (key: keyof Secrets) => {
    const { name, setting, bytes } = SECRETS[key];
    return (
      config[setting] ?? (await storedSecret(db, name, () => legacyValue(key) ?? randomBytes(bytes).toString('hex')))
    );
  };
  return { jwtSecret: await load('jwtSecret'), sandboxKeySecret: await load('sandboxKeySecret') };
}

function readLegacySecrets(dataDir: string): Partial<Secrets> {
  const file = path.join(dataDir, LEGACY_SECRETS_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** The stored value of a secret, storing `candidate()` first when there is none (the first insert wins). */
async function storedSecret(db: DbOrTx, name: string, candidate: () => string): Promise<string> {
  const read = () => db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  const [stored] = await read();
  if (stored) return stored.value;
  await db.insert(appSecrets).values({ name, value: candidate() }).onConflictDoNothing({ target: appSecrets.name });
  const [winner] = await read();
  if (!winner) throw new Error(`The secret ${name} could not be stored in app_secrets.`);
  return winner.value;
}
