/**
 * POST /api/payments/webhook (docs/shop-rules.md#webhook): the gateway's server-to-server
 * notifications. The signature (`x-razorpay-signature`) is an HMAC-SHA256 of the RAW body bytes, so
 * this plugin replaces the body parsers, for its own routes only, with one that keeps the bytes.
 * Events are deduplicated by `x-razorpay-event-id` through the webhook_events table; a forged or
 * unsigned call is refused with 400 before anything is read or written.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@pumpkart/shared';
import type { AppContext, Log, ModuleOptions } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { instalmentWebhookCapture } from './bank-online';
import { settleFailedPayment, settleRefundedPayment } from './settle';
import { findCapturedPayment, forgetWebhookEvent, recordWebhookEvent, type CapturedPayment } from './store/payments';

export const WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature.',
  badBody: 'The webhook body is not a valid event.',
} as const;

const paymentEntitySchema = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().nullish(),
  error_description: z.string().nullish(),
  error_reason: z.string().nullish(),
});
/** `amount` in paise: a refund of part of a payment (a return) leaves the payment as it is. */
const refundEntitySchema = z.object({ id: z.string(), payment_id: z.string(), amount: z.number().nullish() });

const eventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntitySchema }).optional(),
      refund: z.object({ entity: refundEntitySchema }).optional(),
    })
    .default({}),
});
type WebhookEvent = z.infer<typeof eventSchema>;

const webhookResponseSchema = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });
type WebhookResult = z.infer<typeof webhookResponseSchema>['status'];

/**
 * A capture this very payment id already settled (the browser's verify usually comes first, and the gateway
 * sends the webhook anyway): nothing to do, told after this one read, without a transaction or an event row.
 */
const settledBy = (ours: CapturedPayment | undefined, gatewayPaymentId: string) =>
  ours?.gatewayPaymentId === gatewayPaymentId && (ours.status === 'success' || ours.status === 'refunded');

async function dispatch(
  ctx: AppContext,
  event: WebhookEvent,
  log: Log,
  ours: CapturedPayment | undefined,
): Promise<WebhookResult> {
  const payment = event.payload.payment?.entity;
  const refund = event.payload.refund?.entity;
  switch (event.event) {
    case 'payment.captured': {
      if (!payment?.order_id || !ours) return 'ignored';
      // A capture is settled only for exactly the order's amount; one without an amount is not trusted.
      if (payment.amount == null || payment.amount !== ours.amountPaise) {
        log.error(
          { gatewayOrderId: payment.order_id, amount: payment.amount ?? null, expected: ours.amountPaise },
          payment.amount == null
            ? 'captured payment without an amount: not settled'
            : 'captured amount differs from the order',
        );
        return 'ignored';
      }
      const outcome = await ctx.checkout.settleCapturedPayment(
        { gatewayOrderId: payment.order_id, paymentId: payment.id, signature: null },
        log,
      );
      return outcome ? 'processed' : 'ignored';
    }
    case 'payment.failed': {
      if (!payment?.order_id) return 'ignored';
      const detail = payment.error_description ?? payment.error_reason ?? 'declined';
      const outcome = await settleFailedPayment(ctx, {
        gatewayOrderId: payment.order_id,
        reason: `payment_failed: ${detail}`.slice(0, 500),
      });
      return outcome ? 'processed' : 'ignored';
    }
    case 'refund.processed':
    case 'payment.refunded': {
      const gatewayPaymentId = refund?.payment_id ?? payment?.id;
      if (!gatewayPaymentId) return 'ignored';
      const changed = await settleRefundedPayment(ctx, {
        gatewayPaymentId,
        refundId: refund?.id ?? null,
        refundPaise: refund?.amount ?? null,
      });
      return changed ? 'processed' : 'ignored';
    }
    default:
      return 'ignored';
  }
}

/** Verifies, deduplicates and handles one webhook call. */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer | undefined,
  headers: Record<string, string | string[] | undefined>,
  log: Log,
): Promise<WebhookResult> {
  const signature = headers['x-razorpay-signature'];
  const body = Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0);
  if (typeof signature !== 'string' || !ctx.payments.gateway.verifyWebhookSignature(body, signature)) {
    throw new BadRequestError(WEBHOOK_MESSAGES.badSignature);
  }
  let event: WebhookEvent;
  try {
    event = eventSchema.parse(JSON.parse(body.toString('utf8')));
  } catch {
    throw new BadRequestError(WEBHOOK_MESSAGES.badBody);
  }
  const header = headers['x-razorpay-event-id'];
  const eventId =
    typeof header === 'string' && header ? header : `sha256:${createHash('sha256').update(body).digest('hex')}`;

  const captured = event.event === 'payment.captured' ? event.payload.payment?.entity : undefined;
  const ours = captured?.order_id ? await findCapturedPayment(ctx.db, captured.order_id) : undefined;
  if (captured && settledBy(ours, captured.id)) return 'duplicate';
  // An instalment of a bank-terms order (bank-online.ts): counted once by its own row, whatever the event id.
  if (captured?.order_id && !ours) {
    const instalment = await instalmentWebhookCapture(ctx, { ...captured, order_id: captured.order_id }, log);
    if (instalment) return instalment;
  }

  if (!(await recordWebhookEvent(ctx.db, eventId, event.event))) return 'duplicate';
  try {
    return await dispatch(ctx, event, log, ours);
  } catch (error) {
    // Forget the event so that the gateway's retry is handled, not dropped as a duplicate.
    await forgetWebhookEvent(ctx.db, eventId, event.event).catch(() => {});
    throw error;
  }
}

const webhookRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // Scoped to this plugin: every other route keeps Fastify's JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Gateway webhook (signed over the raw body; deduplicated by event id)',
        response: { 200: webhookResponseSchema, 400: errorSchema },
      },
    },
    async (request) => ({
      status: await handleWebhook(ctx, request.body as Buffer | undefined, request.headers, request.log),
    }),
  );
};

export default webhookRoutes;
