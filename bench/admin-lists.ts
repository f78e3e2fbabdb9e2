/**
 * The back office's lists at size (docs/shop-rules.md#admin-lists): a generated shop of 100,000 products and
 * 200,000 orders (1 to 3 lines each, one payment each), and a small one of 1,000 products and 2,000 orders, made
 * by set-based SQL (INSERT ... SELECT over generate_series; the catalog by bench/seed-catalog.ts), on a fresh
 * embedded database and, when a PostgreSQL URL is given, on a throw-away database of that server. The server's
 * own app runs in this process and listens on 127.0.0.1; the load comes from a second process (bench/load.ts,
 * autocannon, 10 connections), as in bench/run.ts. Each row: a warm-up, then the measured run; p50/p99 and req/s,
 * and the CPU a request cost the server (this process) and PostgreSQL (every `postgres` process) over the run.
 * At the large size, every statement one request of each row runs is captured and run again under
 * EXPLAIN (ANALYZE, BUFFERS); the plans slower than --explain-ms are printed. A figure, not a test.
 *
 *   npm run bench:admin-lists                                   # embedded database, both sizes
 *   npm run bench:admin-lists -- --quick                        # 1 s warm-up, 3 s measured
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:admin-lists   # also PostgreSQL
 *   npm run bench:admin-lists -- --db=postgres --sizes=large --explain-ms=2
 *   npm run bench:admin-lists -- --db=postgres --sizes=large --explain-ms=0 --explain-runs=50  # median of 50
 *   npm run bench:admin-lists -- --rows=orders:,low stock                 # only the rows whose names contain these
 *   npm run bench:admin-lists -- --db=postgres --sizes=large --keep       # leave the database behind, to read its plans
 *   npm run bench:admin-lists -- --db=postgres --sizes=large --from=NAME  # a copy of a kept database, not seeded again
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL: a database pumpkart_bench_lists_<pid>_<size>
 * is created on that server and dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { createUser } from '../apps/server/src/modules/auth';
import { foldDeltas } from '../apps/server/src/modules/stats/store';
import { adminUrl, databaseUrl } from '../apps/server/src/test/postgres';
import { cleanupAll } from './lib/cleanup';
import type { SqlSession } from './lib/database';
import { seedOrders } from './lib/generated-orders';
import type { HttpLoadResult } from './lib/load-types';
import { runLoad } from './lib/load-runner';
import { seedGeneratedCatalog } from './seed-catalog';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const QUICK = process.argv.includes('--quick');
const WARMUP = Number(flag('warmup') ?? (QUICK ? 1 : 3));
const DURATION = Number(flag('duration') ?? (QUICK ? 3 : 10));
const CONNECTIONS = Number(flag('connections') ?? 10);
const EXPLAIN_MS = Number(flag('explain-ms') ?? 5);
/**
 * How many times each statement is explained: the median execution time is reported, a figure of the database's
 * own work on one connection, steadier between alternated builds than the throughput on a busy machine.
 */
const EXPLAIN_RUNS = Number(flag('explain-runs') ?? 1);
/** Only the rows whose name contains one of these (comma-separated), e.g. --rows=orders,low stock. */
const ROWS = flag('rows')?.split(',');
/** Leave the PostgreSQL database behind (its name is printed), to look at its plans with psql afterwards. */
const KEEP = process.argv.includes('--keep');
/**
 * A database an earlier run kept (--keep) to copy instead of generating the shop again (minutes at the large size):
 * comparing two builds on the same data takes one seeding. The copy is migrated by this build and dropped after.
 */
const FROM = flag('from');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const SECRETS = { jwtSecret: 'bench-lists-jwt-secret-0123456789abcdef', sandboxKeySecret: 'bench-lists-sandbox' };

const SIZES = {
  small: { products: 1_000, orders: 2_000, buyers: 200 },
  large: { products: 100_000, orders: 200_000, buyers: 20_000 },
} as const;
type SizeName = keyof typeof SIZES;

// --- Capturing the statements a request runs -------------------------------------------------------

interface Statement {
  text: string;
  params: unknown[];
}
let captured: Statement[] | null = null;

