/**
 * `npm run openapi -- <file>`: writes the OpenAPI document the server serves at /api/docs/json to a file (standard
 * output without one), built by buildApp on a throw-away in-memory database and read with inject(), so nothing
 * listens. `npm run lint:openapi` lints what it writes with Redocly's recommended rules (redocly.yaml).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

const SECRETS = { jwtSecret: 'openapi-document-only', sandboxKeySecret: 'openapi-document-only' };

async function main(): Promise<void> {
  const output = process.argv[2];
  // An empty data directory of its own: the document does not depend on the shop's data.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-openapi-'));
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const app = await buildApp({ config, database, secrets: SECRETS, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
      const text = `${JSON.stringify(res.json(), null, 2)}\n`;
      if (output) writeFileSync(output, text);
      else process.stdout.write(text);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
