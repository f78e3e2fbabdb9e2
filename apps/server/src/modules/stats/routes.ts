/**
 * GET /api/products/stats: the admin dashboard's figures. Admin only (docs/shop-rules.md#permissions). While the
 * app runs, a job folds the dashboard's pending deltas into its totals (docs/shop-rules.md#dashboard).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, statsResponseSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { startFolding } from './folding';
import { getStats } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/stats',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        tags: ['stats'],
        summary: 'Revenue, order and product counts, the last 6 months, orders by status, top 5 products',
        security: [{ bearerAuth: [] }],
        response: { 200: statsResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    () => getStats(ctx),
  );

  let folding: ReturnType<typeof startFolding> | undefined;
  app.addHook('onReady', async () => {
    folding = startFolding(ctx, app.log);
  });
  app.addHook('preClose', async () => {
    await folding?.stop();
  });
};

export default routes;
