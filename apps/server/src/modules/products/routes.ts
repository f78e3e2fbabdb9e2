/**
 * /api/products (docs/shop-rules.md#catalog, #permissions): the public catalog reads (cached, with
 * ETags) and the admin's writes. Routes parse and authorise; service.ts decides.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductListQuerySchema,
  CORRECTED_SEARCH_HEADER,
  errorSchema,
  homeViewResponseSchema,
  idParamsSchema,
  lowStockQuerySchema,
  lowStockResponseSchema,
  productDeletedResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSavedSchema,
  productSchema,
  removeImageBodySchema,
  stringListSchema,
  suggestionsResponseSchema,
  suggestQuerySchema,
  toggleActiveBodySchema,
  TOTAL_COUNT_HEADER,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { documentedBody } from '../../plugins/docs';
import { loadPriceListRules, repriceCatalogPayload, requestPriceListId } from '../price-lists';
import { sendCatalogRead, type BuyerPricing } from './cached-reply';
import csvRoutes from './csv-routes';
import { parseOrThrow, parseProductForm, productFormBodyDoc, readProductForm } from './form';
import { assertHsnDigits } from './hsn-digits';
import { assertKindFields } from './kind-check';
import { destroyProduct, setProductActive, softDeleteProduct } from './activation';
import { createProduct, removeProductImage, updateProduct } from './edits';
import {
  getProduct,
  homeView,
  listAllProducts,
  listBrands,
  listCategories,
  listLowStock,
  listProducts,
  suggest,
} from './service';

// Admin routes check the token in onRequest, before the body or the id is parsed: a stranger gets
// 401/403 without learning anything about the input, and an upload is never read for them.
const admin = { tags: ['products'], security: [{ bearerAuth: [] }] };
const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const FORM_DESCRIPTION =
  'The admin product form as multipart/form-data (see the request body): text fields, ' +
  "variants[i][size|price|stock|_id] and image files in 'images'.";

const DRAFT_DESCRIPTION =
  "A form asking for an active product without a price above 0 (every size's), a category other than " +
  "'Uncategorized' or a picture is saved inactive, as a draft, and the answer's `notice` says what it lacks " +
  '(docs/shop-rules.md#on-sale).';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // The CSV export and import (their own scope: the import's text/csv body parser is theirs alone).
  await app.register(csvRoutes, { ctx });

  // The listing and the product page at the logged-in buyer's prices (docs/shop-rules.md#business-prices).
  const pricing: BuyerPricing = {
    listIdOf: (request) => requestPriceListId(ctx.db, request),
    reprice: async (listId, payload) => repriceCatalogPayload(payload, await loadPriceListRules(ctx.db, listId)),
  };

  app.get(
    '/',
    {
      schema: {
        tags: ['products'],
        summary: 'Active products: one page (X-Total-Count header), or the home view with view=home',
        querystring: productListQuerySchema,
        response: { 200: z.union([productListResponseSchema, homeViewResponseSchema]), 400: errorSchema },
      },
    },
    (request, reply) => {
      const query = request.query;
      return sendCatalogRead(
        ctx.catalogCache,
        request,
        reply,
        `products:${JSON.stringify(query)}`,
        async () => {
          if (query.view === 'home') return { payload: await homeView(ctx, query) };
          const page = await listProducts(ctx, query);
          const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(page.total) };
          if (page.correctedSearch) headers[CORRECTED_SEARCH_HEADER] = encodeURIComponent(page.correctedSearch);
          return { payload: page.products, headers };
        },
        pricing,
      );
    },
  );

  app.get(
    '/suggest',
    {
      schema: {
        tags: ['products'],
        summary: 'What the search box suggests while typing: up to 8 products and the matching categories',
        description:
          'docs/shop-rules.md#search: q (2 to 100 characters), and category on a category page (its products only). ' +
          'Products as a search by relevance would list them ' +
          '(for the corrected words when the typed ones find none, named in correctedSearch).',
        querystring: suggestQuerySchema,
        response: { 200: suggestionsResponseSchema, 400: errorSchema },
      },
    },
    (request, reply) => {
      const { q: term, category } = request.query;
      const key = `suggest:${JSON.stringify([term.toLowerCase(), category ?? null])}`;
      return sendCatalogRead(ctx.catalogCache, request, reply, key, async () => ({
        payload: await suggest(ctx, term, category),
      }));
    },
  );

  app.get(
    '/categories/list',
    { schema: { tags: ['products'], summary: 'Categories of active products', response: { 200: stringListSchema } } },
    (request, reply) =>
      sendCatalogRead(ctx.catalogCache, request, reply, 'categories', async () => ({
        payload: await listCategories(ctx),
      })),
  );

  app.get(
    '/brands/list',
    { schema: { tags: ['products'], summary: 'Brands of active products', response: { 200: stringListSchema } } },
    (request, reply) =>
      sendCatalogRead(ctx.catalogCache, request, reply, 'brands', async () => ({ payload: await listBrands(ctx) })),
  );

  app.get(
    '/admin/all',
    {
      onRequest: app.requireArea('catalog'),
      schema: {
        ...admin,
        summary: 'One page of every product, inactive included: filters and sorts (X-Total-Count header)',
        description:
          'docs/shop-rules.md#admin: search (title, description, brand, category), category, brand, ' +
          "active ('true'|'false'), stock ('in'|'low'|'out'), sort (newest by default, title, price_asc, " +
          'price_desc, stock_asc, stock_desc), page (from 1), limit (1..100, default 20).',
        querystring: adminProductListQuerySchema,
        response: { 200: productListResponseSchema, ...adminErrors },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request, reply) => {
      const page = await listAllProducts(ctx, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.products;
    },
  );

  app.get(
    '/admin/low-stock',
    {
      onRequest: app.requireArea('catalog'),
      schema: {
        ...admin,
        summary: 'Products and sizes at or below their low-stock threshold, worst first (the dashboard card)',
        querystring: lowStockQuerySchema,
        response: { 200: lowStockResponseSchema, ...adminErrors },
      },
    },
    (request) => listLowStock(ctx, request.query.limit),
  );

  app.get(
    '/admin/:id',
    {
      onRequest: app.requireArea('catalog'),
      schema: {
        ...admin,
        summary: 'One product, inactive too, with its current version (the edit form reloads it after a 409)',
        params: idParamsSchema,
        response: { 200: productSchema, ...adminErrors },
      },
    },
    (request) => getProduct(ctx, request.params.id, { includeInactive: true }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One active product',
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    // A catalog read like the lists (docs/shop-rules.md#catalog-cache): every product view and every checkout reads it.
    (request, reply) =>
      sendCatalogRead(
        ctx.catalogCache,
        request,
        reply,
        `product:${request.params.id}`,
        async () => ({ payload: await getProduct(ctx, request.params.id) }),
        pricing,
      ),
  );

  app.post(
    '/',
    {
      onRequest: app.requireArea('catalog'),
      // The form is documented, not validated by Fastify: the handler reads and validates it (form.ts).
      config: { swaggerTransform: documentedBody({ 'multipart/form-data': productFormBodyDoc }) },
      schema: {
        ...admin,
        summary: 'Create a product',
        description: `${FORM_DESCRIPTION} ${DRAFT_DESCRIPTION}`,
        consumes: ['multipart/form-data'],
        response: { 201: productSavedSchema, ...adminErrors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readProductForm(request);
      const form = parseProductForm(fields);
      await assertHsnDigits(ctx, form.hsnCode);
      await assertKindFields(ctx.db, form);
      const product = await createProduct(ctx, form, files, { id: request.user.sub });
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireArea('catalog'),
      config: {
        swaggerTransform: documentedBody({
          'multipart/form-data': productFormBodyDoc,
          'application/json': toggleActiveBodySchema,
        }),
      },
      schema: {
        ...admin,
        summary: 'Edit a product (multipart form, new images appended) or toggle it (JSON { active })',
        description:
          `${FORM_DESCRIPTION} ${DRAFT_DESCRIPTION} Or application/json { active: boolean } to toggle the active ` +
          "flag only (409 to switch on a product without those). 409 when the form's version is no longer " +
          'current, or when it drops a variant that an open (pending, processing or shipped) order holds; nothing ' +
          'is written then.',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        response: { 200: productSavedSchema, ...adminErrors, 409: errorSchema, 413: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.isMultipart()) {
        const { fields, files } = await readProductForm(request);
        const form = parseProductForm(fields);
        await assertHsnDigits(ctx, form.hsnCode);
        await assertKindFields(ctx.db, form, id);
        return updateProduct(ctx, id, form, files, { id: request.user.sub });
      }
      if (!/json/i.test(request.headers['content-type'] ?? '')) {
        throw new BadRequestError('This call expects a multipart/form-data body, or JSON { active } to toggle.');
      }
      const { active } = parseOrThrow(toggleActiveBodySchema, request.body);
      return setProductActive(ctx, id, active, { id: request.user.sub });
    },
  );

  app.post(
    '/remove-image',
    {
      onRequest: app.requireArea('catalog'),
      schema: {
        ...admin,
        summary:
          'Remove one image from a product (its files too); answers the updated product (a draft once its last picture is gone)',
        body: removeImageBodySchema,
        response: { 200: productSchema, ...adminErrors },
      },
    },
    (request) => removeProductImage(ctx, request.body.productId, request.body.public_id, { id: request.user.sub }),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireArea('catalog'),
      schema: {
        ...admin,
        summary: 'Soft delete: the product becomes inactive',
        params: idParamsSchema,
        response: { 200: productDeletedResponseSchema, ...adminErrors },
      },
    },
    (request) => softDeleteProduct(ctx, request.params.id, { id: request.user.sub }),
  );

  app.delete(
    '/:id/destroy',
    {
      onRequest: app.requireArea('catalog'),
      schema: {
        ...admin,
        summary: 'Permanent delete: the product, its variants and images (order lines keep their copies)',
        description:
          '409 while an open (pending, processing or shipped) order holds the product: deactivate it instead.',
        params: idParamsSchema,
        response: { 200: productDeletedResponseSchema, ...adminErrors, 409: errorSchema },
      },
    },
    (request) => destroyProduct(ctx, request.params.id, { id: request.user.sub }),
  );
};

export default routes;
