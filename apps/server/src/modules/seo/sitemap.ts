/**
 * The sitemap (docs/shop-rules.md#seo, https://www.sitemaps.org/protocol.html): every public page, category and
 * active product. While they fit in one file (SITEMAP_PAGE_SIZE addresses, the protocol's limit) /sitemap.xml
 * lists them all; past that it is a sitemap index naming /sitemap-pages.xml (the pages and categories) and
 * /sitemap-products-<n>.xml, each at most SITEMAP_PAGE_SIZE products in id order. A file is written as it is
 * read, a batch of products at a time by keyset (lib/keyset-batches.ts), so the server never holds more than one
 * batch of a 50,000-address file.
 */
import { SITEMAP_PAGE_PATHS } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { keysetBatches } from '../../lib/keyset-batches';
import { escapeMarkup } from '../../lib/markup';
import { categoryUrl, productUrl } from './page-heads';
import { activeCategories, activeProductsStart, activeProductsAfter, countActiveProducts } from './store';

/** The protocol's most addresses per file. */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Products read per query while a file is written. */
const SITEMAP_BATCH = 1_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = '</urlset>\n';

const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

export const productsSitemapPath = (page: number) => `/sitemap-products-${page}.xml`;
export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml';

interface SitemapSource {
  db: DbOrTx;
  shopUrl: string;
  pageSize: number;
}

/** The public pages and the categories. */
function pageEntries(shopUrl: string, categories: string[]): string {
  return [
    ...SITEMAP_PAGE_PATHS.map((pagePath) => urlEntry(`${shopUrl}${pagePath}`)),
    ...categories.map((category) => urlEntry(categoryUrl(shopUrl, category))),
  ].join('');
}

/** At most `pageSize` products after `after` (from the first when undefined), a batch at a time. */
async function* productEntries({ db, shopUrl, pageSize }: SitemapSource, after: string | undefined) {
  let left = pageSize;
  const batches = keysetBatches(
    (from: string | undefined, size) => activeProductsAfter(db, from ?? after, Math.min(size, left)),
    (row) => row.id,
    SITEMAP_BATCH,
  );
  for await (const rows of batches) {
    left -= rows.length;
    yield rows.map((row) => urlEntry(productUrl(shopUrl, row.id), row.updatedAt)).join('');
    if (left <= 0) return;
  }
}

/**
 * /sitemap.xml: every address in one urlset while they fit in one file, else the sitemap index of the files that
 * hold them.
 */
export async function* sitemapRoot(source: SitemapSource): AsyncGenerator<string> {
  const [productCount, categories] = await Promise.all([countActiveProducts(source.db), activeCategories(source.db)]);
  const addresses = SITEMAP_PAGE_PATHS.length + categories.length + productCount;
  if (addresses <= source.pageSize) {
    yield URLSET_OPEN + pageEntries(source.shopUrl, categories);
    yield* productEntries({ ...source, pageSize: productCount }, undefined);
    yield URLSET_CLOSE;
    return;
  }
  const files = [PAGES_SITEMAP_PATH];
  for (let page = 1; page <= Math.ceil(productCount / source.pageSize); page += 1)
    files.push(productsSitemapPath(page));
  yield `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  for (const file of files) yield `<sitemap><loc>${escapeMarkup(`${source.shopUrl}${file}`)}</loc></sitemap>\n`;
  yield '</sitemapindex>\n';
}

/** /sitemap-pages.xml: the public pages and the categories. */
export async function* pagesSitemap(source: SitemapSource): AsyncGenerator<string> {
  yield URLSET_OPEN + pageEntries(source.shopUrl, await activeCategories(source.db)) + URLSET_CLOSE;
}

/**
 * /sitemap-products-<page>.xml (from 1): its products, or undefined when there is no such page (the first one
 * always exists, empty in an empty shop). Finding where a later page starts skips the pages before it along the
 * primary key; the page itself is read by keyset.
 */
export async function productsSitemap(
  source: SitemapSource,
  page: number,
): Promise<AsyncGenerator<string> | undefined> {
  const after = await activeProductsStart(source.db, (page - 1) * source.pageSize);
  if (after === null) return undefined;
  return (async function* () {
    yield URLSET_OPEN;
    yield* productEntries(source, after);
    yield URLSET_CLOSE;
  })();
}
