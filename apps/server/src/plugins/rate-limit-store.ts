/**
 * Where the auth routes' per-address rate limits are counted (docs/decisions/0019-shared-rate-limits.md), chosen
 * once by chooseRateLimitStore() in app.ts and handed to the security plugin:
 *
 * - REDIS_URL set: in Redis, through @fastify/rate-limit's own Redis store (one Lua script per request). A Redis
 *   that cannot be reached skips the limit rather than failing the request (skipOnError): the shop stays up, and
 *   the per-account login limit in the database still guards passwords.
 * - otherwise on a PostgreSQL server: in its rate_limit_hits table, one upsert per request (PostgresRateLimitStore).
 * - otherwise (the embedded database): in the process's memory, the plugin's default. Only one process can open
 *   the data directory (db/lock.ts), so there is nothing to share.
 *
 * Every store counts a fixed window per route and client address, and answers the requests counted so far and the
 * milliseconds left in the window; the plugin turns those into the same 429 and Retry-After whichever it is.
 */
import { once } from 'node:events';
import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import { lte, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Log } from '../context';
import type { Database, DatabaseHandle } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** What the security plugin adds to @fastify/rate-limit's registration: the store, nothing else. */
export type RateLimitStoreOptions = Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'skipOnError'>;

export interface RateLimitStoreChoice {
  kind: 'redis' | 'postgres' | 'memory';
  options: RateLimitStoreOptions;
  /** Releases what the store holds (the Redis connection); app.ts calls it when the app closes. */
  close(): Promise<void>;
}

/** The prefix of every rate-limit key in Redis; tests give each run its own. */
export const DEFAULT_REDIS_KEY_PREFIX = 'pumpkart:rate-limit:';

/** How long a start waits for Redis to answer before serving without it (its limits skipped until it does). */
export const REDIS_START_WAIT_MS = 2_000;

/**
 * The one place the store is chosen. `redisKeyPrefix` replaces DEFAULT_REDIS_KEY_PREFIX (tests sharing one Redis).
 */
export async function chooseRateLimitStore(
  config: Pick<Config, 'REDIS_URL'>,
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  log: Log,
  redisKeyPrefix = DEFAULT_REDIS_KEY_PREFIX,
): Promise<RateLimitStoreChoice> {
  if (config.REDIS_URL) {
    const redis = await connectRedis(config.REDIS_URL, log);
    log.info('auth rate limits are counted in Redis (REDIS_URL)');
    return {
      kind: 'redis',
      options: { redis, nameSpace: redisKeyPrefix, skipOnError: true },
      close: () => closeRedis(redis),
    };
  }
  if (database.kind === 'postgres') {
    log.info('auth rate limits are counted in PostgreSQL (table rate_limit_hits)');
    return {
      kind: 'postgres',
      // A database error fails the request (500): the same database answers the login or registration itself.
      options: { store: postgresRateLimitStore(database.db, log), skipOnError: false },
      close: async () => {},
    };
  }
  return { kind: 'memory', options: {}, close: async () => {} };
}

/**
 * A connection that fails fast while Redis is away (no offline queue, 500 ms per command), so a limited request
 * waits at most that long before the plugin skips the limit; ioredis reconnects in the background (every 2 s at
 * most). The ioredis package is loaded only by a shop that sets REDIS_URL (docs/decisions/0018-embedded-memory.md).
 */
async function connectRedis(url: string, log: Log): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 500,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  // One warning per outage (ioredis reports every failed reconnection), and a line when it is over.
  let away = false;
  redis.on('error', (err: Error) => {
    if (away) return;
    away = true;
    log.warn(`Redis (REDIS_URL) cannot be reached, auth rate limits are not counted until it is back: ${err.message}`);
  });
  redis.on('ready', () => {
    if (away) log.info('Redis (REDIS_URL) answers again: auth rate limits are counted');
    away = false;
  });
  // Without the offline queue, a command sent before the connection is ready fails (and its limit is skipped):
  // wait for the first answer, or the first error, or REDIS_START_WAIT_MS.
  const started = new AbortController();
  const timer = setTimeout(() => started.abort(), REDIS_START_WAIT_MS);
  await Promise.race([once(redis, 'ready', started), once(redis, 'error', started)]).catch(() => {});
  clearTimeout(timer);
  started.abort();
  return redis;
}

