/**
 * Hot queries prepared once (docs/decisions/0015-checkout-statements.md): drizzle builds their SQL a single time
 * and, on PostgreSQL, node-postgres parses them once per connection under their name (a named prepared statement)
 * instead of building and parsing the text on every request. A prepared query belongs to the database handle it
 * was made on, so it is made on first use for each handle (tests open several) and must never be used for a read
 * that has to be inside a transaction: it always runs on the handle's pool.
 */
import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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

/**
 * A statement that runs inside transactions, built once per process instead of on every run
 * (docs/decisions/0015-checkout-statements.md). Drizzle's prepared query belongs to the connection it was
 * made on, and a transaction has a connection of its own, so drizzle cannot prepare there; but the query itself (its
 * text, its parameters with their placeholders, the mapping of its rows) depends on nothing else. `prepare` makes it
 * once per driver, on the first transaction that runs it, and every run gets a view of it bound to its own
 * transaction's connection. Both drivers' prepared queries read their connection from `this.client` when they start,
 * before anything is awaited. On PostgreSQL the query's name makes the server parse it once per connection too.
 * `prepare` must name each placeholder it takes, and must never put a request's value in the statement itself.
 */
export function preparedInTransaction<Q extends object>(prepare: (tx: DbOrTx) => Q): (tx: DbOrTx) => Q {
  const byDriver = new Map<unknown, Q>();
  return (tx) => {
    const session = (tx as unknown as { session: { client: unknown } }).session;
    const driver = session.constructor;
    let made = byDriver.get(driver);
    if (!made) {
      made = prepare(tx);
      byDriver.set(driver, made);
    }
    const bound = Object.create(made) as Q & { client: unknown };
    bound.client = session.client;
    return bound;
  };
}

/** The most rows preparedInsert prepares an INSERT for; a longer list is built on each run. */
export const MAX_PREPARED_ROWS = 16;

/**
 * An INSERT of rows of `table` answering the rows written, built once per number of rows (preparedInTransaction,
 * named `name` and the count): each of `columns` of each row takes a placeholder of its own, so a run passes the rows'
 * values by column; the other columns take their defaults. Nothing is sent for no rows.
 */
export function preparedInsert<T extends PgTable, C extends keyof T['$inferInsert'] & string>(
  table: T,
  columns: readonly C[],
  name: string,
): (tx: DbOrTx) => { execute(rows: readonly Required<Pick<T['$inferInsert'], C>>[]): Promise<T['$inferSelect'][]> } {
  type Prepared = { execute(values: Record<string, unknown>): Promise<T['$inferSelect'][]> };
  const byCount = new Map<number, (tx: DbOrTx) => Prepared>();
  const placeholders = (count: number) =>
    Array.from({ length: count }, (_, row) =>
      Object.fromEntries(columns.map((column) => [column, sql.placeholder(`${column}_${row}`)])),
    ) as T['$inferInsert'][];
  const queryFor = (count: number) => {
    let query = byCount.get(count);
    if (!query) {
      query = preparedInTransaction(
        (tx) =>
          tx.insert(table).values(placeholders(count)).returning().prepare(`${name}_${count}`) as unknown as Prepared,
      );
      byCount.set(count, query);
    }
    return query;
  };
  return (tx) => ({
    async execute(rows) {
      if (rows.length === 0) return [];
      if (rows.length > MAX_PREPARED_ROWS) {
        return (await tx
          .insert(table)
          .values(rows as unknown as T['$inferInsert'][])
          .returning()) as T['$inferSelect'][];
      }
      const values: Record<string, unknown> = {};
      rows.forEach((row, index) => {
        for (const column of columns) values[`${column}_${index}`] = row[column];
      });
      return queryFor(rows.length)(tx).execute(values);
    },
  });
}

/**
 * A raw statement (drizzle's `sql`, with `sql.placeholder` for its values) built once and run in transactions
 * (preparedInTransaction): its rows as the driver answers them (lib/raw-rows.ts).
 */
export function preparedStatement<T>(
  name: string,
  build: () => SQL,
): (tx: DbOrTx) => { execute(values: Record<string, unknown>): Promise<T[]> } {
  const query = preparedInTransaction((tx) => {
    const session = (tx as unknown as { session: RawSession }).session;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  });
  return (tx) => ({
    async execute(values) {
      return rowsOf<T>(await query(tx).execute(values));
    },
  });
}

/** What preparedStatement uses of a drizzle session (both drivers have it). */
interface RawSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

/**
 * The placeholder `name` as a value of `column` in a prepared UPDATE's SET (drizzle's types take placeholders only as
 * an INSERT's values): filled on each run, then encoded as the column encodes its values (a Date for a timestamp).
 */
export function placeholderOf(column: PgColumn, name: string): SQL {
  return sql`${sql.param(sql.placeholder(name), column)}`;
}

const dialect = new PgDialect();
/** Names of the statements runNamed has prepared, by text (a name is a hash of its text: each stays one text). */
const names = new Map<string, string>();
/**
 * The most texts runNamed names. Every connection keeps each statement it has prepared (node-postgres does not forget
 * them, nor does the server's session), so the texts that vary with a request's shape (a storefront search's filters,
 * sort and page size) must stay few: past this many, a new text runs unnamed, planned on each run as before.
 */
export const MAX_NAMED_STATEMENTS = 300;

/**
 * The rows of a raw statement (lib/raw-rows.ts), prepared once per connection on PostgreSQL: node-postgres sends it
 * under a name derived from its text, so the server parses it once per connection and may reuse its plan, instead
 * of parsing, analysing and planning its text on every request (docs/decisions/0011-admin-lists-at-size.md: the orders' DTO statement costs more to parse than to run). On PGlite, or inside a transaction (which has
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
  const name = nameOf(text);
  return (await client.query(name ? { name, text, values: params } : { text, values: params })).rows as T[];
}

/** The name of a text, given now if the budget allows (MAX_NAMED_STATEMENTS); undefined past it. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED_STATEMENTS) {
    name = `raw_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** How many times a text with parameters is sent unnamed before hotStatementName names it. */
export const HOT_AFTER = 3;
/** How often each text not yet named has been sent; forgotten all at once when it holds this many. */
const MAX_SIGHTINGS = 5_000;
const sightings = new Map<string, number>();

/**
 * The name under which a pool's connection sends a statement with parameters that drizzle built inside a transaction
 * (NamingClient, db/client.ts; docs/decisions/0015-checkout-statements.md): none for its
 * first HOT_AFTER - 1 sightings, so that a statement run once or twice (an admin's rare filter, an IN list of an
 * unusual length) spends no place, then the text's name within the same budget of MAX_NAMED_STATEMENTS texts that
 * runNamed and runTemplate draw from. A named statement is parsed and analysed once per connection; PostgreSQL may
 * then keep a generic plan for it.
 */
export function hotStatementName(text: string): string | undefined {
  const named = names.get(text);
  if (named || names.size >= MAX_NAMED_STATEMENTS) return named;
  const seen = (sightings.get(text) ?? 0) + 1;
  if (seen < HOT_AFTER) {
    if (sightings.size >= MAX_SIGHTINGS) sightings.clear();
    sightings.set(text, seen);
    return undefined;
  }
  sightings.delete(text);
  return nameOf(text);
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
