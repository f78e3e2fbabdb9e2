/**
 * /api/business (docs/shop-rules.md#business-accounts): the caller's business; creating it; its details, outlets,
 * people and invitations (its admin); accepting an invitation. (The approvals of orders above its limit,
 * /api/business/approvals, are the orders module's: orders/approval-routes.ts.) Any logged-in account: what it may do follows its role in its business.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationBodySchema,
  BUSINESS_MESSAGES,
  businessBodySchema,
  businessChangeResponseSchema,
  errorSchema,
  idParamsSchema,
  inviteMemberBodySchema,
  memberRoleBodySchema,
  messageSchema,
  myBusinessResponseSchema,
  outletBodySchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { acceptInvitation, changeMemberRole, inviteMember, removeMember, withdrawMemberInvitation } from './people';
import { addOutlet, createBusiness, editOutlet, myBusiness, removeOutlet, updateBusinessDetails } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['business'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const user = app.requireUser;
  const changed = () => ({ ...common, response: { 200: businessChangeResponseSchema, ...errors } });

  app.get(
    '',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: "The caller's business, or null",
        response: { 200: myBusinessResponseSchema, ...errors },
      },
    },
    async (request) => ({ business: await myBusiness(ctx, request.user.sub) }),
  );

  app.post(
    '',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: 'Create a business; the caller becomes its admin (409 when already in one)',
        body: businessBodySchema,
        response: { 201: businessChangeResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: 'Business created.', business: await createBusiness(ctx, request.user.sub, request.body) }),
  );

  app.patch(
    '',
    {
      onRequest: user,
      schema: { ...changed(), summary: 'Edit the business and its approval limit (admin)', body: businessBodySchema },
    },
    async (request) => ({
      message: 'Business saved.',
      business: await updateBusinessDetails(ctx, request.user.sub, request.body),
    }),
  );

  app.post(
    '/outlets',
    { onRequest: user, schema: { ...changed(), summary: 'Add an outlet (admin)', body: outletBodySchema } },
    async (request) => ({ message: 'Outlet added.', business: await addOutlet(ctx, request.user.sub, request.body) }),
  );

  app.patch(
    '/outlets/:id',
    {
      onRequest: user,
      schema: { ...changed(), summary: 'Edit an outlet (admin)', params: idParamsSchema, body: outletBodySchema },
    },
    async (request) => ({
      message: 'Outlet saved.',
      business: await editOutlet(ctx, request.user.sub, request.params.id, request.body),
    }),
  );

  app.delete(
    '/outlets/:id',
    { onRequest: user, schema: { ...changed(), summary: 'Remove an outlet (admin)', params: idParamsSchema } },
    async (request) => ({
      message: 'Outlet removed.',
      business: await removeOutlet(ctx, request.user.sub, request.params.id),
    }),
  );

  app.post(
    '/invitations',
    {
      onRequest: user,
      schema: { ...changed(), summary: 'Invite a person by e-mail with a role (admin)', body: inviteMemberBodySchema },
    },
    async (request) => ({
      message: BUSINESS_MESSAGES.invited(request.body.email),
      business: await inviteMember(ctx, request.user.sub, request.body),
    }),
  );

  app.delete(
    '/invitations/:id',
    {
      onRequest: user,
      schema: { ...changed(), summary: 'Withdraw an open invitation (admin)', params: idParamsSchema },
    },
    async (request) => ({
      message: 'Invitation withdrawn.',
      business: await withdrawMemberInvitation(ctx, request.user.sub, request.params.id),
    }),
  );

  app.post(
    '/invitations/accept',
    {
      onRequest: user,
      schema: {
        ...changed(),
        summary: "Accept an invitation with the e-mailed link's token (the invited e-mail's account)",
        body: acceptInvitationBodySchema,
      },
    },
    async (request) => {
      const business = await acceptInvitation(ctx, request.user.sub, request.body.token);
      return { message: BUSINESS_MESSAGES.joined(business.legalName), business };
    },
  );

  app.patch(
    '/members/:id',
    {
      onRequest: user,
      schema: {
        ...changed(),
        summary: "Change a person's role (admin)",
        params: idParamsSchema,
        body: memberRoleBodySchema,
      },
    },
    async (request) => ({
      message: 'Role changed.',
      business: await changeMemberRole(ctx, request.user.sub, request.params.id, request.body.role),
    }),
  );

  app.delete(
    '/members/:id',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: 'Remove a person from the business, never the last admin (admin)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await removeMember(ctx, request.user.sub, request.params.id);
      return { message: 'Person removed from the business.' };
    },
  );
};

export default routes;