async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    // QUIT lets Redis answer what is in flight; a Redis that does not answer it is dropped.
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}

/** How often a process deletes the rows whose window is over (with its next count after that long). */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 60_000;

interface SweepState {
  nextAt: number;
}

/** The parts of the plugin's per-route options a store reads (the plugin passes them to child()). */
interface RouteLimitOptions {
  routeInfo?: Pick<RouteOptions, 'method' | 'url'>;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * A fixed window per key in the rate_limit_hits table, counted with one atomic upsert on the database's clock:
 * a new key, or one whose window is over, starts a window of `timeWindow` at 1; otherwise the count goes up by one.
 * The statement answers the count and the milliseconds left, as the plugin's memory and Redis stores do, so every
 * process agrees on both. Keys are per route, as in the plugin's Redis store ('POST/api/auth/login-<address>').
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Database,
    private readonly log: Log,
    private readonly sweep: SweepState = { nextAt: 0 },
    private readonly prefix = '',
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    this.count(this.prefix + key, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]): PostgresRateLimitStore {
    // Typed as the route's options, it is the plugin's limit options merged for the route, with the route in routeInfo.
    const routeOptions = options as unknown as RouteLimitOptions;
    // The plugin's longer bans rewrite the window in their own store; this one counts plain fixed windows only.
    if (routeOptions.continueExceeding || routeOptions.exponentialBackoff) {
      throw new Error(
        'The PostgreSQL rate-limit store counts fixed windows: continueExceeding and exponentialBackoff are not supported.',
      );
    }
    const route = routeOptions.routeInfo;
    const method = [route?.method ?? ''].flat().join(',');
    return new PostgresRateLimitStore(this.db, this.log, this.sweep, `${this.prefix}${method}${route?.url ?? ''}-`);
  }

  /** Counts one request; answers the requests of the window so far and its milliseconds left. */
  async count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const windowOver = sql`${rateLimitHits.expiresAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key, hits: 1, expiresAt: sql`now() + ${timeWindow}::double precision * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${windowOver} then 1 else ${rateLimitHits.hits} + 1 end`,
          expiresAt: sql`case when ${windowOver} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
        },
      })
      .returning({
        hits: rateLimitHits.hits,
        // Rounded up: a window that has not ended answers at least 1 ms (a Retry-After of at least 1 s).
        ttl: sql<number>`greatest(ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000), 0)::integer`.mapWith(
          Number,
        ),
      });
    await this.sweepNowAndThen();
    return { current: row!.hits, ttl: row!.ttl };
  }

  /**
   * Deletes the rows whose window is over, once per RATE_LIMIT_SWEEP_INTERVAL_MS per process: the table holds about
   * the keys of the last two windows, so the delete's scan stays small. A row that an upsert just restarted is
   * kept (PostgreSQL re-checks the condition on the row it waited for).
   */
  private async sweepNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now < this.sweep.nextAt) return;
    this.sweep.nextAt = now + RATE_LIMIT_SWEEP_INTERVAL_MS;
    try {
      await this.db.delete(rateLimitHits).where(lte(rateLimitHits.expiresAt, sql`now()`));
    } catch (error) {
      // The request was counted; the rows wait for the next sweep.
      this.log.warn(`rate_limit_hits: deleting the windows that are over failed: ${(error as Error).message}`);
    }
  }
}

/** The store as @fastify/rate-limit takes it: a class it constructs itself (with its options, unused here). */
export function postgresRateLimitStore(db: Database, log: Log) {
  return class extends PostgresRateLimitStore {
    constructor() {
      super(db, log);
    }
  };
}
