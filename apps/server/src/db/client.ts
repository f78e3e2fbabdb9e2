/**
 * Opens the database (docs/decisions/0001-embedded-postgresql-by-default.md): embedded PGlite in
 * DATA_DIR by default, a PostgreSQL server through node-postgres when a URL is given. Both return
 * the same Drizzle API over the same schema.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pgliteDatabase, postgresDatabase } from './connection';
import type { Database } from './types';

export type { Database, DbOrTx, Transaction } from './types';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The server's URL (postgres kind only). */
  url?: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... for a PostgreSQL server; otherwise the embedded database. */
  url?: string;
  /** Folder of the embedded database's files; omitted means in memory. */
  pgliteDir?: string;
  /** An existing PGlite instance (tests load a migrated template into one). */
  pglite?: PGlite;
  poolSize?: number;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The embedded database's memory (docs/decisions/0018-embedded-memory.md). PGlite runs PostgreSQL inside this
 * process, in WebAssembly memory that grows and never shrinks, so PostgreSQL's defaults become the server's
 * resident memory: 128 MB of shared buffers alone. 32 MB of buffers hold the hot pages of a catalog of 100,000
 * products (its other pages are a read from the operating system's cache away), and index builds in migrations
 * get 16 MB instead of 64.
 */
export const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'];

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client's connection error must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = postgresDatabase(pool);
    return {
      db,
      kind: 'postgres',
      url: options.url,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
    client = await PGlite.create(options.pgliteDir ?? 'memory://', {
      extensions: PGLITE_EXTENSIONS,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
    });
  }
  const pglite = client;
  const db = pgliteDatabase(pglite);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pglite.close(),
  };
}
