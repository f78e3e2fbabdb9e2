/**
 * Hot statements prepared once (docs/decisions/0015-checkout-statements.md): built a single time and, on PostgreSQL,
 * sent under their name, so that each connection parses them once and may keep one plan for every value, instead of
 * building, parsing and planning their text on every request. A statement is prepared for the connection that runs
 * it, inside or outside a transaction (connection.ts), on first use there. Only for statements by key (a write, a
 * lock, one row by its id): a page of a list is planned for its values and stays an ordinary query.
 *
 * A statement takes a request's values as named placeholders (`sql.placeholder(name)`, or `value(name)` in raw SQL),
 * never in its text.
 */
import { fillPlaceholders, is, sql, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from '../lib/raw-rows';
import { connectionOf } from './connection';
import type { DbOrTx } from './types';

export type Values = Record<string, unknown>;

/** What drizzle's query builders answer: a query that drizzle prepares under a name, mapping its rows. */
interface Preparable<R> {
  prepare(name: string): { execute(values?: Values): Promise<R> };
}

const dialect = new PgDialect();
const names = new Set<string>();

/** What a statement's `build` is given: the connection's drizzle instance, and how raw SQL takes a value. */
export interface StatementParts {
  db: DbOrTx;
  /** The value named `name`: a placeholder filled on each run when prepared, the value itself when not. */
  value: (name: string) => unknown;
}

const withPlaceholders = (db: DbOrTx): StatementParts => ({ db, value: (name) => sql.placeholder(name) });

/**
 * The statement `build` makes, prepared once per connection under `name` (unique in the process), run with `values`.
 * `build` answers either a query builder (`db.select()...`, with `sql.placeholder(name)` for each value), whose rows
 * drizzle maps, or raw SQL taking its values through `value(name)`, whose rows are read as the driver parses them
 * (lib/raw-rows.ts); raw SQL's text is built once in the process.
 */
export function statement<R>(
  name: string,
  build: (parts: StatementParts) => Preparable<R>,
): (db: DbOrTx, values?: Values) => Promise<R>;
export function statement<Row>(
  name: string,
  build: (parts: StatementParts) => SQL,
): (db: DbOrTx, values?: Values) => Promise<Row[]>;
export function statement(
  name: string,
  build: (parts: StatementParts) => Preparable<unknown> | SQL,
): (db: DbOrTx, values?: Values) => Promise<unknown> {
  if (names.has(name)) throw new Error(`Two statements are named ${name}.`);
  names.add(name);
  let text: { sql: string; params: unknown[] } | undefined;
  return async (db, values = {}) => {
    const connection = connectionOf(db);
    if (!connection) {
      // A handle connection.ts does not know: built for this run only.
      const made = build({ db, value: (key) => values[key] });
      return is(made, SQL) ? rowsOf(await db.execute(made)) : made.prepare(name).execute(values);
    }
    if (text) return connection.query(name, text.sql, fillPlaceholders(text.params, values));
    let prepared = connection.prepared.get(name) as ReturnType<Preparable<unknown>['prepare']> | undefined;
    if (!prepared) {
      const made = build(withPlaceholders(connection.db));
      if (is(made, SQL)) {
        text = dialect.sqlToQuery(made);
        return connection.query(name, text.sql, fillPlaceholders(text.params, values));
      }
      prepared = made.prepare(name);
      connection.prepared.set(name, prepared);
    }
    return prepared.execute(values);
  };
}

/**
 * statement() for a read whose text varies with the request's shape (which filters it has, its sort, its page size):
 * each shape's text is prepared once per connection under `name` and the shape's number, for the first `limit` shapes
 * the process meets (every connection keeps what it prepared, so the shapes must stay few); a later shape runs unnamed.
 * `shape` is a key of everything that changes the text, and `build` takes every other value through `value(name)`;
 * without a key, the shape is the text itself, built on each run with the values in its parameters.
 */
export function statementByShape<Row>(
  name: string,
  limit: number,
): (db: DbOrTx, shape: string | undefined, build: (parts: StatementParts) => SQL, values?: Values) => Promise<Row[]> {
  if (names.has(name)) throw new Error(`Two statements are named ${name}.`);
  names.add(name);
  const shapes = new Map<string, { name: string; sql: string; params: unknown[] }>();
  const shapeOf = (key: string, query: { sql: string; params: unknown[] }) => {
    let known = shapes.get(key);
    if (!known && shapes.size < limit) {
      known = { name: `${name}_${shapes.size}`, ...query };
      shapes.set(key, known);
    }
    return known;
  };
  return async (db, shape, build, values = {}) => {
    const connection = connectionOf(db);
    const inline = () => build({ db, value: (key) => values[key] });
    if (!connection) return rowsOf<Row>(await db.execute(inline()));
    if (shape === undefined) {
      const query = dialect.sqlToQuery(inline());
      const known = shapeOf(query.sql, { sql: query.sql, params: [] });
      return (await connection.query(known?.name, query.sql, query.params)) as Row[];
    }
    const known = shapes.get(shape) ?? shapeOf(shape, dialect.sqlToQuery(build(withPlaceholders(connection.db))));
    const query = known ?? dialect.sqlToQuery(inline());
    return (await connection.query(known?.name, query.sql, fillPlaceholders(query.params, values))) as Row[];
  };
}

/** Whether `db` prepares statements by name (PostgreSQL), so that one plan may serve all their values. */
export const preparesByName = (db: DbOrTx): boolean => connectionOf(db)?.named === true;
