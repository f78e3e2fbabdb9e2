/**
 * Typo tolerance (docs/shop-rules.md#search, docs/decisions/0012-typo-tolerant-search.md): the corrected words of a
 * search that found nothing as typed. Each typed word of 3 or more letters is matched against the vocabulary of
 * active products' titles (`search_words`, kept by triggers) by trigram similarity, which its GIN index answers,
 * and replaced by the closest word at most one edit away (two from 8 letters; an edit is a letter inserted,
 * deleted, changed, or two neighbours swapped), the one most products have when several are as close. One small
 * indexed read, whatever the size of the catalog.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchWords } from '../../db/schema';
import { rowsOf } from '../../lib/raw-rows';

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

/**
 * The search with its misspelt words corrected (lower-cased, everything else kept), or undefined when no word
 * needed or found a correction. One statement: for each typed word, its closest vocabulary words by trigrams.
 */
export async function correctSearch(db: DbOrTx, search: string): Promise<string | undefined> {
  const typed = search.toLowerCase();
  const words = [...new Set(typed.match(WORD) ?? [])].filter((word) => word.length >= SHORTEST_CORRECTED_WORD);
  if (words.length === 0) return undefined;
  const typedWords = sql.join(
    words.map((word) => sql`(${word})`),
    sql`, `,
  );
  const result = await db.transaction(async (tx) => {
    // The % operator's threshold, for this transaction only.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true)`);
    return tx.execute(sql`
      select typed.word as typed, near.word, near.products
      from (values ${typedWords}) as typed(word)
      cross join lateral (
        select ${searchWords.word} as word, ${searchWords.products} as products from ${searchWords}
        where ${searchWords.word} % typed.word and ${searchWords.products} > 0
        order by similarity(${searchWords.word}, typed.word) desc, ${searchWords.products} desc
        limit ${CANDIDATES_PER_WORD}
      ) as near`);
  });
  const candidatesOf = new Map<string, Candidate[]>();
  for (const row of rowsOf<Candidate & { typed: string }>(result)) {
    const list = candidatesOf.get(row.typed) ?? [];
    list.push({ word: row.word, products: Number(row.products) });
    candidatesOf.set(row.typed, list);
  }
  const corrections = new Map<string, string>();
  for (const word of words) {
    const candidates = candidatesOf.get(word) ?? [];
    // A word some title has is not misspelt.
    const correction = candidates.some((candidate) => candidate.word === word) ? undefined : closest(word, candidates);
    if (correction) corrections.set(word, correction);
  }
  if (corrections.size === 0) return undefined;
  return typed.replace(WORD, (word) => corrections.get(word) ?? word);
}
