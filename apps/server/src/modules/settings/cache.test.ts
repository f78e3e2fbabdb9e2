import { describe, expect, it } from 'vitest';
import type { StoreSettingsDto } from '@pumpkart/shared';
import { StoreSettingsCache } from './cache';

const settings = (tradeName: string) => ({ tradeName }) as StoreSettingsDto;

/** A load that finishes when the test says so. */
function pendingLoad(value: StoreSettingsDto | undefined) {
  let finish!: () => void;
  const started = new Promise<void>((resolve) => (finish = resolve));
  let calls = 0;
  const load = async () => {
    calls += 1;
    await started;
    return value;
  };
  return { load, finish, calls: () => calls };
}

describe('StoreSettingsCache', () => {
  it('loads once for the callers that miss together, then answers from memory', async () => {
    const cache = new StoreSettingsCache();
    const read = pendingLoad(settings('A'));
    const both = Promise.all([cache.get(read.load), cache.get(read.load)]);
    read.finish();
    expect((await both).map((s) => s?.tradeName)).toEqual(['A', 'A']);
    expect(await cache.get(async () => settings('not read'))).toEqual(settings('A'));
    expect(read.calls()).toBe(1);
  });

  it('never keeps a read that started before a save', async () => {
    const cache = new StoreSettingsCache();
    const stale = pendingLoad(settings('before the save'));
    const reading = cache.get(stale.load);
    cache.replace(settings('saved'));
    stale.finish();
    expect((await reading)?.tradeName).toBe('before the save');
    expect((await cache.get(async () => settings('not read')))?.tradeName).toBe('saved');
  });

  it('reads again after an invalidation or a failed read, and does not keep "none"', async () => {
    const cache = new StoreSettingsCache();
    await expect(cache.get(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(async () => undefined)).toBeUndefined();
    expect((await cache.get(async () => settings('B')))?.tradeName).toBe('B');
    cache.invalidate();
    expect((await cache.get(async () => settings('C')))?.tradeName).toBe('C');
  });
});
