/**
 * What a storefront search reads besides its page's order (docs/shop-rules.md#search, docs/decisions/0014-search-at-scale.md):
 * the title vocabulary's facts about a term, the matches counted up to SEARCH_COUNT_CAP + 1, and the page's
 * products, in one statement; and the typed words to correct when nothing matches (search-correction.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, toPaise, type ProductDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { products, searchWords } from '../../../db/schema';
import { cappedCountSql } from '../../../lib/capped-count';
import { preparesByName, statementByShape } from '../../../db/statement';
import { rowsOf } from '../../../lib/raw-rows';
import type { ImageStorage } from '../../../storage/image-storage';
import { productDtosOfRows, productRowsJson, type ProductJsonRow } from './product-dto';
import { correctionCandidates, correctionValues, type CandidateRow, inline, type Bind } from './search-correction';
import { catalogWhere, containsPattern, searchPattern, type CatalogFilter } from './catalog';
import { pageIds } from './relevance';

/** A term of ASCII letters only, 3 or more: one title word of the vocabulary holds each of its matches in a title. */
const VOCABULARY_WORD = /^[a-z]{3,}$/;

/**
 * What the title vocabulary (`search_words`: the words of active products' titles, runs of 3 or more letters, with
 * how many have each; docs/decisions/0012-typo-tolerant-search.md) tells about a search, from a table of a few
 * thousand words instead of the products (docs/decisions/0014-search-at-scale.md):
 * - `atLeast`: every active product whose title has a word containing the term matches it, so the most products any
 *   such word has is a lower bound of the count when nothing but the term narrows the search (else 0);
 * - `firstRank`: the first relevance group (searchRank) that can hold a match. For a term of letters only (3 or more),
 *   a title having it as a whole word has it as one of its words (group 0), and a title having it at all has a word
 *   containing it (groups 0 and 1): without such words those groups are empty, whatever the other filters.
 */
export async function vocabularyFacts(
  db: DbOrTx,
  filter: CatalogFilter,
): Promise<{ atLeast: number; firstRank: number }> {
  if (!filter.search) return { atLeast: 0, firstRank: 0 };
  const [row] = rowsOf<VocabularyRow>(
    await db.execute(sql`select * from ${vocabularySql(filter.search)} as vocabulary`),
  );
  return factsOf(filter, row);
}

/** What vocabularyFacts reads of the title words containing a term: the most products one has, whether one is it. */
interface VocabularyRow {
  most: number | null;
  whole: boolean | null;
}

/** The one-row subquery of vocabularyFacts' read (VocabularyRow). */
function vocabularySql(search: string, bind: Bind = inline): SQL {
  return sql`(
    select max(${searchWords.products}) as "most", bool_or(${searchWords.word} = lower(${bind('search', search)})) as "whole"
    from ${searchWords}
    where ${searchWords.word} like ${searchPattern(search, bind)} and ${searchWords.products} > 0
  )`;
}

/** Whether nothing but the term narrows a storefront search: the vocabulary's counts are then its lower bound. */
function searchOnly(filter: CatalogFilter): boolean {
  const { search: _search, ...narrowing } = filter;
  return !narrowing.includeInactive && Object.values(narrowing).every((value) => value === undefined);
}

/** vocabularyFacts of its read. */
function factsOf(filter: CatalogFilter, row: VocabularyRow | undefined): { atLeast: number; firstRank: number } {
  const most = Number(row?.most ?? 0);
  const letters = VOCABULARY_WORD.test((filter.search ?? '').toLowerCase());
  return { atLeast: searchOnly(filter) ? most : 0, firstRank: !letters || row?.whole ? 0 : most > 0 ? 1 : 2 };
}

/** What searchRead answers: vocabularyFacts, the capped count, the page's products when asked and found. */
export interface SearchRead {
  facts: { atLeast: number; firstRank: number };
  total: number;
  products?: ProductDto[];
  candidates: CandidateRow[] | null;
}

/**
 * A storefront search's facts in one statement (docs/decisions/0014-search-at-scale.md): what the title vocabulary
 * knows (vocabularyFacts), the number of matches up to SEARCH_COUNT_CAP + 1 (1,001 unread when nothing but the term
 * narrows the search and a title word containing it is in more products; else `select count(*) from (select 1 ...
 * limit 1001)`, lib/capped-count.ts), and, each only when its condition holds (a scalar subquery in a CASE is run
 * only when its branch is taken):
 * - with `page` and some matches: the page's products in `page.order` (productRowsJson), whose subquery finds their
 *   ids itself;
 * - with `correct` (correctableWords) and no match: the closest vocabulary words of each typed word
 *   (correctionCandidates), so that a search that finds nothing as typed knows its correction from the same read.
 */
