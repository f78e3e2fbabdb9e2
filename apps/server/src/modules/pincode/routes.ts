/** GET /api/pincode/{code}: postal-code lookup in the public service's shape, offline. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, pincodeParamsSchema, pincodeResponseSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { lookupPincode } from './service';

const ONE_DAY = 'public, max-age=86400';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  app.get(
    '/:code',
    {
      schema: {
        tags: ['pincode'],
        summary: 'Post offices of a 6-digit postal code (the public postal-code service shape)',
        params: pincodeParamsSchema,
        response: { 200: pincodeResponseSchema, 400: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const answer = await lookupPincode(request.params.code);
      reply.header('cache-control', ONE_DAY);
      return answer;
    },
  );
};

export default routes;
