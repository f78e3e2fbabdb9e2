/**
 * The page shells in the pages the server answers (docs/decisions/0016-storefront-weight.md), with the web app as
 * `vite build` writes it (apps/web/vite.config.ts renders the shells from the app's own components): the home page
 * and a category page carry the app's first screen in `<div id="root">` before any script, and start the app's
 * scripts only after the paint (public/start-after-paint.js); the category's name escaped into its shell; a category
 * page that opens on its first page carries that page's cards, rendered by the app's own components on the server,
 * and the page as JSON for the app's first render, escaped, cached and invalidated with the catalog; every other
 * page keeps the plain index.html, with an empty root and its scripts as the build wrote them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, type ProductDto } from '@pumpkart/shared';
import { productImages, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct } from '../../test/factories';

const WEB_ROOT = path.resolve(import.meta.dirname, '../../../../web');

let t: TestApp;
let webDist: string;
let adminToken: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-test-web-'));
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: webDist, emptyOutDir: true, sourcemap: false },
  });
  t = await createTestApp({ WEB_DIST: webDist });
  adminToken = (await createTestAdmin(t.app)).token;
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A script element that runs (not the head's JSON-LD data). */
const RUNNING_SCRIPT = /<script(?![^>]*application\/ld\+json)/;

/** What `<div id="root">` holds, and that no script that runs comes before it. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start).toBeGreaterThan(0);
  expect(html.slice(0, start)).not.toMatch(RUNNING_SCRIPT);
  const end = html.indexOf('<script', start);
  return html.slice(start, end < 0 ? undefined : end);
}

describe('the home page', () => {
  it('carries the navbar, the heading and the first banner before any script', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = rootOf(res.body);
    expect(root).toContain('id="navbar-search"');
    expect(root).toContain('One Stop Solution For Your Petrol Pump</h1>');
    expect(root).toMatch(/<img src="\/banners\/tokheim-narrow\.svg"[^>]*fetchPriority="high"/);
    expect(root).toContain('Shop by category</h2>');
    // The app's scripts start after the paint: no module script or modulepreload of its own in the page.
    expect(res.body).toMatch(
      /<script type="module" src="\/start-after-paint\.js" data-app-entry="\/assets\/index-[^"]+\.js"/,
    );
    expect(res.body).not.toContain('rel="modulepreload"');
    // The page's own head stays: the shop's title and the banner's preloads.
    expect(res.body).toContain('<title>PumpKart</title>');
    expect(res.body).toContain('<link rel="preload" as="image" href="/banners/tokheim-wide.svg"');
  });

  it('revalidates with its ETag', async () => {
    const first = await get('/');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/', { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

/** The page's data for the app's first render (apps/web/src/shell/page-data.ts), parsed, or undefined. */
function pageDataOf(html: string): { category: string; items: ProductDto[]; total: number } | undefined {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

const count = (html: string, part: string) => html.split(part).length - 1;

/** A product of `category` with one picture, created `minutesAgo` (the list is newest first). */
async function productWithPicture(category: string, title: string, price: number, minutesAgo: number) {
  const { product } = await createTestProduct(t.db, { title, category, price });
  await t.db.insert(productImages).values({
    productId: product.id,
    publicId: `products/${randomUUID()}`,
    width: 640,
    height: 480,
    renditions: [320, 640],
    position: 0,
  });
  await t.db
    .update(products)
    .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(products.id, product.id));
  return product;
}

