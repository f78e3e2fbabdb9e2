/**
 * /api/orders/{id}/returns and /api/orders/{id}/debit-notes (docs/shop-rules.md#returns, #debit-notes): the buyer
 * reads and asks; the orders area approves, refuses, receives and refunds; the owner issues debit notes; the PDF of
 * a return's credit note or a debit note, by its id, for the buyer (or a colleague in its business) or the orders area.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  debitNoteInputSchema,
  errorSchema,
  idParamsSchema,
  idSchema,
  orderReturnsResponseSchema,
  returnParamsSchema,
  returnReceiptSchema,
  returnRefusalSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { taxDocumentPdfById } from '../invoices';
import { issueDebitNoteForOrder } from './debit-notes';
import { readReturnForm } from './form';
import { refundReturn } from './refund';
import { orderReturnsFor, readableOrder, requestReturn } from './service';
import { approveReturn, receiveReturn, refuseReturn } from './steps';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const tags = ['returns'];
  const response = { 200: orderReturnsResponseSchema, ...errors };

  app.get(
    '/:id/returns',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "An order's returns, what can still be returned and until when, and its debit notes",
        security,
        params: idParamsSchema,
        response,
      },
    },
    async (request) => ({ data: await orderReturnsFor(ctx, request.user, request.params.id) }),
  );

  app.post(
    '/:id/returns',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Ask to return units of a delivered order (its buyer, within the return window)',
        description:
          'multipart/form-data: `request` holds {lines: [{orderItemId, quantity}], reason} as JSON; up to 4 image files in `photos`.',
        security,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: orderReturnsResponseSchema, ...errors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const form = await readReturnForm(request);
      const data = await requestReturn(ctx, request.user, request.params.id, form.request, form.photos);
      return reply.code(201).send({ message: 'Your return request has been sent to the shop.', data });
    },
  );

  const actor = (request: { user: { sub: string } }) => ({ id: request.user.sub });
  const staffSchema = (summary: string, body?: z.ZodType) => ({
    onRequest: app.requireArea('orders'),
    schema: { tags, summary, security, params: returnParamsSchema, ...(body ? { body } : {}), response },
  });

  app.post('/:id/returns/:returnId/approve', staffSchema('Approve a requested return'), (request) =>
    approveReturn(ctx, request.params.id, request.params.returnId, { actor: actor(request), log: request.log }),
  );
  app.post(
    '/:id/returns/:returnId/refuse',
    staffSchema('Refuse a requested return, with a reason', returnRefusalSchema),
    (request) =>
      refuseReturn(ctx, request.params.id, request.params.returnId, (request.body as { reason: string }).reason, {
        actor: actor(request),
        log: request.log,
      }),
  );
  app.post(
    '/:id/returns/:returnId/receive',
    staffSchema('Record the returned goods received, back to stock or not', returnReceiptSchema),
    (request) =>
      receiveReturn(ctx, request.params.id, request.params.returnId, (request.body as { restock: boolean }).restock, {
        actor: actor(request),
        log: request.log,
      }),
  );
  app.post(
    '/:id/returns/:returnId/refund',
    staffSchema('Refund a received return: its credit note, and cash recorded (COD) or a partial gateway refund'),
    (request) =>
      refundReturn(ctx, request.params.id, request.params.returnId, { actor: actor(request), log: request.log }),
  );

  app.post(
    '/:id/debit-notes',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        tags,
        summary: "Issue a debit note: lines' prices raised after the invoice (the owner)",
        security,
        params: idParamsSchema,
        body: debitNoteInputSchema,
        response: { 201: orderReturnsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await issueDebitNoteForOrder(ctx, request.params.id, request.body, {
          actor: actor(request),
          log: request.log,
        }),
      ),
  );

  app.get(
    '/:id/documents/:documentId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of the order's tax documents by id as a PDF (a return's credit note, a debit note)",
        security,
        params: z.object({ id: idSchema, documentId: idSchema }),
        response: { 200: z.unknown().describe('The PDF file (application/pdf)'), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await readableOrder(ctx, request.user, request.params.id);
      const { fileName, pdf } = await taxDocumentPdfById(ctx.db, request.params.id, request.params.documentId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default routes;
