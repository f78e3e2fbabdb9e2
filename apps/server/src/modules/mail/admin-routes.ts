/**
 * /api/admin/emails (docs/shop-rules.md#emails, #permissions): the admin's E-mails page reads the outbox and
 * sends a failed or kept message again. Admin only (401 without a login, 403 for a buyer). Routes parse and
 * authorise; admin.ts reads and writes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  idParamsSchema,
  mailDetailResponseSchema,
  mailListQuerySchema,
  mailListResponseSchema,
  messageSchema,
  SERVER_MESSAGES,
  TOTAL_COUNT_HEADER,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { getMail, listMails, retryMail } from './admin';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['emails'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/emails',
    {
      // The token is checked before the query is parsed, as on every admin call.
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: 'A page of the e-mail outbox, newest first (total also in X-Total-Count)',
        description:
          'Filters: status (pending, sent, failed, kept), kind, and to (part of the recipient address, any case).',
        querystring: mailListQuerySchema,
        response: { 200: mailListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listMails(ctx, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page;
    },
  );

  app.get(
    '/emails/:id',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: 'One e-mail with its HTML, plain text and attachment names',
        params: idParamsSchema,
        response: { 200: mailDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getMail(ctx, request.params.id) }),
  );

  app.post(
    '/emails/:id/retry',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: 'Send a failed or kept e-mail again (409 while pending or once sent)',
        description: 'The message goes back to pending with 0 attempts, due at once; the same e-mail is sent.',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      await retryMail(ctx, request.params.id);
      ctx.mail.wake();
      return { message: SERVER_MESSAGES.emailRetryQueued };
    },
  );
};

export default routes;
