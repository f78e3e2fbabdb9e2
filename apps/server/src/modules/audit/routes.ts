/**
 * /api/admin/audit (docs/shop-rules.md#audit, #permissions): the admin reads the audit trail, a page at a time
 * (the History sections filter it by entity, the Activity page by person and kind), and the people who appear in
 * it. Admin only (401 without a login, 403 for a buyer). There is no route that changes or deletes a record.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditActorsResponseSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  errorSchema,
  TOTAL_COUNT_HEADER,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { listAudit, listAuditActors } from './list';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['audit'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

  app.get(
    '/audit',
    {
      // The token is checked before the query is parsed, as on every admin call.
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: 'A page of the audit trail, newest first (total also in X-Total-Count)',
        description:
          "Filters: kind, entityType (product, order, settings) with entityId (one thing's history), and actor " +
          "(the person's account id). Records are append-only: no call changes or deletes one.",
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listAudit(ctx, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page;
    },
  );

  app.get(
    '/audit/actors',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: 'The people who appear in the audit trail, most recently active first',
        response: { 200: auditActorsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await listAuditActors(ctx) }),
  );
};

export default routes;
