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
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { hotStatementName } from '../lib/prepared';
import { schema } from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Data functions take either the database or a transaction. */
export type DbOrTx = Database | Transaction;

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

/**
 * The pool's connection: inside a transaction, a statement with parameters sent without a name (drizzle builds them
 * all so) gets the name hotStatementName gives its text once it is hot (lib/prepared.ts), so that PostgreSQL parses
 * and analyses it once per connection instead of on every run (docs/decisions/0015-checkout-statements.md, third
 * part). Only there: a transaction's statements are writes and locks by key, for which a plan made once suits every
 * value, while a read outside one may be a page of a list, whose plan must be made for its values (the named reads
 * outside transactions are chosen one by one: runNamed, runTemplate).
 */
class NamingClient extends pg.Client {
  /** Between drizzle's `begin` and its `commit` or `rollback` on this connection. */
  private inTransaction = false;

  override query(...args: unknown[]): never {
    const [config, values] = args as [unknown, unknown];
    if (typeof config === 'object' && config !== null && !('submit' in config)) {
      const query = config as pg.QueryConfig;
      const params = Array.isArray(values) ? values : query.values;
      if (typeof query.text === 'string') {
        if (!params || params.length === 0) {
          if (/^begin\b/i.test(query.text)) this.inTransaction = true;
          else if (/^(commit|rollback)$/i.test(query.text)) this.inTransaction = false;
        } else if (this.inTransaction && query.name === undefined) {
          const name = hotStatementName(query.text);
          if (name) args[0] = { ...query, name };
        }
      }
    }
    return (super.query as (...args: unknown[]) => never)(...args);
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, Client: NamingClient });
    // An idle client's connection error must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
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
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pglite.close(),
  };
}
