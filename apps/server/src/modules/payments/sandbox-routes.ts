/**
 * The sandbox gateway's own endpoints under /api/payments/sandbox
 * (docs/decisions/0004-sandbox-payment-gateway.md), registered only while the sandbox is the
 * configured gateway. They play Razorpay's part: the checkout script, the payment window, and pay /
 * fail calls that sign their answer with the sandbox key secret and send the signed webhook
 * (payment.captured / payment.failed) to this server shortly after. Pay and fail need the buyer's
 * login, and only the owner of the order may use them: with a sandbox nothing is charged, so a
 * gateway order id alone must never be enough to mark it paid. (The window reads the shop's token,
 * being served from the shop's own origin.)
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, textSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { loadSandboxAssets, type SandboxAssetName } from '../../gateways/sandbox-assets';
import type { SandboxGateway } from '../../gateways/sandbox';
import { randomGatewayId } from '../../gateways/signature';
import { WEBHOOK_PATH } from '../../gateways/webhook-sender';
import { SHOP_NAME } from './service';
import { claimSandboxInstalment, findInstalmentByGatewayOrder } from './store/bank-transfers';
import { claimSandboxPayment, findSandboxPaymentWithBuyer } from './store/payments';

const gatewayOrderIdSchema = textSchema('order_id').min(1).max(100);
const gatewayOrderBodySchema = z.object({ order_id: gatewayOrderIdSchema });

const sandboxOrderSchema = z.object({
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  payable: z.boolean(),
  shopName: z.string(),
});

const paySuccessSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});

/** The error object Razorpay Checkout hands to `payment.failed` handlers. */
const payFailureSchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
  }),
});

export const SANDBOX_MESSAGES = {
  unknownOrder: 'No such sandbox order.',
  notPayable: 'This order has already been paid or closed.',
  declined: 'Your payment was declined by the bank (sandbox: simulated card failure).',
} as const;

interface SandboxRouteOptions extends ModuleOptions {
  gateway: SandboxGateway;
}

const sandboxRoutes: FastifyPluginAsyncZod<SandboxRouteOptions> = async (app, { ctx, gateway }) => {
  const assets = loadSandboxAssets();
  const serve = (name: SandboxAssetName) => async (_request: unknown, reply: FastifyReply) =>
    reply.header('content-type', assets[name].contentType).header('cache-control', 'no-cache').send(assets[name].body);

  app.get('/checkout.js', { schema: { hide: true } }, serve('checkout.js'));
  app.get('/window', { schema: { hide: true } }, serve('window.html'));
  app.get('/window.js', { schema: { hide: true } }, serve('window.js'));

  /**
   * The gateway order the sandbox plays: an online order's payment, or an online instalment of a bank-terms order
   * (bank-online.ts); `claim` records that it was paid as a payment id (once, even on a double click).
   */
  async function findGatewayOrder(gatewayOrderId: string) {
    const payment = await findSandboxPaymentWithBuyer(ctx.db, gatewayOrderId);
    if (payment) {
      const row = payment.payment;
      return {
        userId: payment.userId,
        amountPaise: row.amountPaise,
        payable: row.status === 'pending' && !row.gatewayPaymentId,
        claim: (paymentId: string) => claimSandboxPayment(ctx.db, row.id, paymentId),
      };
    }
    const instalment = await findInstalmentByGatewayOrder(ctx.db, gatewayOrderId);
    if (!instalment) throw new NotFoundError(SANDBOX_MESSAGES.unknownOrder);
    const row = instalment.row;
    return {
      userId: instalment.userId,
      amountPaise: row.amountPaise,
      payable: row.status === 'opened' && !row.gatewayPaymentId,
      claim: (paymentId: string) => claimSandboxInstalment(ctx.db, row.id, paymentId),
    };
  }

  /** The caller's own sandbox gateway order; another buyer's is 404, as if it did not exist. */
  async function findOwnGatewayOrder(gatewayOrderId: string, userId: string) {
    const found = await findGatewayOrder(gatewayOrderId);
    if (found.userId !== userId) throw new NotFoundError(SANDBOX_MESSAGES.unknownOrder);
    return found;
  }

  /** Signs and schedules a webhook, as Razorpay does after the payment window's answer. */
  function sendWebhook(event: 'payment.captured' | 'payment.failed', entity: Record<string, unknown>) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: ['payment'],
      payload: { payment: { entity } },
      created_at: Math.floor(Date.now() / 1000),
    });
    ctx.payments.webhooks.send({
      path: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': gateway.signWebhook(body),
        'x-razorpay-event-id': randomGatewayId('evt'),
      },
      body,
    });
  }

  /** The payment entity Razorpay's webhooks carry, for a card payment of a gateway order. */
  function paymentEntity(
    paymentId: string,
    gatewayOrderId: string,
    amountPaise: number,
    status: 'captured' | 'failed',
  ) {
    return {
      id: paymentId,
      entity: 'payment',
      amount: amountPaise,
      currency: 'INR',
      status,
      order_id: gatewayOrderId,
      method: 'card',
      captured: status === 'captured',
      created_at: Math.floor(Date.now() / 1000),
    };
  }

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox: the gateway order the payment window shows',
        params: z.object({ orderId: gatewayOrderIdSchema }),
        response: { 200: sandboxOrderSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const found = await findGatewayOrder(request.params.orderId);
      return {
        order_id: request.params.orderId,
        amount: found.amountPaise,
        currency: 'INR' as const,
        payable: found.payable,
        shopName: SHOP_NAME,
      };
    },
  );

  app.post(
    '/pay',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Sandbox: pay an own gateway order (answers what Checkout hands to options.handler)',
        security: [{ bearerAuth: [] }],
        body: gatewayOrderBodySchema,
        response: { 200: paySuccessSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const gatewayOrderId = request.body.order_id;
      const payment = await findOwnGatewayOrder(gatewayOrderId, request.user.sub);
      const paymentId = randomGatewayId('pay');
      // The sandbox's record that this order was paid: one payment per order, even on a double click.
      if (!(await payment.claim(paymentId))) throw new ConflictError(SANDBOX_MESSAGES.notPayable);
      sendWebhook('payment.captured', paymentEntity(paymentId, gatewayOrderId, payment.amountPaise, 'captured'));
      return {
        razorpay_payment_id: paymentId,
        razorpay_order_id: gatewayOrderId,
        razorpay_signature: gateway.signPayment(gatewayOrderId, paymentId),
      };
    },
  );

  app.post(
    '/fail',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Sandbox: simulate a declined card on an own gateway order (answers the payment.failed error)',
        security: [{ bearerAuth: [] }],
        body: gatewayOrderBodySchema,
        response: { 200: payFailureSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const gatewayOrderId = request.body.order_id;
      const payment = await findOwnGatewayOrder(gatewayOrderId, request.user.sub);
      if (!payment.payable) throw new ConflictError(SANDBOX_MESSAGES.notPayable);
      const paymentId = randomGatewayId('pay');
      const error = {
        code: 'BAD_REQUEST_ERROR',
        description: SANDBOX_MESSAGES.declined,
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: gatewayOrderId, payment_id: paymentId },
      };
      sendWebhook('payment.failed', {
        ...paymentEntity(paymentId, gatewayOrderId, payment.amountPaise, 'failed'),
        error_code: error.code,
        error_description: error.description,
        error_source: error.source,
        error_step: error.step,
        error_reason: error.reason,
      });
      return { error };
    },
  );
};

export default sandboxRoutes;
