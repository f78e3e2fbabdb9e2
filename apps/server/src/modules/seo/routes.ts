/**
 * The pages search engines and chat previews read (docs/shop-rules.md#seo), registered only when the server
 * serves the web app: /product/<id> and /category/<name> answered with the web app's index.html carrying the
 * page's own head (page-heads.ts), through the catalog cache with an ETag as the catalog's reads are
 * (docs/shop-rules.md#catalog-cache); an unknown or inactive product, and a category without active products, 404
 * with the same app shell (the web app then shows its not-found state) and `noindex`. The home page and a category
 * page carry their page shell in the app's root when the web build wrote them (page-template.ts); a category page
 * that opens on its first page (no other `?sort=`) carries that page's cards, rendered by the app's own components,
 * and the page as data for the app's first render, cached as the page is (docs/decisions/0016-storefront-weight.md);
 * a product page carries its first screen as a phone shows it (its main picture in the HTML) and the product;
 * the home page at an address with a search, filters or an order carries the shell of that state.
 * Then /sitemap.xml
 * and its files (sitemap.ts) and /robots.txt. Every other page keeps the plain index.html (plugins/static-files.ts).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CRAWLER_DISALLOWED_PATHS, idSchema, productListQuerySchema } from '@pumpkart/shared';
import { shopUrlOf } from '../../config';
import type { ModuleOptions } from '../../context';
import { etagMatches, getProduct, listProducts } from '../products';
import { categoryHead, notFoundHead, productHead } from './page-heads';
import type { CategoryPageData, PageTemplate, ProductPageData } from './page-template';
import { findCategoryProducts, findPageProduct } from './store';
import { pagesSitemap, productsSitemap, SITEMAP_PAGE_SIZE, sitemapRoot } from './sitemap';

export interface SeoOptions extends ModuleOptions {
  template: PageTemplate;
  /** Addresses per sitemap file: the protocol's 50,000 (tests make it small to see the paging). */
  sitemapPageSize?: number;
}

/** How many of a category's newest products its page's JSON-LD lists (the page's first screenful). */
export const CATEGORY_LIST_LENGTH = 24;

interface RenderedPage {
  status: 200 | 404;
  html: string;
}

const XML = 'application/xml; charset=utf-8';
/** Crawlers read these a few times a day; an hour late is soon enough. */
const CRAWLER_FILE_CACHE = 'public, max-age=3600';
const hidden = { schema: { hide: true } };

