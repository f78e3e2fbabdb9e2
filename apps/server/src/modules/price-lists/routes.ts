/**
 * /api/admin/price-lists (docs/shop-rules.md#business-prices), the owner's only: the lists, one list with its
 * rules and businesses, save (POST, PUT), delete, assign to businesses, and the businesses to pick from.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignPriceListBodySchema,
  errorSchema,
  idParamsSchema,
  messageSchema,
  PRICE_LIST_MESSAGES,
  priceListBodySchema,
  priceListBusinessesSchema,
  priceListDtoSchema,
  priceListSummariesSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import {
  assignPriceList,
  businessesForPicker,
  priceListDetail,
  priceListSummaries,
  removePriceList,
  savePriceList,
} from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['price-lists'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
  const owner = app.requireArea('owner');

  app.get(
    '/price-lists',
    {
      onRequest: owner,
      schema: { ...common, summary: 'The price lists (owner)', response: { 200: priceListSummariesSchema, ...errors } },
    },
    () => priceListSummaries(ctx),
  );

  app.get(
    '/price-lists/businesses',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Every business by legal name with its price list: what a list is assigned to (owner)',
        response: { 200: priceListBusinessesSchema, ...errors },
      },
    },
    () => businessesForPicker(ctx),
  );

  app.get(
    '/price-lists/:id',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'One price list with its rules and businesses (owner)',
        params: idParamsSchema,
        response: { 200: priceListDtoSchema, ...errors },
      },
    },
    (request) => priceListDetail(ctx, request.params.id),
  );

  app.post(
    '/price-lists',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Create a price list with its rules (owner)',
        body: priceListBodySchema,
        response: { 201: priceListDtoSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await savePriceList(ctx, { id: request.user.sub }, null, request.body)),
  );

  app.put(
    '/price-lists/:id',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: "Replace a price list's name, notes and rules (owner)",
        params: idParamsSchema,
        body: priceListBodySchema,
        response: { 200: priceListDtoSchema, ...errors },
      },
    },
    (request) => savePriceList(ctx, { id: request.user.sub }, request.params.id, request.body),
  );

  app.put(
    '/price-lists/:id/businesses',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Assign the list to exactly these businesses (others lose it) (owner)',
        params: idParamsSchema,
        body: assignPriceListBodySchema,
        response: { 200: priceListDtoSchema, ...errors },
      },
    },
    (request) => assignPriceList(ctx, { id: request.user.sub }, request.params.id, request.body.businessIds),
  );

  app.delete(
    '/price-lists/:id',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Delete a price list; its businesses buy at list prices (owner)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await removePriceList(ctx, { id: request.user.sub }, request.params.id);
      return { message: PRICE_LIST_MESSAGES.deleted };
    },
  );
};

export default routes;
