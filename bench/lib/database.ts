/**
 * The databases a benchmark server runs on: a fresh embedded data directory, or a throw-away
 * database created on the BENCH_DATABASE_URL server and dropped afterwards. Set-up SQL (generated
 * catalog, stock for the checkout, integrity checks) goes through the server's own openDatabase and
 * migrateDatabase, while no server runs on that data (the server takes the data directory's lock).
 */
import { existsSync, mkdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client';
import { acquireDataDirLock } from '../../apps/server/src/db/lock';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { onCleanup } from './cleanup';
import { BENCH_DIR, type DbKind } from './options';

/** Where one benchmark server keeps its data: DATA_DIR always, plus DATABASE_URL for PostgreSQL. */
export interface DataTarget {
  kind: DbKind;
  /** The server's DATA_DIR (uploads, secrets, and the embedded database under db/). */
  dataDir: string;
  /** The throw-away PostgreSQL database (postgres kind only). */
  url?: string;
  label: string;
}

const runId = `${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}_${process.pid}`;

/** A fresh data directory (and, for PostgreSQL, a fresh database), removed by the cleanup registry. */
export async function createDataTarget(
  kind: DbKind,
  label: string,
  options: { postgresUrl?: string; keepData: boolean },
): Promise<DataTarget> {
  const runDir = path.join(BENCH_DIR, '.data', runId);
  const dataDir = path.join(runDir, `${kind}-${label}`);
  if (!existsSync(runDir) && !options.keepData) {
    // Registered first, so it runs after the data directories inside it are gone.
    onCleanup(`run directory ${runDir}`, () => {
      try {
        rmdirSync(runDir);
      } catch {
        // not empty (kept data) or already gone
      }
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (!options.keepData)
    onCleanup(`data directory ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  if (kind === 'embedded') return { kind, dataDir, label };

  if (!options.postgresUrl) throw new Error('BENCH_DATABASE_URL is not set.');
  const name = `pumpkart_bench_${runId}_${label}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63);
  await adminQuery(options.postgresUrl, `CREATE DATABASE "${name}"`);
  if (!options.keepData) {
    onCleanup(`database ${name}`, () =>
      adminQuery(options.postgresUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  }
  const url = new URL(options.postgresUrl);
  url.pathname = `/${name}`;
  return { kind, dataDir, url: url.toString(), label };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A single-connection SQL session on a target (temp tables and SET stay on that connection). */
export interface SqlSession {
  handle: DatabaseHandle;
  query<T extends Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** Opens (and migrates) the target's database the way the server does; only while no server runs on it. */
export async function openSession(target: DataTarget): Promise<SqlSession> {
  const release = target.kind === 'embedded' ? acquireDataDirLock(target.dataDir) : () => {};
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url: target.url, pgliteDir: path.join(target.dataDir, 'db'), poolSize: 1 });
    await migrateDatabase(handle);
  } catch (error) {
    release();
    throw error;
  }
  const close = onCleanup(`database session ${target.label}`, async () => {
    await handle.close();
    release();
  });
  return {
    handle,
    async query<T extends Record<string, unknown>>(text: string): Promise<T[]> {
      const result = (await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] };
      return result.rows;
    },
    close,
  };
}

/** The server version, for the machine description. */
export async function postgresVersion(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}
