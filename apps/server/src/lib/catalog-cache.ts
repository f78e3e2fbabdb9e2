/**
 * In-memory cache of catalog reads (docs/shop-rules.md#catalog-cache): serialized responses keyed
 * by the request, each with a strong ETag. Product edits call invalidate() at once; stock moves
 * from orders, payments and cancellations call it only when a product or variant goes out of stock
 * or comes back (modules/orders/store/stock.ts), so other stock figures may be shown up to one TTL stale.
 * Entries expire after that short TTL. Several processes on one PostgreSQL tell each other of their
 * invalidations through LISTEN/NOTIFY (lib/cache-bus.ts, wired in app.ts through onInvalidate), so an
 * edit in one is seen by the others within a second; the TTL stays the bound when that bus is down
 * (docs/decisions/0020-several-processes.md). This class holds no database code. Concurrent misses of
 * one key share a single read (getOrLoad).
 */
import { createHash } from 'node:crypto';

export interface CachedResponse {
  /**
   * The serialized JSON as UTF-8 bytes, encoded once when stored. Sent as a Buffer because Node's HTTP writer copies
   * a string body into a new string together with the headers for every response (a 29 KB home view was 30 KB of
   * garbage per request, the largest share of what a cached read allocated), while a Buffer is written as it is
   * (docs/decisions/0018-embedded-memory.md).
   */
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/** What a catalog read produces before it is serialized. */
export interface CatalogLoad {
  payload: unknown;
  headers?: Record<string, string>;
}

export class CatalogCache {
  private readonly entries = new Map<string, { value: CachedResponse; expiresAt: number }>();
  /** Reads under way, by key: the requests that miss meanwhile wait for the same one. */
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  private generation = 0;
  /**
   * Told of every invalidate(), not of invalidateLocally(): app.ts has it tell the other processes on
   * the same PostgreSQL (lib/cache-bus.ts). Must not throw.
   */
  onInvalidate: (() => void) | undefined;

  constructor(
    private readonly maxEntries: number,
    /** How long an entry is answered: the bound on staleness when no invalidation reaches this process. */
    readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxEntries > 0;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency: Map keeps insertion order, so the oldest key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Serializes a value once, computes its ETag and keeps it (when the cache is on). `readAtVersion`
   * is `version` as it was before the database read: if a write invalidated the cache meanwhile,
   * the (possibly stale) value is answered but not kept.
   */
  store(key: string, payload: unknown, readAtVersion: number, headers: Record<string, string> = {}): CachedResponse {
    const body = Buffer.from(JSON.stringify(payload));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const value = { body, etag, headers };
    if (!this.enabled || readAtVersion !== this.generation) return value;
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /**
   * The cached response for `key`, or else the result of `load()`, stored. Misses of one key that
   * arrive while its load is under way wait for that load instead of each querying the database
   * (a burst after an invalidation or an expiry costs one read, not one per request). A load started
   * before an invalidate() is neither stored (see store()) nor joined by requests that come after
   * it: they start a fresh one. With the cache off every request loads on its own, so that the
   * figures measured with CATALOG_CACHE_SIZE=0 stay those of a read per request.
   */
  getOrLoad(key: string, load: () => Promise<CatalogLoad>): Promise<CachedResponse> {
    const cached = this.get(key);
    if (cached) return Promise.resolve(cached);
    if (!this.enabled) return this.loadAndStore(key, load);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = this.loadAndStore(key, load).finally(() => {
      // Only our own entry: an invalidate() meanwhile may have let a newer load take the key.
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    return promise;
  }

  private async loadAndStore(key: string, load: () => Promise<CatalogLoad>): Promise<CachedResponse> {
    // The version before the read: a write during the read keeps its result out of the cache.
    const version = this.generation;
    const { payload, headers } = await load();
    return this.store(key, payload, version, headers);
  }

  /**
   * Drops everything: called after any write that changes what the catalog shows, once it has
   * committed (the other processes are told at once and re-read the database).
   */
  invalidate(): void {
    this.invalidateLocally();
    this.onInvalidate?.();
  }

  /** Drops everything without telling anyone: another process changed the catalog (lib/cache-bus.ts). */
  invalidateLocally(): void {
    this.generation += 1;
    this.entries.clear();
    // Reads under way may have seen the catalog before the write: later requests must not join them.
    this.inFlight.clear();
  }

  /** Bumped by every invalidate(); part of cache keys computed before a slow read. */
  get version(): number {
    return this.generation;
  }
}