describe('a product page', () => {
  it('carries the product page as a phone first shows it, its main picture first, and the product as data', async () => {
    const product = await productWithPicture('Product Pages', 'Nozzle "A&B" </script>', 1234.5, 1);
    const res = await get(`/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('>Nozzle &quot;A&amp;B&quot; &lt;/script&gt;</h1>');
    expect(root).toContain(`>${formatPrice(1234.5)}</span>`);
    // The data: what GET /api/products/{id} answers, escaped for the script element, after the root.
    const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(res.body);
    expect(match![1]).not.toContain('</script>');
    const data = JSON.parse(match![1]!) as { product: ProductDto };
    expect(data.product).toEqual((await get(`/api/products/${product.id}`)).json());
    // The main picture (the page's LCP) is the root's first, sized, eager, fetched first, with the page's srcset.
    const picture = data.product.images[0]!;
    const first = /<img [^>]*>/.exec(root)![0];
    expect(first).toContain(`src="${picture.url}"`);
    expect(first).toContain(`srcSet="${picture.sizes!.map((size) => `${size.url} ${size.width}w`).join(', ')}"`);
    expect(first).toContain('sizes="(min-width: 640px) 50vw, calc(100vw - 24px)"');
    expect(first).toMatch(/width="600" height="450" loading="eager" fetchPriority="high"/);
    expect(res.body.indexOf('id="page-data"')).toBeLessThan(res.body.indexOf('start-after-paint.js'));
  });

  it('follows the catalog cache: a product change shows at once; an unknown product is the plain 404', async () => {
    const product = await productWithPicture('Product Pages', 'Hose Reel', 900, 1);
    const first = await get(`/product/${product.id}`);
    const etag = first.headers.etag as string;
    expect((await get(`/product/${product.id}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(adminToken),
      payload: { active: false },
    });
    expect(edit.statusCode).toBe(200);
    const gone = await get(`/product/${product.id}`, { 'if-none-match': etag });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<div id="root"></div>');
    expect((await get(`/product/${randomUUID()}`)).body).toContain('<div id="root"></div>');
  });
});