/** What a search reads besides its filter: the page in its order, and the typed words to correct when nothing matches. */
interface SearchReadOptions {
  page?: { order: SQL[]; offset: number; limit: number };
  correct?: string[];
  /** The statement is prepared (searchByShape), so PostgreSQL may plan it once for every term (pageIds). */
  forAnyTerm?: boolean;
  /** What `page.order` is (its sort), for the key of the statement's shape (searchByShape). */
  shape?: string;
}

/** searchRead's one statement; `bind` takes the request's values (Bind, search-correction.ts). */
function searchStatement(
  db: DbOrTx,
  filter: CatalogFilter & { search: string },
  { page, correct, forAnyTerm = false }: SearchReadOptions,
  bind: Bind = inline,
): SQL {
  const where = catalogWhere(filter, bind) ?? sql`true`;
  const capped = cappedCountSql(
    db.select({ id: products.id }).from(products).where(where).$dynamic(),
    SEARCH_COUNT_CAP,
  );
  const total = searchOnly(filter)
    ? sql`case when vocabulary."most" > ${SEARCH_COUNT_CAP} then ${SEARCH_COUNT_CAP + 1} else ${capped} end`
    : capped;
  const pageRows = page
    ? sql`case when counted."total" > 0 then ${productRowsJson(sql`${products.id} = any(${pageIds(db, where, page, forAnyTerm)})`, page.order)} end`
    : sql`null`;
  const candidates =
    correct && correct.length > 0
      ? sql`case when counted."total" = 0 then ${correctionCandidates(correct, bind)} end`
      : sql`null`;
  return sql`
    select vocabulary."most", vocabulary."whole", counted."total", ${pageRows} as "page", ${candidates} as "candidates"
    from ${vocabularySql(filter.search, bind)} as vocabulary
    -- offset 0: counted once, not once for each mention of its total.
    cross join lateral (select ${total} as "total" offset 0) as counted`;
}

/** The row of searchStatement. */
type SearchRow = VocabularyRow & { total: number; page: ProductJsonRow[] | null; candidates: CandidateRow[] | null };

/**
 * searchRead's statements prepared once per connection, by shape: the first pages of every search form and filter
 * combination a shop sees are far fewer than this.
 */
const searchByShape = statementByShape<SearchRow>('search', 200);

export async function searchRead(
  db: DbOrTx,
  storage: ImageStorage,
  filter: CatalogFilter & { search: string },
  options: SearchReadOptions,
): Promise<SearchRead> {
  // Prepared once per connection for the page almost every search reads, its first (the text of a deeper page holds
  // its offset: each depth would be one more statement kept by every connection).
  const prepared = (!options.page || options.page.offset === 0) && preparesByName(db);
  const forAnyTerm = { ...options, forAnyTerm: prepared };
  let row: SearchRow | undefined;
  // A page in an order given from outside (no `shape`) or a list of ids is built each time.
  if (prepared && !filter.ids && (options.shape !== undefined || !options.page)) {
    // Built once for its shape: everything that changes the text is in the key, every other value a placeholder.
    const { search, category, brand, priceRange, minPrice, maxPrice, availability, includeInactive } = filter;
    const key = JSON.stringify([
      'search',
      options.shape ?? null,
      options.page ? [options.page.offset, options.page.limit] : null,
      options.correct?.length ?? 0,
      [
        category !== undefined,
        brand !== undefined,
        priceRange ?? null,
        minPrice !== undefined,
        maxPrice !== undefined,
        availability ?? null,
        !!includeInactive,
      ],
    ]);
    const values = {
      ...correctionValues(options.correct ?? []),
      pattern: containsPattern(search),
      search,
      category,
      brand,
      minPrice: minPrice === undefined ? undefined : toPaise(minPrice),
      maxPrice: maxPrice === undefined ? undefined : toPaise(maxPrice),
    };
    [row] = await searchByShape(
      db,
      key,
      ({ value }) => searchStatement(db, filter, forAnyTerm, (name) => value(name)),
      values,
    );
  } else {
    const statement = searchStatement(db, filter, forAnyTerm);
    [row] = prepared
      ? await searchByShape(db, undefined, () => statement)
      : rowsOf<SearchRow>(await db.execute(statement));
  }
  return {
    facts: factsOf(filter, row),
    total: Number(row?.total ?? 0),
    products: row?.page ? productDtosOfRows(storage, row.page) : undefined,
    candidates: row?.candidates ?? null,
  };
}
