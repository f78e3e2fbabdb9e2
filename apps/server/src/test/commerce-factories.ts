/**
 * Test helpers of the commerce modules (cart, orders, payments): order payloads priced with the
 * shared rules, row counts and stock read straight from the database, signed webhooks, and a
 * webhook transport that delivers the sandbox's webhooks through app.inject (tests never listen).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { orderTotals, toPaise, toRupees, type CreateOrderBody } from '@pumpkart/shared';
import type { App } from '../app';
import type { DbOrTx } from '../db/client';
import { orderItems, orders, payments, products, productVariants, webhookEvents } from '../db/schema';
import { bearer, TEST_SECRETS } from './app';
import { testAddress } from './factories';

export interface OrderLineInput {
  product: { id: string; title: string; pricePaise: number };
  variant?: { id: string; pricePaise: number } | null;
  quantity?: number;
}

/** A createOrderBody with the figures the server will compute (override any of them to tamper). */
export function orderBody(lines: OrderLineInput[], overrides: Partial<CreateOrderBody> = {}): CreateOrderBody {
  const items = lines.map((line) => ({
    product: line.product.id,
    variantId: line.variant?.id ?? null,
    title: line.product.title,
    price: toRupees(line.variant?.pricePaise ?? line.product.pricePaise),
    quantity: line.quantity ?? 1,
  }));
  const totals = orderTotals(items.map((item) => ({ unitPricePaise: toPaise(item.price), quantity: item.quantity })));
  return {
    customer: { name: 'Asha Patel', email: 'asha@example.com', phone: '9123456780' },
    address: testAddress(),
    items,
    shipping: toRupees(totals.shippingPaise),
    total: toRupees(totals.totalPaise),
    paymentMode: 'online',
    ...overrides,
  };
}

/** The shipment an admin gives with `shipped` (docs/shop-rules.md#order-status). */
export const TEST_SHIPMENT = { courier: 'Delhivery', trackingNumber: 'DLV-1234567890' } as const;

/** The body of an admin's status change: `shipped` carries TEST_SHIPMENT, as the admin form sends it. */
export const statusBody = (status: string) => (status === 'shipped' ? { status, shipment: TEST_SHIPMENT } : { status });

export const placeOrder = (app: App, token: string, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/orders', headers: bearer(token), payload: body as object });

/** Places an order that must succeed; answers the created order. */
export async function placeOrderOk(app: App, token: string, body: CreateOrderBody) {
  const res = await placeOrder(app, token, body);
  if (res.statusCode !== 201) throw new Error(`order refused: ${res.statusCode} ${res.body}`);
  return res.json().order as { _id: string; total: number; status: string };
}

export async function rowCounts(db: DbOrTx) {
  const [o] = await db.select({ n: count() }).from(orders);
  const [i] = await db.select({ n: count() }).from(orderItems);
  const [p] = await db.select({ n: count() }).from(payments);
  const [w] = await db.select({ n: count() }).from(webhookEvents);
  return { orders: o!.n, orderItems: i!.n, payments: p!.n, webhookEvents: w!.n };
}

export async function productStock(db: DbOrTx, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export async function variantStock(db: DbOrTx, variantId: string): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

export async function paymentOf(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row!;
}

export async function orderRowOf(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** Moves an order and its payment back in time (for the expiry sweeper). */
export async function backdateOrder(db: DbOrTx, orderId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await db.update(orders).set({ createdAt: at }).where(eq(orders.id, orderId));
  await db.update(payments).set({ createdAt: at }).where(eq(payments.orderId, orderId));
}

/** Delivers the sandbox's webhooks through app.inject at once, and counts them. */
export function deliverWebhooksByInject(app: App) {
  const delivered: { statusCode: number; body: string }[] = [];
  const sender = app.ctx.payments.webhooks;
  sender.delayMs = 0;
  sender.transport = async (delivery) => {
    const res = await app.inject({
      method: 'POST',
      url: delivery.path,
      headers: delivery.headers,
      payload: delivery.body,
    });
    delivered.push({ statusCode: res.statusCode, body: res.body });
    if (res.statusCode >= 400) throw new Error(`webhook answered ${res.statusCode}`);
  };
  return { delivered, drain: () => sender.drain() };
}

export const paymentSignature = (orderId: string, paymentId: string, secret = TEST_SECRETS.sandboxKeySecret) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

/** A webhook call as Razorpay makes it, signed with `secret` (the sandbox key secret by default). */
export function signedWebhook(
  event: string,
  payload: Record<string, unknown>,
  options: { secret?: string; eventId?: string } = {},
) {
  const body = JSON.stringify({ entity: 'event', account_id: 'acc_test', event, payload, created_at: 1 });
  const signature = createHmac('sha256', options.secret ?? TEST_SECRETS.sandboxKeySecret)
    .update(body)
    .digest('hex');
  return {
    method: 'POST' as const,
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': options.eventId ?? `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
    },
    payload: body,
  };
}

export const capturedEvent = (gatewayOrderId: string, paymentId: string, amountPaise: number) => ({
  payment: {
    entity: {
      id: paymentId,
      entity: 'payment',
      amount: amountPaise,
      currency: 'INR',
      status: 'captured',
      order_id: gatewayOrderId,
    },
  },
});

export const failedEvent = (gatewayOrderId: string, paymentId: string) => ({
  payment: {
    entity: {
      id: paymentId,
      entity: 'payment',
      status: 'failed',
      order_id: gatewayOrderId,
      error_description: 'Card declined',
    },
  },
});

/** The buyer opens the gateway order of an online order (POST /api/payments/create). */
export async function openPayment(app: App, token: string, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: bearer(token),
    payload: { orderId },
  });
  if (res.statusCode !== 200) throw new Error(`payment create refused: ${res.statusCode} ${res.body}`);
  return res.json() as { rzpOrderId: string; amount: number; currency: 'INR'; key: string; orderId: string };
}

/** What the sandbox window hands to options.handler after "Pay" (POST /api/payments/sandbox/pay, as the buyer). */
export async function sandboxPay(app: App, token: string, gatewayOrderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    headers: bearer(token),
    payload: { order_id: gatewayOrderId },
  });
  if (res.statusCode !== 200) throw new Error(`sandbox pay refused: ${res.statusCode} ${res.body}`);
  return res.json() as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

export const verify = (app: App, token: string, body: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/payments/verify', headers: bearer(token), payload: body });

/** The whole online payment as the browser does it: create, pay in the sandbox window, verify. */
export async function payOnline(app: App, token: string, orderId: string) {
  const { rzpOrderId } = await openPayment(app, token, orderId);
  const paid = await sandboxPay(app, token, rzpOrderId);
  const res = await verify(app, token, { ...paid, orderId });
  if (res.statusCode !== 200) throw new Error(`verify refused: ${res.statusCode} ${res.body}`);
  return { rzpOrderId, paymentId: paid.razorpay_payment_id, verified: res.json() };
}
