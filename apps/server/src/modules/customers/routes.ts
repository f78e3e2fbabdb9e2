/** /api/admin/customers (docs/shop-rules.md#customers-page): the orders area (the owner and orders staff) reads it. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerDetailSchema,
  customerFiltersSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerParamsSchema,
  errorSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { sendCsv } from '../../lib/csv-stream';
import {
  CUSTOMER_CSV_COLUMNS,
  customerCsvBatches,
  customerCsvFileName,
  customerDetail,
  listCustomers,
} from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
  const readers = app.requireArea('orders');

  app.get(
    '/customers',
    {
      onRequest: readers,
      schema: {
        tags: ['customers'],
        summary: 'A page of customers: businesses and the people in none, with orders, spent and owed (admin)',
        security,
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listCustomers(ctx.db, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page;
    },
  );

  app.get(
    '/customers/export.csv',
    {
      onRequest: readers,
      schema: {
        tags: ['customers'],
        summary: 'The customers of the filters as a CSV file, in the list order (admin)',
        security,
        querystring: customerFiltersSchema,
        response: { 200: z.unknown().describe('The CSV file (text/csv)'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: customerCsvFileName(new Date()),
        columns: CUSTOMER_CSV_COLUMNS,
        batches: customerCsvBatches(ctx.db, request.query),
      }),
  );

  app.get(
    '/customers/:kind/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['customers'],
        summary: "A customer's figures, people, outlets and 10 latest orders (admin)",
        security,
        params: customerParamsSchema,
        response: { 200: customerDetailSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => customerDetail(ctx.db, request.params.kind, request.params.id),
  );
};

export default routes;
