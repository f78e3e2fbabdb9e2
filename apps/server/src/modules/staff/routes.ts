/**
 * /api/admin/staff (docs/shop-rules.md#staff), the owner's only: the staff list, invites (POST, again for an unused
 * invite: a new link), role changes and removals. The token is checked before the body is read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeStaffRoleBodySchema,
  errorSchema,
  idParamsSchema,
  inviteStaffBodySchema,
  messageSchema,
  STAFF_MESSAGES,
  staffChangeResponseSchema,
  staffListResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { changeStaffRole, inviteStaff, listStaff, removeStaff } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['staff'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const owner = app.requireArea('owner');

  app.get(
    '/staff',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'The staff accounts: role, invited or joined (owner)',
        response: { 200: staffListResponseSchema, ...errors },
      },
    },
    async () => ({ data: await listStaff(ctx) }),
  );

  app.post(
    '/staff',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Invite a person to the staff with a role: an e-mailed link sets their password (owner)',
        description:
          'An e-mail whose invite is still unused gets a new link (the older ones stop working); any other ' +
          'existing account is 409.',
        body: inviteStaffBodySchema,
        response: { 201: staffChangeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = await inviteStaff(ctx, { id: request.user.sub }, request.body);
      return reply.code(201).send({ message: STAFF_MESSAGES.invited(member.email), data: member });
    },
  );

  app.patch(
    '/staff/:id',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: "Change a staff member's role; their sessions end (owner)",
        params: idParamsSchema,
        body: changeStaffRoleBodySchema,
        response: { 200: staffChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: STAFF_MESSAGES.roleChanged,
      data: await changeStaffRole(ctx, { id: request.user.sub }, request.params.id, request.body.role),
    }),
  );

  app.delete(
    '/staff/:id',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Remove staff access: an unused invite is withdrawn, a member becomes a customer (owner)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await removeStaff(ctx, { id: request.user.sub }, request.params.id);
      return { message: STAFF_MESSAGES.removed };
    },
  );
};

export default routes;
