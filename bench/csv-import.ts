/**
 * How long a products CSV import takes (docs/shop-rules.md#products-csv): a file of N rows (N/2 new products of two
 * sizes each) sent through the server's own routes, first the dry run and then the apply (its NDJSON progress read
 * to the end), on a fresh embedded database and, when a PostgreSQL URL is given, on a throw-away database of that
 * server. A figure, not a test.
 *
 *   npm run bench:csv-import                               # embedded database, 10,000 rows
 *   npm run bench:csv-import -- --rows=20000
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:csv-import   # also PostgreSQL
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL: a database
 * pumpkart_bench_import_<pid> is created on that server and dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PRODUCT_CSV_COLUMNS } from '@pumpkart/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import type { ProductCsvColumn } from '../apps/server/src/modules/products/csv-format';
import { createTestAdmin, createTestProduct } from '../apps/server/src/test/factories';
import { adminUrl, databaseUrl } from '../apps/server/src/test/postgres';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ROWS = Number(flag('rows') ?? 10_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const SECRETS = { jwtSecret: 'bench-import-jwt-secret', sandboxKeySecret: 'bench-import-sandbox-secret' };
const CATEGORY = 'Bench Pumps';

interface Row {
  db: string;
  dryRunSeconds: number;
  applySeconds: number;
  progressLines: number;
  summary: string;
}

/** The file: a header and ROWS lines, two sizes of each new product. */
function importFile(rows: number): string {
  const line = (cells: Partial<Record<ProductCsvColumn, string>>) =>
    PRODUCT_CSV_COLUMNS.map((column) => cells[column] ?? '').join(',');
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let index = 0; index < rows; index += 1) {
    const small = index % 2 === 0;
    lines.push(
      line({
        title: `Bench Dispenser ${Math.floor(index / 2)}`,
        category: CATEGORY,
        active: 'true',
        hsn_code: '8413',
        variant_size: small ? 'S' : 'L',
        variant_price: small ? '1850.00' : '2199.50',
        variant_stock: '3',
      }),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function runOn(db: string, database: DatabaseHandle, body: string): Promise<Row> {
  await migrateDatabase(database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-bench-import-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const app = await buildApp({ config, database, secrets: SECRETS });
  await app.ready();
  try {
    // The category must exist before the import (an unknown category is refused).
    await createTestProduct(app.ctx.db, { title: 'Bench category holder', category: CATEGORY });
    const { token } = await createTestAdmin(app);
    const post = (step: 'dry-run' | 'apply') =>
      app.inject({
        method: 'POST',
        url: `/api/products/import/${step}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: body,
      });
    let started = performance.now();
    const dryRun = await post('dry-run');
    const dryRunSeconds = (performance.now() - started) / 1000;
    if (dryRun.statusCode !== 200) throw new Error(`dry run answered ${dryRun.statusCode}: ${dryRun.body}`);
    started = performance.now();
    const applied = await post('apply');
    const applySeconds = (performance.now() - started) / 1000;
    if (applied.statusCode !== 200) throw new Error(`apply answered ${applied.statusCode}: ${applied.body}`);
    const lines = applied.body
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as { type: string; summary?: Record<string, number> });
    const done = lines.at(-1);
    if (done?.type !== 'done') throw new Error(`the apply ended without its summary: ${applied.body.slice(-500)}`);
    return {
      db,
      dryRunSeconds,
      applySeconds,
      progressLines: lines.filter((entry) => entry.type === 'progress').length,
      summary: JSON.stringify(done.summary),
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(serverUrl: string, body: string): Promise<Row> {
  const name = `pumpkart_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 10 });
    try {
      return await runOn('postgres', database, body);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  if (!Number.isInteger(ROWS) || ROWS < 2) throw new Error('--rows must be a whole number from 2');
  const body = importFile(ROWS);
  console.log(
    `Products CSV import: ${ROWS} rows (${(body.length / 1e6).toFixed(1)} MB) ` +
      `(node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
  const embedded = await openDatabase({});
  const rows = [await runOn('embedded', embedded, body).finally(() => embedded.close())];
  if (POSTGRES_URL) rows.push(await onPostgres(POSTGRES_URL, body));
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL, DATABASE_URL) to measure it too');
  console.log('| db | rows | dry run s | apply s | progress lines | summary |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.db} | ${ROWS} | ${row.dryRunSeconds.toFixed(1)} | ${row.applySeconds.toFixed(1)} | ` +
        `${row.progressLines} | ${row.summary} |`,
    );
  }
}

await main();
