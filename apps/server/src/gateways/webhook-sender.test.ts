/**
 * The sandbox's webhooks to this very server must never hold up a graceful shutdown (a keep-alive
 * socket from the process to itself kept `close()` waiting until close-with-grace killed it).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { orderBody, openPayment, placeOrderOk, sandboxPay, paymentOf } from '../test/commerce-factories';
import { createTestProduct, createTestUser } from '../test/factories';
import { httpTransport, ownUrl, WEBHOOK_PATH } from './webhook-sender';

describe('httpTransport', () => {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let status = 200;
  let socketsClosed = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = status;
      response.end('{}');
    });
  });
  server.on('connection', (socket) => socket.on('close', () => (socketsClosed += 1)));
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the signed bytes on a connection that is closed after the answer', async () => {
    const send = httpTransport(() => base);
    await send({ path: WEBHOOK_PATH, headers: { 'x-razorpay-signature': 'abc' }, body: '{"event":"x"}' });
    expect(received.at(-1)).toMatchObject({
      body: '{"event":"x"}',
      headers: { connection: 'close', 'x-razorpay-signature': 'abc' },
    });
    await expect.poll(() => socketsClosed).toBeGreaterThanOrEqual(1);
  });

  it('rejects a non-2xx answer and a server that is not listening', async () => {
    status = 500;
    await expect(httpTransport(() => base)({ path: WEBHOOK_PATH, headers: {}, body: '{}' })).rejects.toThrow(
      /answered 500/,
    );
    status = 200;
    await expect(httpTransport(() => undefined)({ path: WEBHOOK_PATH, headers: {}, body: '{}' })).rejects.toThrow(
      /not listening/,
    );
  });
});

describe('graceful shutdown with a sandbox webhook under way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('closes promptly while a webhook to itself is under way', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sender = t.app.ctx.payments.webhooks;
    const real = httpTransport(() => ownUrl(t.app.addresses()));
    let markStarted!: () => void;
    const deliveryStarted = new Promise<void>((resolve) => (markStarted = resolve));
    sender.transport = (delivery) => {
      const attempt = real(delivery);
      markStarted();
      return attempt;
    };
    sender.delayMs = 0;
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 500, stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    const created = await openPayment(t.app, buyer.token, order._id);
    await sandboxPay(t.app, buyer.token, created.rzpOrderId);
    await deliveryStarted;

    // The webhook's request is on its way to this server while it begins to close.
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    // The webhook either settled the payment before the close or was refused by the closing server;
    // either way nothing is half-done.
    expect(['pending', 'success']).toContain((await paymentOf(t.db, order._id)).status);
  });
});
