/** Each test file's own database, copied from the run's migrated template (global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../db/client';
import { adminUrl, databaseUrl } from './postgres';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (serverUrl && template) {
    const name = `${template.replace(/_tpl$/, '')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 20 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: adminUrl(serverUrl) });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
      },
    };
  }
  const file = inject('pgliteTemplateFile');
  const pglite = await PGlite.create({
    loadDataDir: new Blob([readFileSync(file)]),
    extensions: PGLITE_EXTENSIONS,
  });
  return openDatabase({ pglite });
}
