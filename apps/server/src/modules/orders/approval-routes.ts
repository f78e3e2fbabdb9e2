/**
 * /api/business/approvals (docs/shop-rules.md#business-accounts): a business's orders waiting for approval, and
 * their approval or rejection, for the business's approvers and admin. Registered under /api/business by app.ts;
 * here because they move orders (the business module never depends on orders).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema, myOrdersResponseSchema, orderResponseSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { decideOrder, listAwaitingApproval } from './approval';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['business'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const user = app.requireUser;

  app.get(
    '/approvals',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: 'The orders waiting for approval, oldest first (approver, admin)',
        response: { 200: myOrdersResponseSchema, ...errors },
      },
    },
    async (request) => ({ orders: await listAwaitingApproval(ctx, request.user.sub) }),
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/approvals/:id/${action}`,
      {
        onRequest: user,
        schema: {
          ...common,
          summary: `${action === 'approve' ? 'Approve' : 'Reject (cancels)'} an order waiting for approval (approver, admin)`,
          params: idParamsSchema,
          response: { 200: orderResponseSchema, ...errors },
        },
      },
      async (request) => decideOrder(ctx, request.user.sub, request.params.id, decision, request.log),
    );
  }
};

export default routes;