function record(text: unknown, params: unknown) {
  if (!captured) return;
  const statement = typeof text === 'string' ? text : (text as { text?: string })?.text;
  const values = Array.isArray(params) ? params : ((text as { values?: unknown[] })?.values ?? []);
  if (statement && /^\s*(select|with)\b/i.test(statement)) captured.push({ text: statement, params: values });
}

/** node-postgres: every pool client is a pg.Client, so one wrapper sees what the app sends. */
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  record(args[0], args[1]);
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** PGlite: the instance's query method, wrapped once the instance exists. */
function wrapPglite(client: PGlite): PGlite {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: unknown) => {
    record(text, params);
    return query(text, params as never, options as never);
  }) as typeof client.query;
  return client;
}

// --- The rows ---------------------------------------------------------------------------------------

interface Scenario {
  name: string;
  path: string;
}

/** India's date `days` ago, YYYY-MM-DD. */
const indiaDay = (days: number) => new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);

async function scenariosFor(session: SqlSession): Promise<Scenario[]> {
  // An order from the middle of the history: its number is what a buyer reads out on the phone.
  const [middle] = await session.query<{ id: string; gateway_payment_id: string | null }>(
    `SELECT o.id, p.gateway_payment_id FROM orders o JOIN payments p ON p.order_id = o.id
     WHERE p.gateway_payment_id IS NOT NULL ORDER BY o.created_at OFFSET (SELECT count(*) / 2 FROM orders) LIMIT 1`,
  );
  const number = middle!.id.slice(-6).toUpperCase();
  const quarter = `from=${indiaDay(90)}&to=${indiaDay(0)}`;
  return [
    { name: 'orders: first page', path: '/api/orders?page=1&limit=20' },
    { name: 'orders: COD table, first page', path: '/api/orders?paymentMode=cod&page=1&limit=20' },
    { name: 'orders: filtered page', path: `/api/orders?status=delivered&paymentMode=online&${quarter}&page=3` },
    { name: 'orders: 6-character search', path: `/api/orders?search=${number}` },
    { name: 'orders: buyer name search', path: '/api/orders?search=meena%20iyer&sort=total_desc' },
    { name: 'orders: page 500', path: '/api/orders?page=500&limit=20' },
    { name: 'products: first page', path: '/api/products/admin/all?page=1&limit=20' },
    {
      name: 'products: filtered page',
      path: '/api/products/admin/all?category=Dog%20Supplies&stock=in&sort=price_asc&page=3',
    },
    { name: 'products: search', path: '/api/products/admin/all?search=dispenser&page=1' },
    { name: 'payments: online table, first page', path: '/api/payments?mode=online&page=1&limit=20' },
    { name: 'payments: COD table, first page', path: '/api/payments?mode=cod&page=1&limit=20' },
    {
      name: 'payments: filtered page',
      path: `/api/payments?mode=online&status=success&${quarter}&sort=amount_desc&page=2`,
    },
    { name: 'payments: 6-character search', path: `/api/payments?search=${number}` },
    { name: 'payments: transaction id search', path: `/api/payments?search=${middle!.gateway_payment_id}` },
    { name: 'dashboard: stats', path: '/api/products/stats' },
    { name: 'dashboard: low stock', path: '/api/products/admin/low-stock' },
  ];
}

interface Row {
  db: string;
  size: SizeName;
  scenario: string;
  result?: HttpLoadResult;
  note: string;
}

interface Plan {
  db: string;
  scenario: string;
  ms: number;
  text: string;
  plan: string;
}

async function explain(handle: Explainer, statement: Statement): Promise<{ ms: number; plan: string }> {
  const runs: { ms: number; plan: string }[] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) {
    const lines = await handle(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
    const plan = lines.join('\n');
    runs.push({ ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0), plan });
  }
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)]!;
}

type Explainer = (text: string, params: unknown[]) => Promise<string[]>;

