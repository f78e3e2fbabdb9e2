/**
 * /api/payments (docs/shop-rules.md#payments, #cod): checkout configuration, create and
 * verify for the buyer, the webhook, the admin's list and COD confirmation, the sandbox gateway's
 * endpoints when it is the configured gateway, and the expiry sweeper's lifecycle.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutConfigSchema,
  codPaidResponseSchema,
  createPaymentBodySchema,
  createPaymentResponseSchema,
  errorSchema,
  orderIdParamsSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  TOTAL_COUNT_HEADER,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { SandboxGateway } from '../../gateways/sandbox';
import sandboxRoutes from './sandbox-routes';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { listPayments } from './store/admin-list';
import { checkoutConfig, createGatewayPayment, markCodPaid, PAYMENT_MESSAGES, verifyPayment } from './service';
import { refundsSettled } from './refund';
import { offeredBankDetails } from './bank-transfers';
import { startSweeper } from './sweeper';
import webhookRoutes from './webhook';
import bankRoutes from './bank-routes';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];
  const errors = {
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
    502: errorSchema,
    503: errorSchema,
  };

  app.get(
    '/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which payment script and key the checkout uses, and whether COD is offered',
        response: { 200: checkoutConfigSchema },
      },
    },
    async () => checkoutConfig(ctx, await offeredBankDetails(ctx)),
  );

  app.post(
    '/create',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: "Open (or reuse) the gateway order for an own pending online order's total",
        security,
        body: createPaymentBodySchema,
        response: { 200: createPaymentResponseSchema, ...errors },
      },
    },
    async (request) => createGatewayPayment(ctx, request.user.sub, request.body.orderId),
  );

  app.post(
    '/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: "Verify Checkout's signature and settle the payment (idempotent)",
        security,
        body: verifyPaymentBodySchema,
        response: { 200: verifyPaymentResponseSchema, ...errors },
      },
    },
    async (request) => verifyPayment(ctx, request.user.sub, request.body, request.log),
  );

  app.get(
    '/',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['payments'],
        summary: 'A page of payments with their order, newest first (admin; total also in X-Total-Count)',
        description:
          'Filters: status, mode (cod, online), from and to (YYYY-MM-DD, India time, inclusive, on creation), and ' +
          "search (the gateway's payment or order id exactly, or the order's id or its last 6 characters). " +
          'sort: newest (default), oldest, amount_desc, amount_asc.',
        security,
        // The token is checked before the query is parsed, as on every admin call.
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponseSchema, ...errors },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request, reply) => {
      const page = await listPayments(ctx, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page;
    },
  );

  app.patch(
    '/:orderId/cod',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['payments'],
        summary: "Mark an order's cash-on-delivery payment as paid (admin)",
        security,
        params: orderIdParamsSchema,
        response: { 200: codPaidResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: PAYMENT_MESSAGES.codPaid,
      payment: await markCodPaid(ctx, request.params.orderId, request.log, { id: request.user.sub }),
    }),
  );

  await app.register(webhookRoutes, { ctx });
  await app.register(bankRoutes, { prefix: '/bank', ctx });

  const { gateway } = ctx.payments;
  if (gateway instanceof SandboxGateway) await app.register(sandboxRoutes, { prefix: '/sandbox', ctx, gateway });

  let sweeper: ReturnType<typeof startSweeper> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startSweeper(ctx, app.log);
  });
  // preClose, not onClose: both must be done before the HTTP server waits for its connections, or a
  // webhook still on its way to this very server would hold the shutdown up.
  app.addHook('preClose', async () => {
    await sweeper?.stop();
    await refundsSettled(ctx);
    await ctx.payments.webhooks.close();
  });
};

export default routes;
