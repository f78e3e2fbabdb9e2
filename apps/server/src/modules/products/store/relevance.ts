/**
 * A storefront page by relevance (docs/decisions/0014-search-at-scale.md): the newest matches that can hold the
 * page are ranked, not every match, except when a relevance group is rare among many matches.
 */
import { asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema';
import { catalogOrder, NEWEST_FIRST, productColumns, searchRank, type ProductRow } from './catalog';

/** The shortest term a trigram index can find (three characters: one trigram). */
const SHORTEST_INDEXED_TERM = 3;

/** How many of the newest matches a page by relevance ranks, per row up to the page's end (rankedRows). */
const RELEVANCE_WINDOW_FACTOR = 4;

/**
 * The newest RELEVANCE_WINDOW_FACTOR x (offset + limit) matches of a page by relevance with their ranks, ranked
 * (rankedIds), or null for a page past the SEARCH_COUNT_CAP matches a search counts.
 */
export async function relevanceWindow(
  db: DbOrTx,
  where: SQL | undefined,
  search: string,
  page: { offset: number; limit: number },
  /** A window of this many newest matches, of which only the page's rows are answered (rankedRows). */
  size?: number,
): Promise<{ id: string; rank: number }[] | null> {
  const end = page.offset + page.limit;
  if (end > SEARCH_COUNT_CAP) return null;
  const newest = db
    .select({
      id: products.id,
      createdAt: products.createdAt,
      rank: sql<number>`${searchRank(search)}`.mapWith(Number).as('rank'),
    })
    .from(products)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(size ?? end * RELEVANCE_WINDOW_FACTOR)
    .as('newest');
  const ranked = db
    .select({ id: newest.id, rank: newest.rank })
    .from(newest)
    .orderBy(asc(newest.rank), desc(newest.createdAt), desc(newest.id));
  return size === undefined ? ranked : ranked.limit(page.limit).offset(page.offset);
}

/**
 * Rows `offset` to `offset + limit` of the matches by relevance (docs/shop-rules.md#search), in O(page) when the
 * best group that can have matches (`firstRank`, vocabularyFacts) is common enough: the newest
 * RELEVANCE_WINDOW_FACTOR x (offset + limit) matches are ranked (relevanceWindow: the newest-first walk a plain page
 * takes); when they hold offset + limit of that group, those are the newest of the group, so the page, and when they
 * are all the matches, ranking them is ranking all: the page's ids, in order. Otherwise, and for a page past the
 * SEARCH_COUNT_CAP matches a search counts, every match is ranked, as one query ordered by searchRank: null, and
 * the caller reads the page in catalogOrder('relevance').
 */
export function rankedIds(
  window: { id: string; rank: number }[] | null,
  page: { offset: number; limit: number; firstRank: number },
): string[] | null {
  if (!window) return null;
  const end = page.offset + page.limit;
  const complete = window.length < end * RELEVANCE_WINDOW_FACTOR;
  if (complete || window.filter((row) => row.rank === page.firstRank).length >= end) {
    return window.slice(page.offset, end).map((row) => row.id);
  }
  return null;
}

/**
 * The suggestions' rows: the first of the matches by relevance (rankedIds). A term shorter than SHORTEST_INDEXED_TERM
 * characters ranks the newest SEARCH_COUNT_CAP matches only (docs/shop-rules.md#search): no trigram index finds its
 * matches and the title vocabulary knows none of its groups, so ranking every match would read most of the catalog
 * at every keystroke (docs/decisions/0014-search-at-scale.md).
 */
export async function rankedRows(
  db: DbOrTx,
  where: SQL | undefined,
  search: string,
  page: { offset: number; limit: number; firstRank: number },
): Promise<ProductRow[]> {
  const short = search.length < SHORTEST_INDEXED_TERM;
  const window = await relevanceWindow(db, where, search, page, short ? SEARCH_COUNT_CAP : undefined);
  const ids = short && window ? window.map((row) => row.id) : rankedIds(window, page);
  if (ids === null) {
    return db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...catalogOrder('relevance', search))
      .limit(page.limit)
      .offset(page.offset);
  }
  if (ids.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids of a search's page as an array expression of searchRead's statement. When the statement is prepared once per
 * connection (`forAnyTerm`, searchByShape in queries.ts), PostgreSQL may plan it once for any pattern, not knowing how many products
 * the term matches, so its plan must suit every term (docs/decisions/0014-search-at-scale.md). The count
 * decides at run time, a CASE running only its taken branch:
 * - more than SEARCH_COUNT_CAP matches: the page's order walked (the `created_at` index for newest first) until the
 *   page is found, as for a common word;
 * - else the matches are gathered first (the trigram index: at most SEARCH_COUNT_CAP of them) and only those are
 *   ordered, so that a rare term never walks the whole catalog looking for matches it does not have.
 */
export function pageIds(
  db: DbOrTx,
  where: SQL,
  page: { order: SQL[]; offset: number; limit: number },
  forAnyTerm: boolean,
): SQL {
  if (!forAnyTerm) {
    // Planned for its own values on each run (PGlite, a deeper page): the plain read, as a plan for the term chooses.
    const ids = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...page.order)
      .limit(page.limit)
      .offset(page.offset);
    return sql`array(${ids})`;
  }
  // Literal limit and offset: with parameters, a plan made for any value assumes a tenth of the matches are asked
  // and sorts them all rather than walking the order's index.
  const [limit, offset] = [page.limit, page.offset].map((value) => {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
    return sql.raw(String(value));
  });
  const ordered = (condition: SQL) =>
    sql`select ${products.id} from ${products} where ${condition}
      order by ${sql.join(page.order, sql`, `)} limit ${limit} offset ${offset}`;
  const matches = db.select({ id: products.id }).from(products).where(where);
  return sql`case when counted."total" > ${SEARCH_COUNT_CAP} then array(${ordered(where)})
    else array(${ordered(sql`${products.id} = any(array(${matches}))`)}) end`;
}
