/**
 * The orders CSV export at size (docs/shop-rules.md#orders-csv): 200,000 generated orders (1 to 3 lines each,
 * one payment each; bench/lib/generated-orders.ts) of which the paid ones carry a tax invoice snapshot, exported
 * whole through the real route (GET /api/orders/export.csv) of the server's own app listening on 127.0.0.1 in
 * this process. It reports the rows, bytes and seconds of the file, and this process's resident memory before
 * the export and at its peak during it (sampled every 20 ms, and the kernel's high-water mark, reset before the
 * export), on the embedded database and, when a PostgreSQL URL is given, on a throw-away database of that
 * server. The client reads and counts the answer without keeping it. A figure, not a test.
 *
 *   npm run bench:export                                                   # embedded database
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:export -- --db=postgres
 *   npm run bench:export -- --orders=20000                                 # a smaller shop
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL: a database pumpkart_bench_export_<pid> is
 * created on that server and dropped afterwards. With the embedded database, PGlite lives in this process, so
 * its memory is part of the figure, as it is part of the server's.
 */
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { createUser } from '../apps/server/src/modules/auth';
import { adminUrl, databaseUrl } from '../apps/server/src/test/postgres';
import { cleanupAll } from './lib/cleanup';
import type { SqlSession } from './lib/database';
import { seedOrders } from './lib/generated-orders';
import { seedGeneratedCatalog } from './seed-catalog';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ORDERS = Number(flag('orders') ?? 200_000);
const BUYERS = Math.max(1, Math.round(ORDERS / 10));
const PRODUCTS = 1_000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const SECRETS = { jwtSecret: 'bench-export-jwt-secret-0123456789abcdef', sandboxKeySecret: 'bench-export-sandbox' };
const MB = 1024 * 1024;

/**
 * A tax invoice for every paid order that is not cancelled (processing, shipped, delivered): a snapshot with the
 * parts the export reads (place of supply, totals, goods lines at 18 % IGST, as for Karnataka from Maharashtra)
 * and a seller and buyer of the usual size, so that each batch reads documents as large as real ones.
 */
async function seedInvoices(session: SqlSession): Promise<number> {
  const seller = {
    legalName: 'PumpKart Equipment Private Limited',
    tradeName: 'PumpKart',
    gstin: '27AABCP1234C1Z5',
    pan: 'AABCP1234C',
    stateCode: '27',
    address: { line1: 'Plot 14, MIDC', line2: null, city: 'Pune', state: 'Maharashtra', postalCode: '411019' },
    email: 'accounts@pumpkart.in',
    phone: '02012345678',
    signatory: 'Asha Patel',
  };
  await session.query(
    `INSERT INTO tax_documents (kind, order_id, number, financial_year, sequence, issued_at, document, taxable_paise,
                                cgst_paise, sgst_paise, utgst_paise, igst_paise, total_paise, buyer_gstin,
                                place_of_supply)
     SELECT 'invoice', o.id, 'PK/25-26/' || lpad(o.k::text, 7, '0'), '25-26', o.k, o.created_at + interval '5 minutes',
            jsonb_build_object(
              'kind', 'invoice', 'number', 'PK/25-26/' || lpad(o.k::text, 7, '0'),
              'seller', '${JSON.stringify(seller)}'::jsonb,
              'buyer', jsonb_build_object('name', o.customer_name, 'email', o.customer_email,
                                          'phone', o.customer_phone, 'businessName', null, 'gstin', null,
                                          'address', o.address),
              'placeOfSupply', jsonb_build_object('code', '29', 'name', 'Karnataka'),
              'supplyType', 'inter-state', 'stateTax', null,
              'totals', jsonb_build_object('taxablePaise', l.taxable, 'cgstPaise', 0, 'sgstPaise', 0,
                                           'utgstPaise', 0, 'igstPaise', l.inclusive - l.taxable,
                                           'taxPaise', l.inclusive - l.taxable, 'inclusivePaise', l.inclusive),
              'lines', l.lines),
            l.taxable, 0, 0, 0, l.inclusive - l.taxable, l.inclusive, null, '29'
     FROM (SELECT row_number() OVER (ORDER BY created_at, id) AS k, * FROM orders
           WHERE status IN ('processing', 'shipped', 'delivered')) o
     CROSS JOIN LATERAL (
       SELECT sum(round(i.subtotal_paise * 100 / 118.0))::bigint AS taxable, sum(i.subtotal_paise)::bigint AS inclusive,
              jsonb_agg(jsonb_build_object(
                'kind', 'goods', 'description', i.title, 'hsn', '84131100', 'quantity', i.quantity,
                'ratePercent', 18, 'taxablePaise', round(i.subtotal_paise * 100 / 118.0), 'cgstPaise', 0,
                'sgstPaise', 0, 'utgstPaise', 0,
                'igstPaise', i.subtotal_paise - round(i.subtotal_paise * 100 / 118.0),
                'taxPaise', i.subtotal_paise - round(i.subtotal_paise * 100 / 118.0),
                'inclusivePaise', i.subtotal_paise, 'unit', 'NOS', 'unitPricePaise', i.unit_price_paise,
                'certificates', '[]'::jsonb) ORDER BY i.title, i.id) AS lines
       FROM order_items i WHERE i.order_id = o.id) l`,
  );
  await session.query('VACUUM ANALYZE tax_documents');
  const [row] = await session.query<{ n: number }>('SELECT count(*)::int AS n FROM tax_documents');
  return row!.n;
}

