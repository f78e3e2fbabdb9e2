/**
 * Pages for search engines and chat previews (docs/shop-rules.md#seo), against the real database and the web
 * app's own index.html: the head each product address answers (title, description, canonical, Open Graph,
 * Twitter card and the schema.org Product JSON-LD, validated field by field), escaping of a title that holds
 * quotes and `</script>`, 404 with `noindex` for unknown, malformed and inactive products, the category page's
 * head (with its newest product's card picture preloaded), the sitemap (active products and categories only; paged past the limit) and robots.txt.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_SIZES,
  CRAWLER_DISALLOWED_PATHS,
  SHOP_DESCRIPTION,
  SHOP_TITLE,
  SITEMAP_PAGE_PATHS,
  type ProductImage,
} from '@pumpkart/shared';
import { productImages, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct } from '../../test/factories';
import { loadPageTemplate, seoRoutes } from './index';

const SHOP = 'https://shop.example.in';
const WEB_INDEX = path.resolve(import.meta.dirname, '../../../../web/index.html');

let t: TestApp;
let webDist: string;
let adminToken: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-test-web-'));
  copyFileSync(WEB_INDEX, path.join(webDist, 'index.html'));
  t = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: `${SHOP}/` });
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The five markup characters and numeric references back to text (what a browser reads). */
const decode = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Head {
  titles: string[];
  /** name= or property= -> content, decoded. */
  meta: Map<string, string>;
  canonical?: string;
  jsonLd: unknown[];
}

function readHead(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const [, key, content] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) {
    meta.set(key!, decode(content!));
  }
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decode(match[1]!)),
    meta,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as unknown,
    ),
  };
}

const image = (productId: string, position: number) => ({
  productId,
  publicId: `products/${randomUUID()}`,
  width: 640,
  height: 480,
  renditions: [320, 480, 640, 1024],
  position,
});