async function measure(
  db: string,
  size: SizeName,
  base: string,
  token: string,
  scenarios: Scenario[],
  explainer: Explainer | null,
  plans: Plan[],
): Promise<Row[]> {
  const rows: Row[] = [];
  const headers = { authorization: `Bearer ${token}` };
  for (const scenario of scenarios) {
    // One request first: it must answer 200 (a list still being built elsewhere is reported, not measured).
    // Waits as long as the server needs for it: requests an overrun load left queued are answered first.
    captured = [];
    const first = await fetch(base + scenario.path, { headers, signal: AbortSignal.timeout(300_000) }).then(
      async (response) => ({ response, body: await response.text() }),
      (error: unknown) => ({ response: null, body: String(error) }),
    );
    const statements = captured;
    captured = null;
    if (first.response?.status !== 200) {
      const status = first.response?.status ?? 'no answer';
      rows.push({ db, size, scenario: scenario.name, note: `skipped: ${status} ${first.body.slice(0, 120)}` });
      continue;
    }
    const total = first.response.headers.get('x-total-count');
    const result = await runLoad<HttpLoadResult>(
      {
        mode: 'http',
        url: base + scenario.path,
        headers,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP,
        durationSeconds: DURATION,
        maxRequests: 1_000_000,
        cpu: { serverPid: process.pid, postgres: db === 'postgres' },
      },
      WARMUP + DURATION + 60,
    );
    const kb = (result.bytesPerResponse / 1024).toFixed(1);
    const cpu = result.cpuMsPerRequest;
    const cpuNote = cpu
      ? `; CPU/request: server ${cpu.server.toFixed(2)} ms${cpu.postgres === undefined ? '' : `, PostgreSQL ${cpu.postgres.toFixed(2)} ms`}`
      : '';
    // autocannon gives a request 10 s; slower ones are counted as time-outs, not as latencies.
    const timeouts = result.socketErrors ? `; ${result.socketErrors} requests got no answer within 10 s` : '';
    rows.push({
      db,
      size,
      scenario: scenario.name,
      result,
      note: `${total ? `${total} matches; ` : ''}${kb} KB${cpuNote}${timeouts}`,
    });
    console.error(
      `  ${db} ${size} ${scenario.name}: ${result.requestsPerSecond} req/s, p99 ${result.latency.p99Ms} ms`,
    );
    if (explainer) {
      for (const statement of statements) {
        const { ms, plan } = await explain(explainer, statement);
        if (ms >= EXPLAIN_MS) plans.push({ db, scenario: scenario.name, ms, text: statement.text, plan });
      }
    }
  }
  return rows;
}

/** The generated shop of `size`, its dashboard deltas folded as the running shop's job folds them. */
async function seedShop(db: string, size: SizeName, session: SqlSession, database: DatabaseHandle) {
  const catalog = await seedGeneratedCatalog(session, SIZES[size].products);
  const ordersSeconds = await seedOrders(session, SIZES[size]);
  const foldStarted = performance.now();
  await foldDeltas(database.db);
  for (const table of ['dashboard_totals', 'dashboard_deltas']) await session.query(`VACUUM ANALYZE ${table}`);
  const foldSeconds = (performance.now() - foldStarted) / 1000;
  console.error(
    `${db} ${size}: ${catalog.products} products in ${catalog.seconds.toFixed(1)} s, ` +
      `${SIZES[size].orders} orders in ${ordersSeconds.toFixed(1)} s, dashboard totals folded in ${foldSeconds.toFixed(1)} s`,
  );
}

async function runOn(db: string, size: SizeName, database: DatabaseHandle, explainer: Explainer | null) {
  await migrateDatabase(database);
  const session: SqlSession = {
    handle: database,
    query: async <T extends Record<string, unknown>>(text: string) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
    close: async () => {},
  };
  if (FROM && db === 'postgres') await session.query('VACUUM ANALYZE');
  else await seedShop(db, size, session, database);
  const scenarios = (await scenariosFor(session)).filter(
    (scenario) => !ROWS || ROWS.some((part) => scenario.name.includes(part)),
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-bench-lists-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // The catalog cache would answer repeated reads from memory; the lists are never cached anyway.
    CATALOG_CACHE_SIZE: '0',
    // The generated unpaid orders are months old: the expiry sweeper would cancel thousands of them while the
    // rows are measured (and hold up the app's close past its time limit), so it never runs here.
    SWEEP_INTERVAL_SEC: String(7 * 86_400),
  });
  const app: App = await buildApp({ config, database, secrets: SECRETS, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const admin = await createUser(app.ctx, {
      name: 'Bench Admin',
      // Its own address each run: a database copied from a kept one (--from) holds the admin of the run that kept it.
      email: `admin-${process.pid}@bench.pumpkart.test`,
      phone: '9876501234',
      password: 'bench-admin-password',
      role: 'admin',
    });
    const token = app.signToken({ sub: admin.id, role: admin.role, ver: admin.tokenVersion });
    const { port } = app.server.address() as AddressInfo;
    const plans: Plan[] = [];
    const rows = await measure(
      db,
      size,
      `http://127.0.0.1:${port}`,
      token,
      scenarios,
      size === 'large' ? explainer : null,
      plans,
    );
    // Printed before the app closes: a close held up by a long sweep must not lose the figures.
    printRows(rows);
    printPlans(plans);
    return { rows, plans };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onEmbedded(size: SizeName) {
  const client = wrapPglite(await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }));
  const database = await openDatabase({ pglite: client });
  const explainer: Explainer = async (text, params) =>
    (await client.query<{ 'QUERY PLAN': string }>(text, params as never[])).rows.map((row) => row['QUERY PLAN']);
  try {
    return await runOn('embedded', size, database, explainer);
  } finally {
    await database.close();
  }
}

