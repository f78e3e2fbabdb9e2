/** GET /api/products/stats: the admin dashboard's figures. Admin only (docs/shop-rules.md#permissions). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, statsResponseSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { getStats } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/stats',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stats'],
        summary: 'Revenue, order and product counts, the last 6 months, orders by status, top 5 products',
        security: [{ bearerAuth: [] }],
        response: { 200: statsResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    () => getStats(ctx),
  );
};

export default routes;