describe('a product address', () => {
  it('answers the app shell with the product in its head: title, description, canonical, Open Graph, JSON-LD', async () => {
    const { product } = await createTestProduct(t.db, {
      title: 'Brass Fuel Nozzle',
      brand: 'Tokheim',
      category: 'Fuel Nozzles',
      description: 'Auto shut-off nozzle\nfor petrol and diesel.',
      price: 1850,
      stock: 4,
    });
    const first = image(product.id, 0);
    await t.db.insert(productImages).values([first, image(product.id, 1)]);

    const res = await get(`/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The web app's shell is all there: its root element and its script.
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(res.body).not.toContain('noindex');

    const head = readHead(res.body);
    const url = `${SHOP}/product/${product.id}`;
    const description = '₹1,850/- · In Stock · Auto shut-off nozzle for petrol and diesel.';
    expect(head.titles).toEqual(['Brass Fuel Nozzle | PumpKart']);
    expect(head.canonical).toBe(url);
    expect(Object.fromEntries(head.meta)).toMatchObject({
      description,
      'og:type': 'product',
      'og:site_name': 'PumpKart',
      'og:title': 'Brass Fuel Nozzle',
      'og:description': description,
      'og:url': url,
      'og:image': `${SHOP}/uploads/${first.publicId}/1024.webp`,
      'og:image:width': '1024',
      'og:image:height': '768',
      'product:price:amount': '1850.00',
      'product:price:currency': 'INR',
      'twitter:card': 'summary_large_image',
    });
    // The template's own description is replaced, not repeated.
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);

    expect(head.jsonLd).toHaveLength(1);
    const ld = head.jsonLd[0] as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Brass Fuel Nozzle',
      description: 'Auto shut-off nozzle\nfor petrol and diesel.',
      sku: product.id,
      brand: { '@type': 'Brand', name: 'Tokheim' },
      url,
      offers: {
        '@type': 'Offer',
        price: '1850.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    const images = ld.image as string[];
    expect(images).toHaveLength(2);
    expect(images[0]).toBe(`${SHOP}/uploads/${first.publicId}/1024.webp`);
    for (const address of images) expect(new URL(address).origin).toBe(SHOP);
    const offers = ld.offers as { price: string };
    expect(Number(offers.price)).toBe(1850);
  });

  it('says OutOfStock for a sold-out product, and a plain card without a picture', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Sold Out Gauge', price: 410.4, stock: 0 });
    const head = readHead((await get(`/product/${product.id}`)).body);
    expect(head.meta.get('og:image')).toBeUndefined();
    expect(head.meta.get('twitter:card')).toBe('summary');
    expect(head.meta.get('description')).toMatch(/^₹410.40\/- · Out of Stock · /);
    const ld = head.jsonLd[0] as { offers: { availability: string; price: string }; image?: unknown };
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock', price: '410.40' });
    expect(ld.image).toBeUndefined();
  });

  it('escapes a title with quotes, ampersands and </script> everywhere it appears', async () => {
    const title = `The "Best" Nozzle's </script><script>alert(1)</script> & <!-- co`;
    const { product } = await createTestProduct(t.db, { title, description: 'Ends </script> here', brand: 'A&B' });
    const res = await get(`/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    // The only script elements are the JSON-LD and the app's own.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(res.body).not.toContain('<!-- co');
    const head = readHead(res.body);
    expect(head.titles).toEqual([`${title} | PumpKart`]);
    expect(head.meta.get('og:title')).toBe(title);
    expect(head.meta.get('og:image:alt')).toBeUndefined();
    const ld = head.jsonLd[0] as { name: string; description: string; brand: { name: string } };
    expect(ld).toMatchObject({ name: title, description: 'Ends </script> here', brand: { name: 'A&B' } });
    expect(res.body).toContain('\\u003c/script\\u003e');
  });

  it('answers 404 with the app shell and noindex for an unknown, a malformed and an inactive product', async () => {
    const { product: inactive } = await createTestProduct(t.db, { title: 'Retired Hose', active: false });
    for (const id of [randomUUID(), 'not-a-product', inactive.id]) {
      const res = await get(`/product/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<div id="root"></div>');
      const head = readHead(res.body);
      expect(head.titles).toEqual([SHOP_TITLE]);
      expect(head.meta.get('description')).toBe(SHOP_DESCRIPTION);
      expect(head.canonical).toBeUndefined();
      expect(head.jsonLd).toEqual([]);
    }
  });

  it('follows the catalog cache: an ETag that revalidates, and a product edit seen at once', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Air Gauge', price: 999 });
    const first = await get(`/product/${product.id}`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await get(`/product/${product.id}`, { 'if-none-match': etag })).statusCode).toBe(304);

    // The admin's soft delete makes it inactive.
    const edit = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: bearer(adminToken),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get(`/product/${product.id}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(404);
  });
});

describe('a category address', () => {
  it('answers its title, description, canonical and a CollectionPage of its newest products', async () => {
    const category = 'Safety & "Uniforms"';
    const older = await createTestProduct(t.db, { title: 'Safety Vest', category });
    const newer = await createTestProduct(t.db, { title: 'Safety Helmet', category });
    await createTestProduct(t.db, { title: 'Hidden Gloves', category, active: false });
    await t.db
      .update(products)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(products.id, older.product.id));

    const res = await get(`/category/${encodeURIComponent(category)}?sort=price_asc`);
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    const url = `${SHOP}/category/${encodeURIComponent(category)}`;
    expect(head.titles).toEqual([`${category} | PumpKart`]);
    expect(head.canonical).toBe(url);
    expect(head.meta.get('description')).toContain(`Buy ${category} online at PumpKart`);
    expect(head.meta.get('og:url')).toBe(url);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'CollectionPage',
        name: category,
        url,
        mainEntity: {
          '@type': 'ItemList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, url: `${SHOP}/product/${newer.product.id}`, name: 'Safety Helmet' },
            { '@type': 'ListItem', position: 2, url: `${SHOP}/product/${older.product.id}`, name: 'Safety Vest' },
          ],
        },
      }),
    ]);
  });

  it("preloads its newest product's card picture as the card asks for it, and nothing without a picture", async () => {
    const category = 'Preload Pumps';
    const { product: older } = await createTestProduct(t.db, { title: 'Older Pump', category });
    await t.db.insert(productImages).values(image(older.id, 0));
    await t.db
      .update(products)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(products.id, older.id));
    const { product: newer } = await createTestProduct(t.db, { title: 'Newer Pump', category });
    await t.db.insert(productImages).values([image(newer.id, 0), image(newer.id, 1)]);

    // The picture the storefront's card shows: the API's first image, its url and its renditions.
    const card = (await get(`/api/products/${newer.id}`)).json<{ images: ProductImage[] }>().images[0]!;
    const srcset = card.sizes!.map((size) => `${size.url} ${size.width}w`).join(', ');
    const html = (await get(`/category/${encodeURIComponent(category)}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="preload" as="image" ([^>]*)\/>/g)].map((match) => match[1]!);
    const ours = preloads.filter((attributes) => attributes.includes('imagesrcset'));
    expect(ours).toEqual([
      `href="${card.url}" imagesrcset="${srcset}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high" `,
    ]);

    const bare = 'Pictureless Pumps';
    await createTestProduct(t.db, { title: 'Bare Pump', category: bare });
    const bareHead = (await get(`/category/${encodeURIComponent(bare)}`)).body;
    expect(bareHead.slice(0, bareHead.indexOf('</head>'))).not.toContain('imagesrcset');
  });

  it('answers 404 with noindex for a category without active products', async () => {
    await createTestProduct(t.db, { title: 'Ghost Pump', category: 'Only Inactive', active: false });
    for (const name of ['Only Inactive', 'No Such Category']) {
      const res = await get(`/category/${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

/** Every <loc> of an XML file. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decode(match[1]!));

describe('an address the app has no page for', () => {
  it('answers 404 with the app (its "Page not found") and noindex, and 200 for every page of the route table', async () => {
    for (const url of ['/no-such-page', '/about/more', '/category', '/product', '/cart/x/y', '/profile%20x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<div id="root">');
    }
    const { product } = await createTestProduct(t.db, { title: 'Known Hose' });
    for (const url of [
      '/login',
      '/CART',
      '/cart/',
      '/order',
      `/order/${randomUUID()}`,
      '/home',
      '/admin',
      '/admin/anything',
      '/reset-password?token=x',
      `/product/${product.id}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
  });
});

