import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import { onPostgres } from '../test/app';
import { openTestDatabase } from '../test/database';
import { CacheBus, LISTENER_APPLICATION_NAME, type CacheBusOptions } from './cache-bus';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quietLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

/** Polls `check` every 20 ms for up to `limitMs`; answers how long it took to hold (throws if it never did). */
async function timeUntil(check: () => boolean | Promise<boolean>, limitMs = 4_000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`still not so after ${limitMs} ms`);
    await sleep(20);
  }
  return performance.now() - started;
}

describe('CacheBus.publish (no database needed)', () => {
  it('sends one NOTIFY for the invalidations of one tick, and a new one for a later invalidation', async () => {
    const execute = vi.fn(async () => ({ rows: [] }));
    const bus = new CacheBus({
      url: 'postgres://unused',
      db: { execute } as unknown as CacheBusOptions['db'],
      channel: 'test_channel',
      listen: false,
      onRemoteChange: () => {},
      log: quietLog(),
    });
    for (let i = 0; i < 5; i += 1) bus.publish();
    expect(execute).not.toHaveBeenCalled(); // after the commit's tick, not inside it
    await sleep(10);
    expect(execute).toHaveBeenCalledTimes(1);
    bus.publish();
    await bus.stop(); // waits for it
    expect(execute).toHaveBeenCalledTimes(2);
    bus.publish(); // stopped: nothing more goes out
    await sleep(10);
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('logs a NOTIFY that fails and never throws to the caller (the TTL is the fallback)', async () => {
    const log = quietLog();
    const bus = new CacheBus({
      url: 'postgres://unused',
      db: { execute: () => Promise.reject(new Error('connection refused')) } as unknown as CacheBusOptions['db'],
      channel: 'test_channel',
      listen: false,
      onRemoteChange: () => {},
      log,
    });
    expect(() => bus.publish()).not.toThrow();
    await bus.stop();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toMatch(/when their cached entries expire/);
  });

  it('keeps retrying a listener that cannot connect, with a growing wait, until stopped', async () => {
    const log = quietLog();
    const bus = new CacheBus({
      // Nothing listens on port 1: the connection is refused at once.
      url: 'postgres://postgres@127.0.0.1:1/none',
      db: { execute: async () => ({ rows: [] }) } as unknown as CacheBusOptions['db'],
      channel: 'test_channel',
      listen: true,
      onRemoteChange: () => {},
      log,
    });
    await bus.start(); // resolves although it could not connect
    expect(bus.listenerPid).toBeUndefined();
    await timeUntil(() => log.warn.mock.calls.length >= 3); // at once, after 100 ms, after 200 ms more
    await bus.stop();
    const attempts = log.warn.mock.calls.length;
    await sleep(1_000);
    expect(log.warn.mock.calls.length).toBe(attempts);
  });
});

describe('CacheBus listener against a server that never answers', () => {
  let silentServer: Server;
  const sockets = new Set<Socket>();
  let port: number;
  beforeAll(async () => {
    // Accepts connections and says nothing, like a database behind a black-holed network path.
    silentServer = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    port = (silentServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silentServer.close(resolve));
  });

  it('stops at once although a connection attempt is under way, and that attempt gives up on its own', async () => {
    const log = quietLog();
    const bus = new CacheBus({
      url: `postgres://postgres@127.0.0.1:${port}/none`,
      db: { execute: async () => ({ rows: [] }) } as unknown as CacheBusOptions['db'],
      channel: 'test_channel',
      listen: true,
      onRemoteChange: () => {},
      log,
    });
    const starting = bus.start();
    await timeUntil(() => sockets.size === 1);
    const stopping = performance.now();
    await bus.stop();
    expect(performance.now() - stopping).toBeLessThan(1_000);
    // The server goes away: the attempt fails, and being stopped, the bus neither warns nor retries.
    for (const socket of sockets) socket.destroy();
    await starting;
    await sleep(300);
    expect(sockets.size).toBe(1);
    expect(log.warn).not.toHaveBeenCalled();
    expect(bus.listenerPid).toBeUndefined();
  });
});

describe.skipIf(!onPostgres)('CacheBus on PostgreSQL (PostgreSQL only: skipped without TEST_DATABASE_URL)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  /** A listening bus on the test database, counting the changes it is told of. */
  async function startBus() {
    const told = { count: 0 };
    const log = quietLog();
    const bus = new CacheBus({
      url: database.url!,
      db: database.db,
      channel: 'test_catalog',
      listen: true,
      onRemoteChange: () => (told.count += 1),
      log,
    });
    await bus.start();
    return { bus, told, log };
  }

  async function rawListener() {
    const client = new pg.Client({ connectionString: database.url });
    const payloads: string[] = [];
    await client.connect();
    client.on('notification', (message) => payloads.push(message.payload ?? ''));
    await client.query('LISTEN test_catalog');
    return { client, payloads };
  }

  it("delivers one instance's invalidations to the others, not to itself, one NOTIFY per tick", async () => {
    const x = await startBus();
    const y = await startBus();
    const raw = await rawListener();
    try {
      // Each connection drops what may be stale once, since nothing was heard before it.
      expect([x.told.count, y.told.count]).toEqual([1, 1]);
      expect(x.bus.listenerPid).toEqual(expect.any(Number));

      for (let i = 0; i < 5; i += 1) x.bus.publish();
      const took = await timeUntil(() => y.told.count === 2);
      expect(took).toBeLessThan(1_000);
      await sleep(100);
      expect(raw.payloads).toEqual([x.bus.instanceId]);
      expect(x.told.count).toBe(1);
      expect(y.told.count).toBe(2);
    } finally {
      await raw.client.end();
      await x.bus.stop();
      await y.bus.stop();
    }
  });

  it('reconnects when its connection is terminated, drops the cache then, and delivers again', async () => {
    const x = await startBus();
    const y = await startBus();
    try {
      const before = y.bus.listenerPid!;
      await database.db.execute(sql`select pg_terminate_backend(${before})`);
      await timeUntil(() => y.bus.listenerPid !== undefined && y.bus.listenerPid !== before);
      // Nothing was published: the reconnection itself dropped what may have been missed meanwhile.
      expect(y.told.count).toBe(2);
      expect(y.log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/lost its connection/));

      x.bus.publish();
      await timeUntil(() => y.told.count === 3);
      expect(x.told.count).toBe(1);
    } finally {
      await x.bus.stop();
      await y.bus.stop();
    }
  });

  it('closes its listener connection when stopped', async () => {
    const x = await startBus();
    const pid = x.bus.listenerPid!;
    await x.bus.stop();
    const result = await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where pid = ${pid} and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(x.bus.listenerPid).toBeUndefined();
  });
});