describe('a category page', () => {
  it("carries the first page's cards as the app renders them, the heading's count and the page as data", async () => {
    const category = 'Card Pumps';
    // Newest first: Pump 1 ... Pump 5, then one without stock or picture (its card greyed out, 'No Image').
    for (let n = 1; n <= 5; n += 1) await productWithPicture(category, `Pump ${n}`, 1000 * n + 0.5, n);
    const { product: empty } = await createTestProduct(t.db, { title: 'Empty Pump', category, stock: 0 });
    await t.db
      .update(products)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(products.id, empty.id));
    const res = await get(`/category/${encodeURIComponent(category)}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    // The heading with its count, as the app shows it once the list is in (no shift when it arrives).
    expect(root).toMatch(/>Card Pumps <span class="[^"]*">\(6 products\)<\/span><\/h1>/);
    expect(root).not.toContain('data-testid="product-card-skeleton"');
    expect(count(root, 'data-testid="product-card"')).toBe(6);

    const data = pageDataOf(res.body)!;
    expect(data.category).toBe(category);
    expect(data.total).toBe(6);
    // What GET /api/products answers for the list's first page (newest first, 24 a page).
    const api = await get(`/api/products?category=${encodeURIComponent(category)}&sort=newest&page=1&limit=24`);
    expect(data.items).toEqual(api.json());
    expect(data.items.map((item) => item.title)).toEqual([
      'Pump 1',
      'Pump 2',
      'Pump 3',
      'Pump 4',
      'Pump 5',
      'Empty Pump',
    ]);
    // Every card: its title, its price as the app writes it, its picture with its box's size.
    let at = 0;
    for (const item of data.items) {
      const next = root.indexOf(`aria-label="${item.title}"`, at);
      expect(next, item.title).toBeGreaterThan(at);
      at = next;
      expect(root).toContain(`>${formatPrice(item.price)}</span>`);
      const picture = item.images[0];
      if (picture) expect(root).toMatch(new RegExp(`<img src="${picture.url}"[^>]*width="400" height="300"`));
    }
    expect(root).toContain('No Image');
    expect(root).toContain('data-unavailable="true"');
    // The list's first picture (the page's LCP) eager with high priority, the rest of the first row eager, then lazy.
    const images = [...root.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(images[0]).toContain(`src="${data.items[0]!.images[0]!.url}"`);
    expect(images.map((img) => [/loading="(\w+)"/.exec(img)?.[1], img.includes('fetchPriority="high"')])).toEqual([
      ['eager', true],
      ['eager', false],
      ['eager', false],
      ['eager', false],
      ['lazy', false],
    ]);
    // The data comes after the root, before the app's script.
    expect(res.body.indexOf('id="page-data"')).toBeGreaterThan(res.body.indexOf('<div id="root">'));
    expect(res.body.indexOf('id="page-data"')).toBeLessThan(res.body.indexOf('start-after-paint.js'));
  });

  it('escapes what products carry, in the cards and in the data', async () => {
    const category = 'Escaped </script> "Cards"';
    const title = 'Nozzle </script><script>alert(1)</script> "A&B" <!-- \u2028';
    await productWithPicture(category, title, 10, 1);
    const res = await get(`/category/${encodeURIComponent(category)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    const fromRoot = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(fromRoot).not.toContain('<!--');
    // The script elements are the head's JSON-LD, the data and the start: none ended early, no other one began.
    expect(count(res.body, '<script')).toBe(3);
    expect(count(res.body, '</script>')).toBe(3);
    const data = pageDataOf(res.body)!;
    expect(data.category).toBe(category);
    expect(data.items[0]!.title).toBe(title);
    const root = rootOf(res.body);
    expect(root).toContain('Nozzle &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;A&amp;B&quot; &lt;!--');
    expect(root).toContain('>Escaped &lt;/script&gt; &quot;Cards&quot; <span');
  });

  it('follows the catalog cache: revalidates with its ETag, and shows a product change at once', async () => {
    const category = 'Cached Cards';
    const kept = await productWithPicture(category, 'Kept Hose', 20, 2);
    const removed = await productWithPicture(category, 'Removed Hose', 30, 1);
    const url = `/category/${encodeURIComponent(category)}`;
    const first = await get(url);
    expect(pageDataOf(first.body)!.items.map((item) => item._id)).toEqual([removed.id, kept.id]);
    expect(rootOf(first.body)).toContain('aria-label="Removed Hose"');
    const etag = String(first.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    const edit = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${removed.id}`,
      headers: bearer(adminToken),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(pageDataOf(after.body)).toMatchObject({ total: 1, items: [{ _id: kept.id }] });
    expect(rootOf(after.body)).not.toContain('Removed Hose');
    expect(rootOf(after.body)).toContain('(1 product)');
  });

  it('keeps the skeletons and sends no data for a link with another order', async () => {
    const category = 'Sorted Cards';
    await productWithPicture(category, 'Sorted Pump', 10, 1);
    for (const sort of ['price_asc', 'price_desc']) {
      const res = await get(`/category/${encodeURIComponent(category)}?sort=${sort}`);
      expect(res.statusCode).toBe(200);
      const root = rootOf(res.body);
      expect(root).toContain('data-testid="product-card-skeleton"');
      expect(root).not.toContain('Sorted Pump');
      expect(pageDataOf(res.body)).toBeUndefined();
    }
    // Newest (the default) and an unknown order open on the first page.
    for (const sort of ['newest', 'nonsense']) {
      expect(pageDataOf((await get(`/category/${encodeURIComponent(category)}?sort=${sort}`)).body)?.total).toBe(1);
    }
  });

  it('carries the navbar, the breadcrumbs and its heading with its name escaped, before any script', async () => {
    const category = 'Nozzles & <Hoses> "$&"';
    await createTestProduct(t.db, { title: 'Auto Nozzle', category });
    // With another order than the first page's: the skeleton shell with the name put in.
    const res = await get(`/category/${encodeURIComponent(category)}?sort=price_asc`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    const escaped = 'Nozzles &#38; &#60;Hoses&#62; &#34;$&#38;&#34;';
    expect(root).toContain('id="navbar-search"');
    expect(root).toContain(`>${escaped}</h1>`);
    expect(root).toContain(`aria-current="page" class="min-w-0 break-words font-medium text-slate-900">${escaped}<`);
    expect(root).toContain('data-testid="product-card-skeleton"');
    expect(root).not.toContain('%%');
  });

  it('is not given to a category without active products (404), nor to other pages', async () => {
    const missing = await get('/category/No%20Such%20Category');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    // The renderer the server loads beside the build is not one of the static files.
    expect((await get('/.server/page-shells.js')).statusCode).toBe(404);
    for (const page of ['/cart', '/login', '/admin/dashboard', '/index.html']) {
      const res = await get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain('<div id="root"></div>');
      expect(res.body, page).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
      expect(res.body, page).not.toContain('start-after-paint');
    }
  });
});