describe('the sitemap', () => {
  it('lists the public pages, every category and every active product, nothing inactive', async () => {
    const { product: active } = await createTestProduct(t.db, { title: 'Listed Pump', category: 'Pumps & Motors' });
    const { product: inactive } = await createTestProduct(t.db, { title: 'Unlisted', category: 'Gone', active: false });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const listed = locs(res.body);
    for (const page of SITEMAP_PAGE_PATHS) expect(listed).toContain(`${SHOP}${page}`);
    expect(listed).toContain(`${SHOP}/category/Pumps%20%26%20Motors`);
    expect(listed).toContain(`${SHOP}/product/${active.id}`);
    expect(listed).not.toContain(`${SHOP}/product/${inactive.id}`);
    expect(listed).not.toContain(`${SHOP}/category/Gone`);
    expect(new Set(listed).size).toBe(listed.length);
    expect(res.body).toMatch(
      new RegExp(`/product/${active.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z</lastmod>`),
    );
  });

  it('past the page size: an index of the pages file and product files, each within the size, together all', async () => {
    const pageSize = 2;
    const app = Fastify({ logger: false });
    await app.register(seoRoutes, {
      ctx: t.app.ctx,
      template: (await loadPageTemplate(webDist))!,
      sitemapPageSize: pageSize,
    });
    try {
      const index = await app.inject('/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locs(index.body);
      expect(files[0]).toBe(`${SHOP}/sitemap-pages.xml`);

      const { sitemap: all } = await sitemapOfTheApp();
      const activeProducts = all.filter((loc) => loc.includes('/product/'));
      expect(files.slice(1)).toEqual(
        Array.from(
          { length: Math.ceil(activeProducts.length / pageSize) },
          (_, n) => `${SHOP}/sitemap-products-${n + 1}.xml`,
        ),
      );

      const pages = locs((await app.inject('/sitemap-pages.xml')).body);
      expect(pages).toEqual(all.filter((loc) => !loc.includes('/product/')));
      const listedProducts: string[] = [];
      for (const file of files.slice(1)) {
        const res = await app.inject(new URL(file).pathname);
        expect(res.statusCode).toBe(200);
        const listed = locs(res.body);
        expect(listed.length).toBeGreaterThan(0);
        expect(listed.length).toBeLessThanOrEqual(pageSize);
        listedProducts.push(...listed);
      }
      expect(listedProducts).toEqual([...activeProducts].sort());
      for (const missing of [
        `/sitemap-products-${files.length}.xml`,
        '/sitemap-products-0.xml',
        '/sitemap-products-x.xml',
      ]) {
        expect((await app.inject(missing)).statusCode, missing).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});

/** The whole sitemap of the test app (one file: its catalog is far below 50,000). */
async function sitemapOfTheApp() {
  return { sitemap: locs((await get('/sitemap.xml')).body) };
}

describe('robots.txt', () => {
  it('keeps crawlers out of the back office and the buyer pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/cart', '/payment', '/order', '/profile', '/favorites', '/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((line) => line.startsWith('Disallow: '))).toHaveLength(CRAWLER_DISALLOWED_PATHS.length);
    expect(lines).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
    // The catalog API stays open: a crawler that runs the app needs it to draw the page.
    expect(res.body).not.toContain('/api');
  });
});

describe('without the web app', () => {
  it('adds none of these routes (an API-only server answers its JSON 404)', async () => {
    const apiOnly = await createTestApp();
    try {
      for (const url of ['/robots.txt', '/sitemap.xml', `/product/${randomUUID()}`]) {
        const res = await apiOnly.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      }
    } finally {
      await apiOnly.close();
    }
  });
});
