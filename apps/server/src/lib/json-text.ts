/**
 * JSON text built by the database, for an answer the server sends on as it is (the admin's order list only,
 * modules/orders/store/order-json.ts; docs/decisions/0011-admin-lists-at-size.md). It must read byte for byte as
 * JSON.stringify writes the same DTO: compact, keys in the contract's order. PostgreSQL's json_build_object and
 * json_agg put spaces around their separators and jsonb reorders keys, so objects and arrays are concatenated text
 * (concat, string_agg), and each scalar goes through to_json, which escapes a string as JSON.stringify does (the
 * same short escapes, other control characters as \u00xx) and writes a float8 as JavaScript does (the shortest
 * exact digits) below 10^15. Text concatenation is also far cheaper per row than a row_to_json subquery.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addressSchema } from '@pumpkart/shared';

type Value = SQL | PgColumn;

/** A scalar's JSON text: a string escaped, a number as JavaScript writes it, null as `null`. */
export const jsonValue = (value: Value): SQL => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * An object's JSON text with these keys in this order. Each value is JSON text already (jsonValue, jsonObject,
 * jsonArray, jsonWhen) and never SQL null. Keys are plain names written into the statement.
 */
export function jsonObject(fields: Record<string, SQL>): SQL {
  const parts = Object.entries(fields).flatMap(([key, value], index) => {
    if (!/^\w+$/.test(key)) throw new Error(`A JSON key written into SQL must be a plain name: ${key}`);
    return [sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`), value];
  });
  return sql`concat(${sql.join(parts, sql`, `)}, '}')`;
}

/** The JSON text of an array of `element` (JSON text) over an aggregate's rows, in `orderBy`'s order; `[]` for none. */
export const jsonArray = (element: SQL, orderBy: SQL[]): SQL =>
  sql`coalesce('[' || string_agg(${element}, ',' order by ${sql.join(orderBy, sql`, `)}) || ']', '[]')`;

/** `value` (JSON text) when `condition` holds, else `null`. */
export const jsonWhen = (condition: SQL, value: SQL): SQL => sql`case when ${condition} then ${value} else 'null' end`;

/**
 * An instant's JSON text as JSON.stringify writes a Date (toISOString: UTC, milliseconds, truncated as drizzle's
 * Date drops the microseconds); null as `null`.
 */
export const isoTimeJson = (instant: Value): SQL =>
  jsonValue(sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A paise amount's JSON text as toRupees (packages/shared/src/money.ts) answers it: the same float8 division,
 * written as JavaScript writes it below 10^15 rupees, far above any amount the shop accepts (MAX_ORDER_AMOUNT).
 */
export const rupeesJson = (paise: Value): SQL => jsonValue(sql`${paise}::float8 / 100`);

/**
 * The JSON text of an address kept as jsonb (an order's), as the contract shows it: addressSchema's keys in its
 * order, each only when present (concat_ws skips the absent ones), others left out; jsonb itself would keep its keys
 * shortest first.
 */
export function addressJson(address: Value): SQL {
  const fields = Object.keys(addressSchema.shape).map(
    (key) => sql`case when ${address} ? ${sql.raw(`'${key}'`)}
      then ${sql.raw(`'"${key}":'`)} || (${address} -> ${sql.raw(`'${key}'`)})::text end`,
  );
  return sql`concat('{', concat_ws(',', ${sql.join(fields, sql`, `)}), '}')`;
}
