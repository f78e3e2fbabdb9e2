/**
 * Hot queries prepared once (docs/decisions/0015-checkout-statements.md): drizzle builds their SQL a single time
 * and, on PostgreSQL, node-postgres parses them once per connection under their name (a named prepared statement)
 * instead of building and parsing the text on every request. A prepared query belongs to the database handle it
 * was made on, so it is made on first use for each handle (tests open several) and must never be used for a read
 * that has to be inside a transaction: it always runs on the handle's pool.
 */
import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, DbOrTx } from '../db/client';
import { rowsOf } from './raw-rows';

export function preparedPerDatabase<Q>(prepare: (db: Database) => Q): (db: Database) => Q {
  const byDatabase = new WeakMap<Database, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = prepare(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();
/** Names of the statements runNamed has prepared, by text (a name is a hash of its text: each stays one text). */
const names = new Map<string, string>();
/**
 * The most texts runNamed names. Every connection keeps each statement it has prepared (node-postgres does not forget
 * them, nor does the server's session), so the texts that vary with a request's shape (a storefront search's filters,
 * sort and page size) must stay few: past this many, a new text runs unnamed, planned on each run as before.
 */
export const MAX_NAMED_STATEMENTS = 200;

/**
 * The rows of a raw statement (lib/raw-rows.ts), prepared once per connection on PostgreSQL: node-postgres sends it
 * under a name derived from its text, so the server parses it once per connection and may reuse its plan, instead
 * of parsing, analysing and planning its text on every request (docs/decisions/0011-admin-lists-at-size.md, seventh
 * part: the orders' DTO statement costs more to parse than to run). On PGlite, or inside a transaction (which has
 * no pool of its own), it is an ordinary execute.
 */
export async function runNamed<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = poolOf(db);
  if (!client) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runText<T>(client, text, params);
}

/**
 * How a statement takes a request's value: the value itself (inline), or a placeholder of that name (placeholder),
 * for a statement runTemplate builds once for its shape and fills with the values on each run.
 */
export type Bind = (name: string, value: unknown) => unknown;
export const inline: Bind = (_name, value) => value;
export const placeholder: Bind = (name) => sql.placeholder(name);

/** The statements runTemplate has built, by the key of their shape. */
const templates = new Map<string, { text: string; params: unknown[] }>();

/**
 * runNamed for a statement whose text depends only on `key` (its shape), on PostgreSQL: `build` makes it with
 * `sql.placeholder(name)` for every value that varies within the shape, once per process and key (at most
 * MAX_NAMED_STATEMENTS keys; past that, once per run), and each run fills those placeholders from `values`. A run
 * then costs no query building (drizzle's SQL objects, a few kilobytes of text), only the values. Only where
 * preparesNamed holds.
 */
export async function runTemplate<T>(
  db: DbOrTx,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  const client = poolOf(db);
  if (!client) throw new Error('runTemplate needs a PostgreSQL pool (preparesNamed)');
  let template = templates.get(key);
  if (!template) {
    const { sql: text, params } = dialect.sqlToQuery(build());
    template = { text, params };
    if (templates.size < MAX_NAMED_STATEMENTS) templates.set(key, template);
  }
  return runText<T>(client, template.text, fillPlaceholders(template.params, values));
}

async function runText<T>(client: pg.Pool, text: string, params: unknown[]): Promise<T[]> {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_NAMED_STATEMENTS) return (await client.query({ text, values: params })).rows as T[];
    name = `raw_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return (await client.query({ name, text, values: params })).rows as T[];
}

/** The PostgreSQL pool runNamed prepares on, or undefined on PGlite and in a transaction. */
function poolOf(db: DbOrTx): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** Whether runNamed prepares on this handle: then its statements may be planned once for all their parameters. */
export function preparesNamed(db: DbOrTx): boolean {
  return poolOf(db) !== undefined;
}
