/**
 * The store settings row, cached in memory per process (docs/shop-rules.md#store-settings): read once, replaced
 * when the settings are saved. A read that started before a save never stores its older answer: every save
 * starts a new generation and a read keeps its result only when the generation it began in is still current.
 * Several processes on one PostgreSQL do not tell each other yet; each sees another's save after a restart.
 */
import type { StoreSettingsDto } from '@pumpkart/shared';

export class StoreSettingsCache {
  private value: StoreSettingsDto | undefined;
  private loading: Promise<StoreSettingsDto | undefined> | undefined;
  private generation = 0;

  /** The cached settings, or the result of `load` (shared by the callers that miss meanwhile). */
  async get(load: () => Promise<StoreSettingsDto | undefined>): Promise<StoreSettingsDto | undefined> {
    if (this.value) return this.value;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = load().then((value) => {
      if (generation === this.generation) this.value = value;
      return value;
    });
    this.loading = loading;
    // The callers see a failure through `loading`; this only forgets the read once it is over.
    loading
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      })
      .catch(() => undefined);
    return loading;
  }

  /** After a save: the saved settings become the cached ones, and reads under way keep theirs to themselves. */
  replace(value: StoreSettingsDto): void {
    this.generation += 1;
    this.loading = undefined;
    this.value = value;
  }

  invalidate(): void {
    this.generation += 1;
    this.loading = undefined;
    this.value = undefined;
  }
}

/** One cache per database (each test app has its own), kept as long as the database object lives. */
const caches = new WeakMap<object, StoreSettingsCache>();

export function storeSettingsCacheOf(db: object): StoreSettingsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StoreSettingsCache();
    caches.set(db, cache);
  }
  return cache;
}
