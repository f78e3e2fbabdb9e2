/**
 * The count of an admin list (docs/shop-rules.md#admin-lists): its matches counted up to ADMIN_COUNT_CAP + 1 and
 * no further (`select count(*) from (select 1 ... limit 1001)`), so an unfiltered list of 200,000 orders stops
 * reading its index after 1,001 entries. A total above the cap reads "more than ADMIN_COUNT_CAP".
 */
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { ADMIN_COUNT_CAP } from '@pumpkart/shared';
import type { DbOrTx } from '../db/client';

/**
 * `matches`: a select of the list's rows with its joins and WHERE (made `$dynamic()`), e.g. of their ids. `cap`: the
 * admin lists' by default; a storefront search passes SEARCH_COUNT_CAP (docs/shop-rules.md#search).
 */
export async function cappedCount(db: DbOrTx, matches: PgSelect, cap = ADMIN_COUNT_CAP): Promise<number> {
  const limited = matches.limit(cap + 1).as('matches');
  const [row] = await db.select({ total: count() }).from(limited);
  return Number(row?.total ?? 0);
}

/**
 * cappedCount as a scalar subquery (an integer), for a statement that reads the count beside its page. The cap is
 * written into the text, not passed as a value: PostgreSQL plans a prepared statement once for all its values only
 * when that plan costs no more than one for the values at hand, and a LIMIT it cannot read it guesses at a tenth of
 * the table.
 */
export function cappedCountSql(matches: PgSelect, cap = ADMIN_COUNT_CAP): SQL {
  return sql`(select count(*)::int from (${matches} limit ${sql.raw(String(cap + 1))}) as matches)`;
}
