/**
 * The auth rate limits counted across processes (docs/decisions/0019-shared-rate-limits.md): the PostgreSQL store's
 * windows on the database's clock (on both databases), two apps on one PostgreSQL database sharing one count, the
 * same two apps counting in Redis (TEST_REDIS_URL), and a Redis that cannot be reached or does not answer, which
 * skips the limit instead of failing the request.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { SERVER_MESSAGES } from '@pumpkart/shared';
import { loadConfig } from '../config';
import { rateLimitHits } from '../db/schema';
import { createTestApp, onPostgres, type TestApp } from '../test/app';
import { chooseRateLimitStore, PostgresRateLimitStore } from './rate-limit-store';

const silent = { warn: () => {}, info: () => {}, error: () => {} };
const MINUTE = 60_000;
const LIMIT = 5;
const LOGIN_KEY = 'POST/api/auth/login-';

/** One login attempt from `address` (a new e-mail each time, so the per-account limit never counts). */
const attempt = (t: TestApp, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    payload: { email: `nobody-${randomUUID()}@example.com`, password: 'wrong-password' },
  });

/** What a client sees of an answer: status, body and the rate-limit headers (Retry-After checked apart). */
const seen = (res: Awaited<ReturnType<typeof attempt>>) => ({
  status: res.statusCode,
  body: res.statusCode === 429 ? res.json() : undefined,
  limit: res.headers['x-ratelimit-limit'],
  remaining: res.headers['x-ratelimit-remaining'],
});

/** LIMIT + 2 attempts from one address, alternating between the apps; answers what each got. */
async function rotate(apps: TestApp[], address: string) {
  const answers = [];
  for (let i = 0; i < LIMIT + 2; i += 1) answers.push(await attempt(apps[i % apps.length]!, address));
  return answers;
}

/** The same for every app: LIMIT answers of 401, then 429 "Too many attempts" with Retry-After within the minute. */
function expectLimitedAfterLimit(answers: Awaited<ReturnType<typeof attempt>>[]) {
  expect(answers.map((res) => res.statusCode)).toEqual([...Array<number>(LIMIT).fill(401), 429, 429]);
  for (const res of answers.slice(LIMIT)) {
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
    expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }
}

describe('REDIS_URL', () => {
  it('is optional, and must be a redis:// or rediss:// address', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example:6380/2' }).REDIS_URL).toBe(
      'rediss://:secret@cache.example:6380/2',
    );
    expect(() => loadConfig({ REDIS_URL: 'cache.example:6379' })).toThrow(/REDIS_URL/);
  });
});

describe('the choice of store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is PostgreSQL on a PostgreSQL server, and memory on the embedded database (one process)', async () => {
    const choice = await chooseRateLimitStore({}, t.database, silent);
    expect(choice.kind).toBe(onPostgres ? 'postgres' : 'memory');
    expect(Boolean(choice.options.store)).toBe(onPostgres);
    await choice.close();
  });
});

