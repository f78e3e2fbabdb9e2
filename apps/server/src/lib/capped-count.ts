/**
 * The count of an admin list (docs/shop-rules.md#admin-lists): its matches counted up to ADMIN_COUNT_CAP + 1 and
 * no further (`select count(*) from (select 1 ... limit 10001)`), so an unfiltered list of 200,000 orders stops
 * reading its index after 10,001 entries. A total above the cap reads "more than ADMIN_COUNT_CAP".
 */
import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { ADMIN_COUNT_CAP } from '@pumpkart/shared';
import type { DbOrTx } from '../db/client';

/** `matches`: a select of the list's rows with its joins and WHERE (made `$dynamic()`), e.g. of their ids. */
export async function cappedCount(db: DbOrTx, matches: PgSelect): Promise<number> {
  const limited = matches.limit(ADMIN_COUNT_CAP + 1).as('matches');
  const [row] = await db.select({ total: count() }).from(limited);
  return Number(row?.total ?? 0);
}
