/**
 * Two server processes on one PostgreSQL database (docs/shop-rules.md#catalog-cache,
 * docs/decisions/0020-several-processes.md): a catalog change made through one is seen by the other
 * within a second, through LISTEN/NOTIFY, although the other holds the old answer in its cache for
 * the TTL (5 s). The embedded database has one process: nothing to tell anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { productSchema, type ProductDto } from '@pumpkart/shared';
import { products } from '../../db/schema';
import { LISTENER_APPLICATION_NAME } from '../../lib/cache-bus';
import { bearer, createTestApp, onPostgres, type TestApp } from '../../test/app';
import { productForm } from '../../test/catalog-factories';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';
import { addTestPicture, createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 20 ms for up to `limitMs`; answers how long it took to hold (throws if it never did). */
async function timeUntil(check: () => Promise<boolean>, limitMs = 4_000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`still not so after ${limitMs} ms`);
    await sleep(20);
  }
  return performance.now() - started;
}

describe.skipIf(!onPostgres)(
  'two server processes on one PostgreSQL (PostgreSQL only: skipped without TEST_DATABASE_URL)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let adminToken: string;
    let categories = 0;

    beforeAll(async () => {
      a = await createTestApp();
      b = await createTestApp({}, { sameDatabaseAs: a });
      adminToken = (await createTestAdmin(a.app)).token;
      // The cache is on in both (the test default), with a TTL far longer than the second we allow.
      expect(b.app.ctx.catalogCache.enabled).toBe(true);
      expect(b.app.ctx.catalogCache.ttlMs).toBeGreaterThanOrEqual(5_000);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    /** A product alone in a category of its own, so that one list read shows it. */
    async function productInOwnCategory(stock: number) {
      categories += 1;
      const category = `Coherence ${categories}`;
      const { product } = await createTestProduct(a.db, { category, title: `Coherence product ${categories}`, stock });
      // The form's edits below keep it on sale only with a picture (docs/shop-rules.md#on-sale).
      await addTestPicture(a.db, product.id);
      return { product, category };
    }

    /** The product as server `t` lists it (its cache answers when it holds the read). */
    async function listed(t: TestApp, category: string): Promise<ProductDto> {
      const res = await t.app.inject({ method: 'GET', url: `/api/products?category=${encodeURIComponent(category)}` });
      expect(res.statusCode, res.body).toBe(200);
      const [product] = res.json() as ProductDto[];
      if (!product) throw new Error(`nothing listed in ${category}`);
      return product;
    }

    async function editTitle(t: TestApp, id: string, title: string) {
      const loaded = await t.app.inject({
        method: 'GET',
        url: `/api/products/admin/${id}`,
        headers: bearer(adminToken),
      });
      const form = productSchema.parse(loaded.json());
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: bearer(adminToken),
        payload: productForm({
          title,
          description: form.description,
          category: form.category,
          brand: form.brand,
          price: form.price,
          stock: form.stock,
          lowStockThreshold: form.lowStockThreshold,
          active: String(form.active),
          version: form.version,
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const listenerPids = async (t: TestApp) => {
      const result = await t.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      );
      return (result as unknown as { rows: { pid: number }[] }).rows.map((row) => Number(row.pid));
    };

    it('shows a product edited through one server on the other within a second', async () => {
      const { product, category } = await productInOwnCategory(5);
      const warmedAt = performance.now();
      expect((await listed(b, category)).title).toBe(product.title);

      // Changed behind both servers' backs: B keeps answering its cached read (the cache is really on).
      await b.db.update(products).set({ title: 'Changed behind the cache' }).where(eq(products.id, product.id));
      expect((await listed(b, category)).title).toBe(product.title);

      await editTitle(a, product.id, 'Edited through server A');
      const took = await timeUntil(async () => (await listed(b, category)).title === 'Edited through server A');
      expect(took).toBeLessThan(1_000);
      // Well before B's cached entry would have expired on its own.
      expect(performance.now() - warmedAt).toBeLessThan(b.app.ctx.catalogCache.ttlMs);
    });

    it('shows a product that an order on one server sold out as out of stock on the other within a second', async () => {
      const { product, category } = await productInOwnCategory(1);
      const buyer = await createTestUser(a.app);
      const warmedAt = performance.now();
      expect(await listed(b, category)).toMatchObject({ stock: 1, availability: 'In Stock' });

      await placeOrderOk(a.app, buyer.token, orderBody([{ product, quantity: 1 }]));
      const took = await timeUntil(async () => (await listed(b, category)).availability === 'Out of Stock');
      expect(took).toBeLessThan(1_000);
      expect(performance.now() - warmedAt).toBeLessThan(b.app.ctx.catalogCache.ttlMs);
      expect(await listed(b, category)).toMatchObject({ stock: 0 });
    });

    it('reconnects a listener whose connection was terminated, and delivers through it again', async () => {
      const before = await listenerPids(a);
      expect(before).toHaveLength(2); // one per server
      await a.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      );
      // Both listen again, on new connections.
      await timeUntil(async () => {
        const now = await listenerPids(a);
        return now.length === 2 && now.every((pid) => !before.includes(pid));
      });

      const { product, category } = await productInOwnCategory(5);
      const warmedAt = performance.now();
      expect((await listed(b, category)).title).toBe(product.title);
      await editTitle(a, product.id, 'Edited after the reconnect');
      const took = await timeUntil(async () => (await listed(b, category)).title === 'Edited after the reconnect');
      expect(took).toBeLessThan(1_000);
      expect(performance.now() - warmedAt).toBeLessThan(b.app.ctx.catalogCache.ttlMs);
    });
  },
);
