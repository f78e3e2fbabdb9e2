/**
 * Typo tolerance (docs/shop-rules.md#search, docs/decisions/0012-typo-tolerant-search.md): the corrected words of a
 * search that found nothing as typed. Each typed word of 3 or more letters is matched against the vocabulary of
 * active products' titles (`search_words`, kept by triggers) by trigram similarity, which its GIN index answers,
 * and replaced by the closest word at most one edit away (two from 8 letters; an edit is a letter inserted,
 * deleted, changed, or two neighbours swapped), the one most products have when several are as close. One small
 * indexed read, whatever the size of the catalog.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { searchWords } from '../../../db/schema';
import { rowsOf } from '../../../lib/raw-rows';

/**
 * How a statement takes a request's value: the value itself (inline), or a placeholder of that name, for a statement
 * built once for its shape and filled with the values on each run (queries.ts, searchRead).
 */
export type Bind = (name: string, value: unknown) => unknown;
export const inline: Bind = (_name, value) => value;

/** A word, as the vocabulary's triggers split titles: a run of letters. */
const WORD = /\p{L}+/gu;
const SHORTEST_CORRECTED_WORD = 3;
/**
 * Trigram similarity a candidate needs: one edit in a 5-letter word can leave only 2 of its 6 trigrams (a swap in
 * the middle), a similarity of 2/10; just below it, so that such a typo still reaches its word.
 */
const SIMILARITY_THRESHOLD = 0.19;
/** Candidates read per typed word, closest first: more than any one typo has within reach. */
const CANDIDATES_PER_WORD = 20;

/** Edits a typed word of this length may be from its correction. */
export const allowedEdits = (length: number) => (length >= 8 ? 2 : 1);

/**
 * The optimal-string-alignment distance: how many letters inserted, deleted or changed, or neighbours swapped,
 * turn `a` into `b`.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

interface Candidate {
  word: string;
  products: number;
}

/** The closest candidate within reach of `typed`, or undefined. Ties: more products, then by name. */
function closest(typed: string, candidates: Candidate[]): string | undefined {
  let best: { word: string; distance: number; products: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.word);
    if (distance > allowedEdits(typed.length)) continue;
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance &&
        (candidate.products > best.products || (candidate.products === best.products && candidate.word < best.word)));
    if (better) best = { word: candidate.word, distance, products: candidate.products };
  }
  return best?.word;
}

/** The typed words a correction may replace: lower-cased, each once, of SHORTEST_CORRECTED_WORD letters or more. */
export function correctableWords(search: string): string[] {
  return [...new Set(search.toLowerCase().match(WORD) ?? [])].filter((word) => word.length >= SHORTEST_CORRECTED_WORD);
}

/** The values correctionCandidates binds for `words`, by name, for a statement built with placeholders (Bind). */
export function correctionValues(words: string[]): Record<string, unknown> {
  return Object.fromEntries(words.map((word, i) => [`word${i}`, word]));
}

/** One candidate as correctionCandidates answers it. */
export type CandidateRow = Candidate & { typed: string };

/**
 * For each of `words` (correctableWords), its CANDIDATES_PER_WORD closest vocabulary words by trigrams, as a scalar
 * subquery: a json array of CandidateRow, null for none. The `%` operator (and the GIN index answering it) takes its
 * threshold from the setting pg_trgm.similarity_threshold, set here for the statement's own transaction: each typed
 * word is produced together with set_config's answer, and the lateral read of its candidates depends on that answer,
 * so the setting is in place before the index is read. The subquery can then share a statement with other reads
 * (the search's, queries.ts) instead of needing a transaction of its own (docs/decisions/0014-search-at-scale.md).
 */
export function correctionCandidates(words: string[], bind: Bind = inline): SQL {
  const typedWords = sql.join(
    words.map((word, i) => sql`(${bind(`word${i}`, word)})`),
    sql`, `,
  );
  return sql`(
    select json_agg(json_build_object('typed', typed.word, 'word', near.word, 'products', near.products))
    from (
      select word, set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true) as threshold
      from (values ${typedWords}) as typed_words(word)
      offset 0
    ) as typed
    cross join lateral (
      select ${searchWords.word} as word, ${searchWords.products} as products from ${searchWords}
      where typed.threshold is not null and ${searchWords.word} % typed.word and ${searchWords.products} > 0
      order by similarity(${searchWords.word}, typed.word) desc, ${searchWords.products} desc
      limit ${CANDIDATES_PER_WORD}
    ) as near
  )`;
}

/**
 * The search with its misspelt words corrected (lower-cased, everything else kept) from the candidates of its
 * correctable words (correctionCandidates), or undefined when no word needed or found a correction.
 */
export function correctionOf(search: string, candidates: CandidateRow[] | null): string | undefined {
  const candidatesOf = new Map<string, Candidate[]>();
  for (const row of candidates ?? []) {
    const list = candidatesOf.get(row.typed) ?? [];
    list.push({ word: row.word, products: Number(row.products) });
    candidatesOf.set(row.typed, list);
  }
  const corrections = new Map<string, string>();
  for (const word of correctableWords(search)) {
    const found = candidatesOf.get(word) ?? [];
    // A word some title has is not misspelt.
    const correction = found.some((candidate) => candidate.word === word) ? undefined : closest(word, found);
    if (correction) corrections.set(word, correction);
  }
  if (corrections.size === 0) return undefined;
  return search.toLowerCase().replace(WORD, (word) => corrections.get(word) ?? word);
}

/**
 * The search with its misspelt words corrected (correctionOf), in one statement: for each typed word, its closest
 * vocabulary words by trigrams (the suggestions; a search page reads them beside its count, queries.ts).
 */
export async function correctSearch(db: DbOrTx, search: string): Promise<string | undefined> {
  const words = correctableWords(search);
  if (words.length === 0) return undefined;
  const result = await db.execute(sql`select ${correctionCandidates(words)} as "candidates"`);
  const [row] = rowsOf<{ candidates: CandidateRow[] | null }>(result);
  return correctionOf(search, row?.candidates ?? null);
}
