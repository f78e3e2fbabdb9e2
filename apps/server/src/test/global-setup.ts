/**
 * Vitest global setup of the server suite (an initdb per file would cost about 4 s): builds and
 * migrates one database per run, then each test file gets its own copy (see database.ts).
 * - embedded (default): a PGlite data directory dumped to a tar file;
 * - PostgreSQL (TEST_DATABASE_URL set): a template database, copied with CREATE DATABASE ... TEMPLATE.
 * Teardown removes the template and any per-file database left behind.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { adminUrl, databaseUrl, TEST_DB_PREFIX } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `${TEST_DB_PREFIX}${process.pid}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await dropLeftovers(admin, `${TEST_DB_PREFIX}${process.pid}_`);
    await admin.query(`CREATE DATABASE "${template}"`);
    const handle = await openDatabase({ url: databaseUrl(serverUrl, template), poolSize: 1 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await dropLeftovers(admin, `${TEST_DB_PREFIX}${process.pid}_`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-test-db-'));
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  const pglite = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function dropLeftovers(admin: pg.Client, prefix: string) {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
    [prefix],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
