import { describe, expect, it } from 'vitest';
import { CatalogCache, type CatalogLoad } from './catalog-cache';

/** A load that resolves when the test says so (every call of it at once), counting its calls. */
function controlledLoad(payload: unknown = { products: ['a'] }) {
  const pending: (() => void)[] = [];
  const load = () =>
    new Promise<CatalogLoad>((resolve) => {
      pending.push(() => resolve({ payload, headers: { 'x-total-count': '1' } }));
    });
  return { load, release: () => pending.forEach((resolve) => resolve()), calls: () => pending.length };
}

describe('CatalogCache.getOrLoad', () => {
  it('runs the load once for 10 concurrent misses of one key, and answers them all with its result', async () => {
    const cache = new CatalogCache(10);
    const read = controlledLoad();
    const waiting = Array.from({ length: 10 }, () => cache.getOrLoad('home', read.load));
    read.release();
    const answers = await Promise.all(waiting);
    expect(read.calls()).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
    expect(answers[0]).toMatchObject({ headers: { 'x-total-count': '1' } });
    // Kept as the UTF-8 bytes that are sent (docs/decisions/0018-embedded-memory.md).
    expect(Buffer.isBuffer(answers[0]!.body)).toBe(true);
    expect(answers[0]!.body.toString()).toBe('{"products":["a"]}');
    // Stored: the next request is answered from memory.
    expect(cache.get('home')?.etag).toBe(answers[0]!.etag);
    await cache.getOrLoad('home', read.load);
    expect(read.calls()).toBe(1);
  });

  it('loads different keys separately', async () => {
    const cache = new CatalogCache(10);
    const home = controlledLoad('home');
    const brands = controlledLoad('brands');
    const answers = [cache.getOrLoad('home', home.load), cache.getOrLoad('brands', brands.load)];
    home.release();
    brands.release();
    expect((await Promise.all(answers)).map((answer) => answer.body.toString())).toEqual(['"home"', '"brands"']);
    expect([home.calls(), brands.calls()]).toEqual([1, 1]);
  });

  it('does not store a load that an invalidate() overtook, and does not let later requests join it', async () => {
    const cache = new CatalogCache(10);
    const before = controlledLoad('before the write');
    const first = cache.getOrLoad('home', before.load);
    cache.invalidate();
    // A request after the write starts its own load instead of waiting for the one that began before.
    const after = controlledLoad('after the write');
    const second = cache.getOrLoad('home', after.load);
    before.release();
    expect((await first).body.toString()).toBe('"before the write"');
    expect(cache.get('home')).toBeUndefined();
    after.release();
    expect((await second).body.toString()).toBe('"after the write"');
    expect(cache.get('home')?.body.toString()).toBe('"after the write"');
    expect([before.calls(), after.calls()]).toEqual([1, 1]);
  });

  it('passes a failed load to every waiting request, keeps nothing and tries again on the next miss', async () => {
    const cache = new CatalogCache(10);
    let calls = 0;
    const failing = async (): Promise<CatalogLoad> => {
      calls += 1;
      await Promise.resolve();
      throw new Error('database down');
    };
    const results = await Promise.allSettled([cache.getOrLoad('home', failing), cache.getOrLoad('home', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    const retry = controlledLoad('back');
    const answer = cache.getOrLoad('home', retry.load);
    retry.release();
    expect((await answer).body.toString()).toBe('"back"');
    expect(retry.calls()).toBe(1);
  });

  it('loads for every request when the cache is off (CATALOG_CACHE_SIZE=0)', async () => {
    const cache = new CatalogCache(0);
    let calls = 0;
    const load = async (): Promise<CatalogLoad> => {
      calls += 1;
      return { payload: calls };
    };
    await Promise.all(Array.from({ length: 5 }, () => cache.getOrLoad('home', load)));
    expect(calls).toBe(5);
    expect(cache.get('home')).toBeUndefined();
  });

  it('loads again once an entry has expired', async () => {
    let now = 1_000;
    const cache = new CatalogCache(10, 5_000, () => now);
    let calls = 0;
    const load = async (): Promise<CatalogLoad> => ({ payload: (calls += 1) });
    expect((await cache.getOrLoad('home', load)).body.toString()).toBe('1');
    now += 4_999;
    expect((await cache.getOrLoad('home', load)).body.toString()).toBe('1');
    now += 1;
    expect((await cache.getOrLoad('home', load)).body.toString()).toBe('2');
  });
});

describe('CatalogCache invalidation and onInvalidate', () => {
  it('tells onInvalidate of invalidate() only; invalidateLocally() drops entries and reads under way alike', async () => {
    const cache = new CatalogCache(10);
    let told = 0;
    cache.onInvalidate = () => (told += 1);
    await cache.getOrLoad('home', async () => ({ payload: 'before' }));

    cache.invalidate();
    expect(told).toBe(1);
    expect(cache.get('home')).toBeUndefined();

    await cache.getOrLoad('home', async () => ({ payload: 'again' }));
    const read = controlledLoad('stale');
    const underWay = cache.getOrLoad('brands', read.load);
    cache.invalidateLocally();
    expect(told).toBe(1);
    expect(cache.get('home')).toBeUndefined();
    // A read that began before another process's change is answered but not kept.
    read.release();
    expect((await underWay).body.toString()).toBe('"stale"');
    expect(cache.get('brands')).toBeUndefined();
  });
});