async function onPostgres(serverUrl: string, size: SizeName) {
  const name = `pumpkart_bench_lists_${process.pid}_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"${FROM ? ` TEMPLATE "${FROM}"` : ''}`);
    const url = databaseUrl(serverUrl, name);
    const database = await openDatabase({ url, poolSize: 10 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const explainer: Explainer = async (text, params) =>
      (await client.query<{ 'QUERY PLAN': string }>(text, params)).rows.map((row) => row['QUERY PLAN']);
    try {
      return await runOn('postgres', size, database, explainer);
    } finally {
      await client.end();
      await database.close();
      if (KEEP) console.error(`kept the database ${url}`);
      else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

function printRows(rows: Row[]): void {
  const header = ['db', 'size', 'row', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'notes'];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map((_, i) => (i < 3 || i === 7 ? '---' : '---:')).join(' | ')} |`);
  for (const row of rows) {
    const r = row.result;
    const size = `${SIZES[row.size].products.toLocaleString('en')} / ${SIZES[row.size].orders.toLocaleString('en')}`;
    const figures = r
      ? [
          r.requestsPerSecond.toFixed(1),
          r.latency.p50Ms.toFixed(2),
          r.latency.p99Ms.toFixed(2),
          String(r.unexpectedStatus),
        ]
      : ['-', '-', '-', '-'];
    console.log(`| ${[row.db, size, row.scenario, ...figures, row.note].join(' | ')} |`);
  }
}

function printPlans(plans: Plan[]): void {
  if (plans.length === 0) {
    console.log(`\nNo statement took ${EXPLAIN_MS} ms or more under EXPLAIN ANALYZE at the large size.`);
    return;
  }
  console.log(`\n### Statements of ${EXPLAIN_MS} ms or more at the large size (EXPLAIN (ANALYZE, BUFFERS))`);
  for (const plan of plans.sort((a, b) => b.ms - a.ms)) {
    console.log(`\n#### ${plan.db}, ${plan.scenario}: ${plan.ms.toFixed(1)} ms\n`);
    console.log('```sql');
    console.log(plan.text);
    console.log('```\n```');
    console.log(plan.plan);
    console.log('```');
  }
}

async function main(): Promise<void> {
  const sizes = (flag('sizes') ?? 'small,large').split(',') as SizeName[];
  if (sizes.some((size) => !(size in SIZES))) throw new Error('--sizes takes small, large or both');
  const dbs = (flag('db') ?? (POSTGRES_URL ? 'embedded,postgres' : 'embedded')).split(',');
  if (dbs.includes('postgres') && !POSTGRES_URL) throw new Error('Set BENCH_DATABASE_URL to measure PostgreSQL.');
  console.log(
    `Admin lists: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s measured a row ` +
      `(node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
  if (!dbs.includes('postgres')) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL to measure it too');
  const rows: Row[] = [];
  for (const db of dbs) {
    for (const size of sizes) {
      const done = db === 'postgres' ? await onPostgres(POSTGRES_URL!, size) : await onEmbedded(size);
      rows.push(...done.rows);
    }
  }
  if (rows.length > 0) {
    console.log('\n### All rows\n');
    printRows(rows);
  }
}

try {
  await main();
} finally {
  await cleanupAll();
}
