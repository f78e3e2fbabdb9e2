/**
 * How long an e-mail takes from the commit that wrote it to the SMTP server's acceptance (docs/shop-rules.md#emails,
 * docs/decisions/0010-email-outbox.md): the server's own app and mail worker (default poll and lease; each commit
 * wakes the worker, as the services do) against a real SMTP server in this process, on a fresh embedded database
 * and, when a PostgreSQL URL is given, on a throw-away database of that server. A figure, not a test.
 *
 * Two rows per database, M 'welcome' messages each (rendered with React Email, one SMTP connection per message;
 * smtp-server, like many real servers, waits 100 ms before its greeting to catch clients that talk too early, so
 * every delivery carries that much of the receiving server's time):
 * - one at a time: commit, wait for the message to arrive, then the next (the delay with nothing queued);
 * - back to back: M commits one after another as fast as they go (each its own transaction and wake-up), the
 *   worker sending while they are written (the delay when a burst queues up).
 *
 *   npm run bench:mail-delay                              # embedded database, 200 messages a row
 *   npm run bench:mail-delay -- --messages=500
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:mail-delay   # also PostgreSQL
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL: a database
 * pumpkart_bench_mail_<pid> is created on that server and dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { enqueueMail } from '../apps/server/src/modules/mail';
import { adminUrl, databaseUrl } from '../apps/server/src/test/postgres';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/src/test/smtp';
import { percentile, round } from './lib/stats';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const MESSAGES = Number(flag('messages') ?? 200);
const WARM_UP = 10;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const SECRETS = { jwtSecret: 'bench-mail-jwt-secret', sandboxKeySecret: 'bench-mail-sandbox-secret' };

interface Row {
  db: string;
  mode: string;
  delays: number[];
  seconds: number;
}

/** Commits one message in its own transaction and wakes the worker; answers its id and the commit's time. */
async function commitOne(app: App, index: number): Promise<{ id: string; committedAt: number }> {
  const id = await app.ctx.db.transaction((tx) =>
    enqueueMail(tx, `buyer-${index}@bench.pumpkart.test`, { kind: 'welcome', name: `Buyer ${index}` }),
  );
  const committedAt = performance.now();
  app.ctx.mail.wake();
  return { id, committedAt };
}

/** Commit-to-acceptance delays of the given commits, once every one has arrived. */
async function delaysOf(smtp: TestSmtpServer, commits: { id: string; committedAt: number }[]): Promise<number[]> {
  const wanted = new Set(commits.map((commit) => commit.id));
  const idOf = (messageId: string | undefined) => messageId?.slice(1).split('@')[0] ?? '';
  await smtp.waitFor(commits.length, 120_000, (mail) => wanted.has(idOf(mail.messageId)));
  return commits.map(({ id, committedAt }) => {
    const [mail, ...more] = smtp.withId(id);
    if (!mail || more.length > 0) throw new Error(`message ${id} arrived ${more.length + (mail ? 1 : 0)} times`);
    return mail.acceptedAt - committedAt;
  });
}

async function oneAtATime(app: App, smtp: TestSmtpServer, count: number, offset: number): Promise<number[]> {
  const delays: number[] = [];
  for (let i = 0; i < count; i += 1) delays.push(...(await delaysOf(smtp, [await commitOne(app, offset + i)])));
  return delays;
}

async function backToBack(app: App, smtp: TestSmtpServer, count: number, offset: number): Promise<number[]> {
  const commits = [];
  for (let i = 0; i < count; i += 1) commits.push(await commitOne(app, offset + i));
  return delaysOf(smtp, commits);
}

async function runOn(db: string, database: DatabaseHandle, smtp: TestSmtpServer): Promise<Row[]> {
  await migrateDatabase(database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-bench-mail-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn', // a failed attempt shows
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'PumpKart <no-reply@bench.pumpkart.test>',
  });
  const app = await buildApp({ config, database, secrets: SECRETS });
  await app.ready();
  try {
    await oneAtATime(app, smtp, WARM_UP, 0); // code paths and connections warmed, not measured
    const rows: Row[] = [];
    let offset = WARM_UP;
    for (const [mode, run] of [
      ['one at a time', oneAtATime],
      ['back to back', backToBack],
    ] as const) {
      const started = performance.now();
      const delays = await run(app, smtp, MESSAGES, offset);
      rows.push({ db, mode, delays, seconds: (performance.now() - started) / 1000 });
      offset += MESSAGES;
    }
    return rows;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(serverUrl: string, smtp: TestSmtpServer): Promise<Row[]> {
  const name = `pumpkart_bench_mail_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 10 });
    try {
      return await runOn('postgres', database, smtp);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

function printRows(rows: Row[]): void {
  const header = ['db', 'mode', 'messages', 'p50 ms', 'p95 ms', 'max ms', 'messages/s'];
  const lines = rows.map((row) => {
    const sorted = [...row.delays].sort((a, b) => a - b);
    return [
      row.db,
      row.mode,
      String(row.delays.length),
      round(percentile(sorted, 50)).toFixed(2),
      round(percentile(sorted, 95)).toFixed(2),
      round(sorted[sorted.length - 1] ?? 0).toFixed(2),
      (row.delays.length / row.seconds).toFixed(1),
    ];
  });
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map((_, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

async function main(): Promise<void> {
  if (!Number.isInteger(MESSAGES) || MESSAGES < 1) throw new Error('--messages must be a whole number above 0');
  console.log(
    `E-mail delay from commit to SMTP acceptance: ${MESSAGES} messages a row after ${WARM_UP} warm-up ` +
      `(node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
  const smtp = await startTestSmtpServer();
  try {
    const embedded = await openDatabase({});
    const rows = await runOn('embedded', embedded, smtp).finally(() => embedded.close());
    if (POSTGRES_URL) rows.push(...(await onPostgres(POSTGRES_URL, smtp)));
    else
      console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL, DATABASE_URL) to measure it too');
    printRows(rows);
  } finally {
    await smtp.close();
  }
}

await main();
