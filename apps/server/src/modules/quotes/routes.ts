/**
 * /api/quotes (the buyer's side) and /api/admin/quotes (the orders area) (docs/shop-rules.md#quotes): ask, read,
 * write in the thread, cancel, accept and download the proforma; the back office lists, answers or revises, writes
 * and declines. Who may read a quote is the service's (readableQuote): anyone else gets 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  idParamsSchema,
  quoteAcceptBodySchema,
  quoteAcceptResponseSchema,
  quoteAnswerBodySchema,
  quoteListQuerySchema,
  quoteListResponseSchema,
  quoteMessageBodySchema,
  quoteRequestBodySchema,
  quoteResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { ACCEPT_MESSAGES, acceptQuote } from './accept';
import { quotePdf } from './pdf';
import { listQuotes, quoteDetail } from './detail';
import { answerQuote, closeQuote, postMessage, requestQuote } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ bearerAuth: [] }];

/** The buyer's routes, under /api/quotes. */
export const quoteRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const tags = ['quotes'];
  const one = { 200: quoteResponseSchema, ...errors };

  app.post(
    '',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Ask for a quote',
        security,
        body: quoteRequestBodySchema,
        response: { 201: quoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await requestQuote(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'Your request has been sent to the shop.', data });
    },
  );
  app.get(
    '',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The buyer's quotes and their business's",
        security,
        querystring: quoteListQuerySchema,
        response: { 200: quoteListResponseSchema, ...errors },
      },
    },
    (request) => listQuotes(ctx, request.user, request.query, false),
  );
  app.get(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'A quote, its versions and thread', security, params: idParamsSchema, response: one },
    },
    async (request) => ({ data: await quoteDetail(ctx, request.user, request.params.id) }),
  );
  app.post(
    '/:id/messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Write in the thread',
        security,
        params: idParamsSchema,
        body: quoteMessageBodySchema,
        response: one,
      },
    },
    async (request) => {
      await postMessage(ctx, request.user, request.params.id, request.body.body, false);
      return { data: await quoteDetail(ctx, request.user, request.params.id) };
    },
  );
  app.post(
    '/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Withdraw the request', security, params: idParamsSchema, response: one },
    },
    async (request) => {
      await closeQuote(ctx, request.user, request.params.id, 'cancelled');
      return { message: 'Request withdrawn.', data: await quoteDetail(ctx, request.user, request.params.id) };
    },
  );
  app.post(
    '/:id/accept',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Accept the current version: it becomes an order at its prices (again: the same order)',
        security,
        params: idParamsSchema,
        body: quoteAcceptBodySchema,
        response: { 200: quoteAcceptResponseSchema, 201: quoteAcceptResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orderId, replayed, awaitsApproval } = await acceptQuote(
        ctx,
        request.user,
        request.params.id,
        request.body,
      );
      const quote = await quoteDetail(ctx, request.user, request.params.id);
      const message = awaitsApproval ? ACCEPT_MESSAGES.acceptedAwaitingApproval : ACCEPT_MESSAGES.accepted;
      return reply.code(replayed ? 200 : 201).send({ message, data: { quote, orderId } });
    },
  );
  app.get(
    '/:id/pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The proforma invoice of the quote's current version (not a tax invoice)",
        security,
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The PDF file (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await quotePdf(ctx, request.user, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

/** The back office's routes, under /api/admin/quotes (the orders area). */
export const adminQuoteRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const tags = ['quotes'];
  const one = { 200: quoteResponseSchema, ...errors };
  const area = app.requireArea('orders');

  app.get(
    '',
    {
      onRequest: area,
      schema: {
        tags,
        summary: 'A page of the quotes, by status and search',
        security,
        querystring: quoteListQuerySchema,
        response: { 200: quoteListResponseSchema, ...errors },
      },
    },
    (request) => listQuotes(ctx, request.user, request.query, true),
  );
  app.get(
    '/:id',
    { onRequest: area, schema: { tags, summary: 'A quote', security, params: idParamsSchema, response: one } },
    async (request) => ({ data: await quoteDetail(ctx, request.user, request.params.id) }),
  );
  app.post(
    '/:id/versions',
    {
      onRequest: area,
      schema: {
        tags,
        summary: 'Answer, or revise (a new version supersedes the last)',
        security,
        params: idParamsSchema,
        body: quoteAnswerBodySchema,
        response: { 201: quoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const version = await answerQuote(ctx, { id: request.user.sub }, request.params.id, request.body);
      const data = await quoteDetail(ctx, request.user, request.params.id);
      return reply.code(201).send({ message: `Version ${version} sent to the buyer.`, data });
    },
  );
  app.post(
    '/:id/messages',
    {
      onRequest: area,
      schema: {
        tags,
        summary: 'Write in the thread as the shop',
        security,
        params: idParamsSchema,
        body: quoteMessageBodySchema,
        response: one,
      },
    },
    async (request) => {
      await postMessage(ctx, request.user, request.params.id, request.body.body, true);
      return { data: await quoteDetail(ctx, request.user, request.params.id) };
    },
  );
  app.post(
    '/:id/decline',
    {
      onRequest: area,
      schema: { tags, summary: 'Decline the request', security, params: idParamsSchema, response: one },
    },
    async (request) => {
      await closeQuote(ctx, request.user, request.params.id, 'declined');
      return { message: 'Request declined.', data: await quoteDetail(ctx, request.user, request.params.id) };
    },
  );
};
