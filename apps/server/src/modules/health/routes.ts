/**
 * GET /api/health: the process is up and the database answers (docs/architecture.md): a
 * readiness check. GET /api/health/live: the process answers at all, without touching the database:
 * a liveness check (a supervisor restarts the process when it fails, not when the database is
 * away), and the cheapest route the server has (the benchmarks' baseline).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

const liveSchema = z.object({ status: z.literal('ok') });

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (no database work)',
        response: { 200: liveSchema },
      },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: errorSchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await ctx.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ message: 'Database unreachable' });
      }
      return { status: 'ok' as const, database: ctx.database.kind, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};

export default routes;
