/**
 * /api/payments/bank (docs/shop-rules.md#bank-transfer): an order's transfers and terms (its buyer, or the orders
 * area), the buyer's record of a transfer, and the orders area's confirmation, rejection and change of terms.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BANK_MESSAGES,
  createPaymentResponseSchema,
  errorSchema,
  mayOpen,
  orderIdParamsSchema,
  orderTransfersResponseSchema,
  paymentTermsBodySchema,
  recordTransferBodySchema,
  rejectTransferBodySchema,
  termsResponseSchema,
  transferIdParamsSchema,
  transferResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { openInstalmentPayment } from './bank-online';
import { confirmTransfer, orderTransfers, recordTransfer, rejectTransfer, setPaymentTerms } from './bank-transfers';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

  app.get(
    '/orders/:orderId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: "A bank-transfer order's terms, amount due now, transfers and the bank details (its buyer or staff)",
        security,
        params: orderIdParamsSchema,
        response: { 200: orderTransfersResponseSchema, ...errors },
      },
    },
    async (request) =>
      orderTransfers(ctx, request.params.orderId, mayOpen(request.user.role, 'orders') ? null : request.user.sub),
  );

  app.post(
    '/orders/:orderId/transfers',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Record a bank transfer (UTR, amount, date) made for an own order',
        security,
        params: orderIdParamsSchema,
        body: recordTransferBodySchema,
        response: { 201: transferResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const transfer = await recordTransfer(ctx, request.user.sub, request.params.orderId, request.body);
      return reply.code(201).send({ message: BANK_MESSAGES.recorded, transfer });
    },
  );

  app.post(
    '/orders/:orderId/online',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Open (or reuse) a gateway order for the amount due now on an own bank-transfer order',
        description:
          'The advance still missing, else the balance; verified by POST /api/payments/verify and the webhook, ' +
          'which count it as received at once. 409 when nothing is due, the order is cancelled or awaits ' +
          'approval, or a recorded transfer waits for the shop to confirm it.',
        security,
        params: orderIdParamsSchema,
        response: { 200: createPaymentResponseSchema, ...errors, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => openInstalmentPayment(ctx, request.user.sub, request.params.orderId),
  );

  app.post(
    '/transfers/:transferId/confirm',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['payments'],
        summary: 'Confirm that a recorded bank transfer arrived (orders area)',
        security,
        params: transferIdParamsSchema,
        response: { 200: transferResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: BANK_MESSAGES.confirmed,
      transfer: await confirmTransfer(ctx, request.params.transferId, request.log, { id: request.user.sub }),
    }),
  );

  app.post(
    '/transfers/:transferId/reject',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['payments'],
        summary: 'Reject a recorded bank transfer that did not arrive, with the reason (orders area)',
        security,
        params: transferIdParamsSchema,
        body: rejectTransferBodySchema,
        response: { 200: transferResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: BANK_MESSAGES.rejected,
      transfer: await rejectTransfer(ctx, request.params.transferId, request.body.reason, { id: request.user.sub }),
    }),
  );

  app.put(
    '/orders/:orderId/terms',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['payments'],
        summary: "Change an unpaid bank-transfer order's advance percentage (orders area)",
        security,
        params: orderIdParamsSchema,
        body: paymentTermsBodySchema,
        response: { 200: termsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: BANK_MESSAGES.termsUpdated,
      terms: await setPaymentTerms(ctx, request.params.orderId, request.body.advancePercent, {
        id: request.user.sub,
      }),
    }),
  );
};

export default routes;
