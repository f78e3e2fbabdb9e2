/**
 * GET /api/calendar/outlets/{id}.ics?token=: the outlet's calendar feed for calendar apps, which send no login: the
 * per-outlet secret in the URL is the key (docs/shop-rules.md#assets). A wrong or replaced secret is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { calendarIcs } from './calendar';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/outlets/:id.ics',
    {
      schema: {
        tags: ['business'],
        summary: "An outlet's compliance tasks as an iCalendar feed (the secret token of its feed URL, no login)",
        description:
          'One all-day event per task of each live asset on its next due day, and the PESO licence renewal. The ' +
          'URL comes from POST /api/business/outlets/{id}/calendar; a wrong or replaced token answers 404.',
        params: z.object({ id: idSchema }),
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: z.string().describe('text/calendar (RFC 5545)'), 404: errorSchema },
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=900')
        .header('content-disposition', 'inline; filename="register.ics"')
        .send(await calendarIcs(ctx, request.params.id, request.query.token)),
  );
};

export default routes;
