/**
 * The page shells in the pages the server answers (docs/decisions/0016-storefront-weight.md), with the web app as
 * `vite build` writes it (apps/web/vite.config.ts renders the shells from the app's own components): the home page
 * and a category page carry the app's first screen in `<div id="root">` before any script, and start the app's
 * scripts only after the paint (public/start-after-paint.js); the category's name escaped into its shell; every
 * other page keeps the plain index.html, with an empty root and its scripts as the build wrote them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestProduct } from '../../test/factories';

const WEB_ROOT = path.resolve(import.meta.dirname, '../../../../web');

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-test-web-'));
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: webDist, emptyOutDir: true, sourcemap: false },
  });
  t = await createTestApp({ WEB_DIST: webDist });
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

describe('a category page', () => {
  it('carries the navbar, the breadcrumbs and its heading with its name escaped, before any script', async () => {
    const category = 'Nozzles & <Hoses> "$&"';
    await createTestProduct(t.db, { title: 'Auto Nozzle', category });
    const res = await get(`/category/${encodeURIComponent(category)}`);
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
    for (const page of ['/cart', '/login', '/admin/dashboard', '/index.html']) {
      const res = await get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain('<div id="root"></div>');
      expect(res.body, page).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
      expect(res.body, page).not.toContain('start-after-paint');
    }
  });
});
