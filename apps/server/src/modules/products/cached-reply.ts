/**
 * Catalog reads through the in-memory cache (docs/shop-rules.md#catalog-cache,
 * lib/catalog-cache.ts): the JSON is serialized once and sent as stored, with a strong ETag,
 * `Cache-Control: no-cache` (browsers revalidate every time) and 304 when the client's
 * If-None-Match still matches. Concurrent misses of one request share a single database read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogCache, CatalogLoad } from '../../lib/catalog-cache';

/** Whether an If-None-Match header names this ETag (a list, weak tags and '*' included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * The prices of the request's buyer (docs/shop-rules.md#business-prices): the buyer's price list id, or null for
 * list prices, and how a public answer is repriced for a list. Given by the price-lists module (app wiring).
 */
export interface BuyerPricing {
  listIdOf(request: FastifyRequest): Promise<string | null>;
  reprice(listId: string, payload: unknown): Promise<unknown>;
}

export async function sendCatalogRead(
  cache: CatalogCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  read: () => Promise<CatalogLoad>,
  pricing?: BuyerPricing,
): Promise<void> {
  // A buyer with a price list is answered from an entry of that list's own, made from the public one: a list's
  // prices never reach another buyer, and a buyer without a list reads exactly the public entry.
  const listId = pricing ? await pricing.listIdOf(request) : null;
  const entry =
    listId === null
      ? await cache.getOrLoad(key, read)
      : await cache.getOrLoad(`list:${listId}|${key}`, async () => {
          const base = await cache.getOrLoad(key, read);
          return {
            payload: await pricing!.reprice(listId, JSON.parse(base.body.toString('utf8'))),
            headers: base.headers,
          };
        });
  reply.headers({ ...entry.headers, etag: entry.etag, 'cache-control': 'no-cache' });
  if (etagMatches(request.headers['if-none-match'], entry.etag)) reply.code(304).send();
  else reply.type('application/json; charset=utf-8').send(entry.body);
  // Resolve only once the answer is out (Fastify: "return reply or await reply"): an async handler
  // that resolves with undefined while an onSend hook (compression) is still turning the body into a
  // stream makes Fastify send again, and the body is lost. Awaiting keeps the route's typed return.
  await reply;
}