const routes: FastifyPluginAsync<SeoOptions> = async (app, { ctx, template, sitemapPageSize = SITEMAP_PAGE_SIZE }) => {
  const shopUrl = shopUrlOf(ctx.config);
  const notFound: RenderedPage = { status: 404, html: template.render(notFoundHead(template.defaultHead)) };
  const sitemapSource = { db: ctx.db, shopUrl, pageSize: sitemapPageSize };

  /**
   * A page through the catalog cache: the rendered HTML and its status are what is kept, so a hit costs no read;
   * the ETag covers the whole page, template included, so a new build of the web app never meets an old 304.
   */
  const sendNotFound = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').header('x-robots-tag', 'noindex').send(notFound.html);

  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<RenderedPage>,
  ) {
    const entry = await ctx.catalogCache.getOrLoad(key, async () => ({ payload: await load() }));
    const page = JSON.parse(entry.body.toString()) as RenderedPage;
    reply.type('text/html; charset=utf-8').headers({ etag: entry.etag, 'cache-control': 'no-cache' });
    if (page.status === 404) sendNotFound(reply);
    else if (etagMatches(request.headers['if-none-match'], entry.etag)) reply.code(304).send();
    else reply.send(page.html);
    // As in products/cached-reply.ts: resolve only once the answer (maybe compressed as a stream) is out.
    await reply;
  }

  app.get<{ Params: { productId: string } }>('/product/:productId', hidden, (request, reply) => {
    const id = request.params.productId;
    if (!idSchema.safeParse(id).success) return sendNotFound(reply);
    return sendPage(request, reply, `page:product:${id}`, async () => {
      const product = await findPageProduct(ctx.db, id);
      if (!product) return notFound;
      const head = productHead(product, shopUrl, ctx.storage);
      const renderProductPage = template.renderer?.renderProductPage;
      if (renderProductPage) {
        try {
          // As the app will read it: the JSON of the API's answer.
          const data = JSON.parse(JSON.stringify({ product: await getProduct(ctx, id) })) as ProductPageData;
          return { status: 200, html: template.render(head, await renderProductPage(data), data) };
        } catch (error) {
          // The plain page still works: the app then loads the product itself.
          request.log.error({ err: error, productId: id }, 'rendering the product page failed');
        }
      }
      return { status: 200, html: template.render(head) };
    });
  });

  /** The category's first page as the app asks for it (GET /api/products) and the app's shell with its cards. */
  async function categoryPageWithCards(category: string): Promise<{ shell: string; data: CategoryPageData }> {
    const renderer = template.renderer!;
    const query = productListQuerySchema.parse(renderer.categoryFirstPageQuery(category));
    const page = await listProducts(ctx, query);
    // As the app will read it: the JSON of the API's answer.
    const data = JSON.parse(JSON.stringify({ category, items: page.products, total: page.total })) as CategoryPageData;
    return { shell: await renderer.renderCategoryPage(data), data };
  }

  app.get<{ Params: { categoryName: string }; Querystring: { sort?: unknown } }>(
    '/category/:categoryName',
    hidden,
    (request, reply) => {
      const category = request.params.categoryName;
      const { sort } = request.query;
      // A link with another order keeps the skeletons: the page is cached per category, not per order.
      const withCards = template.renderer?.opensOnFirstPage(typeof sort === 'string' ? sort : undefined) === true;
      const key = withCards ? `page:category:${category}` : `page:category-skeletons:${category}`;
      return sendPage(request, reply, key, async () => {
        const products = await findCategoryProducts(ctx.db, category, CATEGORY_LIST_LENGTH);
        if (!products.length) return notFound;
        const head = categoryHead(category, products, shopUrl, ctx.storage);
        if (withCards) {
          try {
            const { shell, data } = await categoryPageWithCards(category);
            return { status: 200, html: template.render(head, shell, data) };
          } catch (error) {
            // The skeleton shell is still the right first screen; the app then loads the list itself.
            request.log.error({ err: error, category }, 'rendering the category page with its cards failed');
          }
        }
        return { status: 200, html: template.render(head, template.categoryShell?.(category)) };
      });
    },
  );

  // The home page with its shell: the same for everyone (a signed-in buyer's navbar follows with the app), so
  // written once; without shells the static files answer it with the plain index.html. An address holding a search,
  // filters or an order (the app keeps them there) gets the shell of that state, rendered by the app's own
  // components and cached per canonical state, so that the first paint says what the app will; without the
  // renderer, the plain page.
  const homeShell = template.homeShell;
  if (homeShell) {
    const home = template.render(template.defaultHead, homeShell);
    const homeEtag = `"${createHash('sha1').update(home).digest('base64url')}"`;
    const renderer = template.renderer;
    app.get('/', hidden, (request, reply) => {
      const query = request.url.split('?')[1] ?? '';
      const listing = query ? (renderer?.homeListingQuery?.(query) ?? query) : '';
      if (listing) {
        return sendPage(request, reply, `page:home:${listing}`, async () => {
          const shell = renderer?.renderHomePage ? await renderer.renderHomePage(listing) : undefined;
          return { status: 200, html: template.render(template.defaultHead, shell) };
        });
      }
      reply.type('text/html; charset=utf-8').headers({ etag: homeEtag, 'cache-control': 'no-cache' });
      return etagMatches(request.headers['if-none-match'], homeEtag) ? reply.code(304).send() : reply.send(home);
    });
  }

  /** An XML file written as it is read; a failure before its first part is the usual error answer. */
  async function sendXml(reply: FastifyReply, parts: AsyncGenerator<string>) {
    const first = await parts.next();
    async function* rest() {
      if (!first.done) yield first.value;
      yield* parts;
    }
    return reply.type(XML).header('cache-control', CRAWLER_FILE_CACHE).send(Readable.from(rest()));
  }

  app.get('/sitemap.xml', hidden, (_request, reply) => sendXml(reply, sitemapRoot(sitemapSource)));
  app.get('/sitemap-pages.xml', hidden, (_request, reply) => sendXml(reply, pagesSitemap(sitemapSource)));
  app.get<{ Params: { page: string } }>('/sitemap-products-:page.xml', hidden, async (request, reply) => {
    const page = /^[1-9][0-9]{0,5}$/.test(request.params.page) ? Number(request.params.page) : 0;
    const parts = page ? await productsSitemap(sitemapSource, page) : undefined;
    if (!parts) return reply.code(404).send({ message: `No sitemap ${request.url}` });
    return sendXml(reply, parts);
  });

  const robots = [
    'User-agent: *',
    ...CRAWLER_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${shopUrl}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', hidden, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_FILE_CACHE).send(robots),
  );
};

export default routes;