/** The kernel's peak resident memory of this process since the last reset, in bytes (Linux). */
function highWaterMark(): number | undefined {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : undefined;
}

/** Resets the peak to the current resident memory (Linux: clear_refs 5); false where that is refused. */
function resetHighWaterMark(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
}

/** Downloads the export, counting its bytes and lines, while the memory is sampled. */
async function measureExport(url: string, token: string): Promise<ExportFigures> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage.rss();
  const hwmReset = resetHighWaterMark();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20);
  const startedAt = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
          });
          response.on('end', resolve);
          response.on('error', reject);
        })
        .on('error', reject);
    });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const kernelPeak = hwmReset ? highWaterMark() : undefined;
  return { rows: lines - 1, bytes, seconds, rssBefore, rssPeak: Math.max(rssPeak, kernelPeak ?? 0) };
}

function printRow(db: string, f: ExportFigures): void {
  const cells = [
    db,
    ORDERS.toLocaleString('en'),
    f.rows.toLocaleString('en'),
    (f.bytes / MB).toFixed(1),
    f.seconds.toFixed(1),
    Math.round(f.rows / f.seconds).toLocaleString('en'),
    (f.rssBefore / MB).toFixed(0),
    (f.rssPeak / MB).toFixed(0),
    ((f.rssPeak - f.rssBefore) / MB).toFixed(0),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}

async function runOn(db: string, database: DatabaseHandle): Promise<ExportFigures> {
  await migrateDatabase(database);
  const session: SqlSession = {
    handle: database,
    query: async <T extends Record<string, unknown>>(text: string) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
    close: async () => {},
  };
  // The app starts on the empty database (its start-up never waits on 200,000 orders), then the shop is made.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-bench-export-'));
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const app = await buildApp({ config, database, secrets: SECRETS, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const admin = await createUser(app.ctx, {
      name: 'Bench Admin',
      email: 'admin@bench.pumpkart.test',
      phone: '9876501234',
      password: 'bench-admin-password',
      role: 'admin',
    });
    const token = app.signToken({ sub: admin.id, role: admin.role, ver: admin.tokenVersion });
    const catalog = await seedGeneratedCatalog(session, PRODUCTS);
    const ordersSeconds = await seedOrders(session, { orders: ORDERS, buyers: BUYERS });
    const invoices = await seedInvoices(session);
    console.error(
      `${db}: ${catalog.products} products, ${ORDERS} orders in ${ordersSeconds.toFixed(1)} s, ${invoices} invoices`,
    );
    const { port } = app.server.address() as AddressInfo;
    const figures = await measureExport(`http://127.0.0.1:${port}/api/orders/export.csv`, token);
    // Printed before the app closes: a close held up by a long sweep must not lose the figures.
    printRow(db, figures);
    return figures;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onEmbedded(): Promise<ExportFigures> {
  const database = await openDatabase({ pglite: await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }) });
  try {
    return await runOn('embedded', database);
  } finally {
    await database.close();
  }
}

async function onPostgres(serverUrl: string): Promise<ExportFigures> {
  const name = `pumpkart_bench_export_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 10 });
    try {
      return await runOn('postgres', database);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  const dbs = (flag('db') ?? (POSTGRES_URL ? 'embedded,postgres' : 'embedded')).split(',');
  if (dbs.includes('postgres') && !POSTGRES_URL) throw new Error('Set BENCH_DATABASE_URL to measure PostgreSQL.');
  console.log(
    `Orders CSV export of ${ORDERS.toLocaleString('en')} orders (node ${process.version}, ${os.cpus().length} CPUs, ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
  console.log('| db | orders | rows | MB | seconds | rows/s | RSS before MB | peak RSS MB | peak - before MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const db of dbs) {
    if (db === 'postgres') await onPostgres(POSTGRES_URL!);
    else await onEmbedded();
  }
}

try {
  await main();
} finally {
  await cleanupAll();
}
