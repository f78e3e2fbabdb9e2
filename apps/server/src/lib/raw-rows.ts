/**
 * Statements read as the driver answers them, without drizzle's mapping of each column of each row (the orders'
 * DTO, docs/decisions/0011-admin-lists-at-size.md). What they select must read the same on both drivers:
 * node-postgres and PGlite parse json, text, integers and float8 alike, but a raw statement through drizzle answers
 * an instant as the text the driver received, and node-postgres a bigint as a string; so instants are selected as
 * epoch milliseconds and amounts as numbers.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';

/** The rows a raw statement answered (node-postgres and PGlite both put them in `rows`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * An instant as whole milliseconds since 1970 (float8), a number on both drivers and in JSON: `new Date(ms)` is the
 * Date drizzle would have mapped, as both drop the microseconds (truncated first, then rounded exactly, whether
 * extract answers numeric or, before PostgreSQL 14, float8).
 */
export const epochMs = (instant: SQL | PgColumn): SQL =>
  sql`round(extract(epoch from date_trunc('milliseconds', ${instant})) * 1000)::float8`;

/**
 * A json object of these keys and values (json_build_object), for a statement that reads nested rows beside others
 * (an order's lines): the keys are plain names written into the statement.
 */
export function jsonObjectOf(fields: Record<string, SQL | PgColumn>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!/^\w+$/.test(key)) throw new Error(`A JSON key written into SQL must be a plain name: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * `query` as SQL text, rendered once (at module load) for a statement run on every request: a fragment naming
 * many columns through the schema costs more to build each time than to run. It must hold no parameters.
 */
export function renderedOnce(query: SQL): SQL {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  if (params.length > 0) throw new Error('A statement rendered once must hold no parameters.');
  return sql.raw(text);
}
