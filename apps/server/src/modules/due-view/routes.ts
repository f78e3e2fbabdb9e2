/**
 * /api/admin/due-tasks (docs/shop-rules.md#due-view): the service pipeline, tasks due across customers' outlets in
 * the next 30, 60 or 90 days, and its CSV. The orders area reads it (the owner and orders staff), as the customers.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dueViewQuerySchema, dueViewSchema, dueWindowQuerySchema, errorSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { sendCsv } from '../../lib/csv-stream';
import { DUE_CSV_COLUMNS, dueCsvBatches, dueCsvFileName } from './csv';
import { dueView, dueWindow } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
  const readers = app.requireArea('orders');

  app.get(
    '/due-tasks',
    {
      onRequest: readers,
      schema: {
        tags: ['due-view'],
        summary:
          "Tasks due at customers' outlets in the next 30, 60 or 90 days: totals, by task, by city, a page (admin)",
        description:
          'Overdue tasks are counted as a bucket of their own. The items are sorted by due day; pages reach the first ' +
          '10000 items.',
        security,
        querystring: dueViewQuerySchema,
        response: { 200: dueViewSchema, ...errors },
      },
    },
    async (request) => dueView(ctx.db, request.query),
  );

  app.get(
    '/due-tasks.csv',
    {
      onRequest: readers,
      schema: {
        tags: ['due-view'],
        summary: 'Every task due in the window, overdue too, as a CSV file with whom to call (admin)',
        security,
        querystring: dueWindowQuerySchema,
        response: { 200: z.unknown().describe('The CSV file (text/csv)'), ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { today, to } = dueWindow(request.query.days, now);
      return sendCsv(reply, {
        fileName: dueCsvFileName(request.query.days, now),
        columns: DUE_CSV_COLUMNS,
        batches: dueCsvBatches(ctx.db, today, to),
      });
    },
  );
};

export default routes;