describe('the PostgreSQL store (its statements, on either database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const store = () => new PostgresRateLimitStore(t.db, silent);
  const rowOf = async (key: string) => (await t.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key)))[0];

  it('counts a window per key: the first request gets the whole window, later ones what is left of it', async () => {
    const key = `count-${randomUUID()}`;
    const first = await store().count(key, MINUTE);
    expect(first).toEqual({ current: 1, ttl: MINUTE });
    const second = await store().count(key, MINUTE);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(MINUTE);
    expect((await store().count(`other-${key}`, MINUTE)).current).toBe(1);
  });

  it('counts parallel requests one by one (one atomic statement each)', async () => {
    const key = `parallel-${randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 12 }, () => store().count(key, MINUTE)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await rowOf(key))!.hits).toBe(12);
  });

  it('starts a new window once the last one is over, on the database clock', async () => {
    const key = `restart-${randomUUID()}`;
    for (let i = 0; i < 4; i += 1) await store().count(key, MINUTE);
    // The minute passes: the row's window ends now.
    await t.db
      .update(rateLimitHits)
      .set({ expiresAt: sql`now() - interval '1 millisecond'` })
      .where(eq(rateLimitHits.key, key));
    expect(await store().count(key, MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    expect((await store().count(key, MINUTE)).current).toBe(2);
  });

  it('starts a new window after a short one has run out in real time', async () => {
    const key = `short-${randomUUID()}`;
    await store().count(key, 100);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store().count(key, 100)).toEqual({ current: 1, ttl: 100 });
  });

  it('keys each route apart, as the plugin names routes', async () => {
    const route = (method: string, url: string) =>
      store().child({ routeInfo: { method, url } } as unknown as Parameters<PostgresRateLimitStore['child']>[0]);
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const counted = (s: PostgresRateLimitStore) =>
      new Promise<number>((resolve, reject) =>
        s.incr(address, (err, res) => (err ? reject(err) : resolve(res!.current)), MINUTE),
      );
    expect(await counted(route('POST', '/api/auth/login'))).toBe(1);
    expect(await counted(route('POST', '/api/auth/login'))).toBe(2);
    expect(await counted(route('POST', '/api/auth/register'))).toBe(1);
    expect((await rowOf(`POST/api/auth/login-${address}`))!.hits).toBe(2);
  });

  it('refuses the options it does not count (longer bans that move the window)', () => {
    const options = { routeInfo: { method: 'POST', url: '/x' }, continueExceeding: true };
    expect(() => store().child(options as unknown as Parameters<PostgresRateLimitStore['child']>[0])).toThrow(
      /fixed windows/,
    );
  });

  it('deletes the windows that are over, at most once per interval per process', async () => {
    const tag = randomUUID();
    const past = sql`now() - interval '1 second'`;
    const future = sql`now() + interval '1 minute'`;
    await t.db.insert(rateLimitHits).values([
      { key: `old-a-${tag}`, hits: 3, expiresAt: past },
      { key: `old-b-${tag}`, hits: 9, expiresAt: past },
      { key: `live-${tag}`, hits: 2, expiresAt: future },
    ]);
    const oneProcess = store();
    await oneProcess.count(`sweeper-${tag}`, MINUTE);
    const keys = async () =>
      (
        await t.db
          .select({ key: rateLimitHits.key })
          .from(rateLimitHits)
          .where(like(rateLimitHits.key, `%${tag}`))
      )
        .map((row) => row.key)
        .sort();
    expect(await keys()).toEqual([`live-${tag}`, `sweeper-${tag}`]);
    // Within RATE_LIMIT_SWEEP_INTERVAL_MS (a minute) the same process does not delete again: a request costs one statement.
    await t.db.insert(rateLimitHits).values({ key: `old-c-${tag}`, hits: 1, expiresAt: past });
    await oneProcess.count(`sweeper-${tag}`, MINUTE);
    expect(await keys()).toEqual([`live-${tag}`, `old-c-${tag}`, `sweeper-${tag}`]);
  });
});

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  let first: TestApp;
  let second: TestApp;
  let alone: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });
    second = await createTestApp({ AUTH_RATE_LIMIT: String(LIMIT) }, { sameDatabaseAs: first });
    alone = await createTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await alone?.close();
  });

  it('share one count: a client rotating across them gets the same 429 as against one process', async () => {
    const rotating = await rotate([first, second], '203.0.113.7');
    const single = await rotate([alone], '203.0.113.7');
    expectLimitedAfterLimit(rotating);
    expectLimitedAfterLimit(single);
    expect(rotating.map(seen)).toEqual(single.map(seen));
    // The (LIMIT + 1)-th attempt went to the second process, the next to the first: both refused.
    const [row] = await first.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `${LOGIN_KEY}203.0.113.7`));
    expect(row!.hits).toBe(LIMIT + 2);
    // Another address has its own count, on either process.
    expect((await attempt(second, '203.0.113.8')).statusCode).toBe(401);
  });

  it('start a new window for both once the window is over', async () => {
    const address = '203.0.113.9';
    expectLimitedAfterLimit(await rotate([first, second], address));
    await first.db
      .update(rateLimitHits)
      .set({ expiresAt: sql`now() - interval '1 millisecond'` })
      .where(eq(rateLimitHits.key, `${LOGIN_KEY}${address}`));
    const again = await attempt(second, address);
    expect(again.statusCode).toBe(401);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect((await attempt(first, address)).headers['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('two processes counting in Redis (needs TEST_REDIS_URL)', () => {
  const prefix = `pumpkart:test:${randomUUID()}:`;
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    const env = { AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL: redisUrl! };
    first = await createTestApp(env, { rateLimitKeyPrefix: prefix });
    // On PostgreSQL the second opens the same database; on the embedded one its own: Redis alone is shared.
    second = await createTestApp(env, { rateLimitKeyPrefix: prefix, ...(onPostgres ? { sameDatabaseAs: first } : {}) });
    const { Redis } = await import('ioredis');
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('share one count there, with the same 429 as the other stores', async () => {
    const address = '192.0.2.44';
    expectLimitedAfterLimit(await rotate([first, second], address));
    expect(await redis.get(`${prefix}${LOGIN_KEY}${address}`)).toBe(String(LIMIT + 2));
    const ttl = await redis.pttl(`${prefix}${LOGIN_KEY}${address}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MINUTE);
    // Nothing was counted in the database.
    const [row] = await first.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `${LOGIN_KEY}${address}`));
    expect(row).toBeUndefined();
  });

  it('start a new window once Redis has expired the count', async () => {
    const address = '192.0.2.45';
    expectLimitedAfterLimit(await rotate([first, second], address));
    await redis.del(`${prefix}${LOGIN_KEY}${address}`);
    const again = await attempt(second, address);
    expect(again.statusCode).toBe(401);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });
});

/**
 * A stand-in for a Redis that accepted the connection and then stopped answering: it answers the handshake (OK to
 * every command) but never the rate limit's script.
 */
async function startSilentRedis() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      // Each command is a RESP array: *<n>, then $<length> and the value for each word; the first word is its name.
      const lines = chunk.toString('utf8').split('\r\n');
      for (let i = 0; i < lines.length; i += 1) {
        if (!lines[i]!.startsWith('*')) continue;
        const name = (lines[i + 2] ?? '').toLowerCase();
        if (name === 'quit') socket.end('+OK\r\n');
        else if (name !== 'evalsha' && name !== 'eval') socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An address nothing listens on: a port the system gave out and took back. */
async function closedRedisUrl() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

describe('a Redis that is down does not take the shop down: the limit is skipped', () => {
  it('when it refuses connections: every attempt is answered, none refused for the limit', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT: '2', REDIS_URL: await closedRedisUrl() });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await attempt(t, '192.0.2.60')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401]);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('when it stops answering: each attempt waits at most the command time-out, then goes through', async () => {
    const silentRedis = await startSilentRedis();
    const t = await createTestApp({ AUTH_RATE_LIMIT: '1', REDIS_URL: silentRedis.url });
    try {
      for (let i = 0; i < 2; i += 1) {
        const started = performance.now();
        expect((await attempt(t, '192.0.2.61')).statusCode).toBe(401);
        expect(performance.now() - started).toBeLessThan(2_000);
      }
    } finally {
      await t.close();
      await silentRedis.close();
    }
  });
});
