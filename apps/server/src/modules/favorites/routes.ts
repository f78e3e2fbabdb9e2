/** /api/favorites: the caller's favorite product ids. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, favoritesResponseSchema, productIdParamsSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { listFavoriteIds, toggleFavorite } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: "The caller's favorite product ids, newest first",
        security,
        response: { 200: favoritesResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({ ids: await listFavoriteIds(ctx, request.user.sub) }),
  );

  app.post(
    '/:productId/toggle',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Add or remove a favorite',
        security,
        params: productIdParamsSchema,
        response: { 200: favoritesResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ ids: await toggleFavorite(ctx, request.user.sub, request.params.productId) }),
  );
};

export default routes;
