/**
 * The e-mail outbox and its worker (docs/shop-rules.md#emails, docs/decisions/0010-email-outbox.md), against a
 * real SMTP server in this process and the real database: a committed message arrives once, a rolled-back one
 * never; temporary failures are retried with backoff and the e-mail that finally arrives is the same one (same
 * Message-ID); the last failure leaves it failed for an admin to retry; a message whose sender died is sent by
 * another after the lease; two servers on one PostgreSQL database send each message once; without SMTP_URL
 * messages are kept; and the admin's E-mails API.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, type MailDetail, type MailSummary } from '@pumpkart/shared';
import { buildApp } from '../../app';
import type { Log } from '../../context';
import { openDatabase } from '../../db/client';
import { orders, outboxMessages, products } from '../../db/schema';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { bearer, createTestApp, TEST_SECRETS, type TestApp } from '../../test/app';
import { deliverWebhooksByInject, orderBody, payOnline, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { ensureStoreSettings } from '../settings';
import { enqueueMail, type MailMessage } from './index';
import type { MailTransport } from './transport';
import { messageIdDomain, MailWorker, retryDelayMs } from './worker';

const FROM = 'PumpKart Test <orders@shop.pumpkart.test>';
const RETRY_BASE_MS = 150;
const MAX_ATTEMPTS = 3;
const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers something truthy; fails after `timeoutMs`. */
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

const rowOf = async (t: TestApp, id: string) => {
  const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row!;
};

/** Commits one message in its own transaction (and wakes the worker, as every caller does). */
async function commitMail(t: TestApp, to: string, message: MailMessage = { kind: 'welcome', name: 'Asha' }) {
  const id = await t.db.transaction((tx) => enqueueMail(tx, to, message));
  t.app.ctx.mail.wake();
  return id;
}

const uniqueAddress = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe('the outbox worker with SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: FROM,
      MAIL_POLL_INTERVAL_MS: '100',
      MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
      MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      PUBLIC_URL: 'https://shop.pumpkart.test/',
    });
    adminToken = (await createTestAdmin(t.app)).token;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends a committed message once, with its Message-ID, From, To, subject and both parts', async () => {
    const to = uniqueAddress('welcome');
    const id = await commitMail(t, to, { kind: 'welcome', name: 'Asha Patel' });
    await smtp.waitFor(1, 10_000, (mail) => mail.messageId === `<${id}@shop.pumpkart.test>`);
    await t.app.ctx.mail.drain();

    const deliveries = smtp.withId(id);
    expect(deliveries).toHaveLength(1);
    const mail = deliveries[0]!;
    const row = await rowOf(t, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(mail.from).toBe('"PumpKart Test" <orders@shop.pumpkart.test>');
    expect(mail.envelope).toEqual({ from: 'orders@shop.pumpkart.test', to: [to] });
    expect(mail.to).toBe(to);
    expect(mail.subject).toBe(row.subject);
    expect(row.subject).toBeTruthy();
    expect((mail.html as string).trim()).toBe(row.html!.trim());
    expect(mail.text!.trim()).toBe(row.text!.trim());
    expect(mail.text).toContain('Asha Patel');
    expect(mail.attachments).toEqual([]);
  });

  it('sends nothing for a message whose transaction rolled back', async () => {
    const to = uniqueAddress('rolled-back');
    let id = '';
    await expect(
      t.db.transaction(async (tx) => {
        id = await enqueueMail(tx, to, { kind: 'welcome', name: 'Nobody' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    t.app.ctx.mail.wake();
    await t.app.ctx.mail.drain();
    await sleep(200); // two more polls
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id))).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes(to))).toEqual([]);
  });

  it('retries a temporary SMTP failure with backoff, then delivers the same e-mail exactly once', async () => {
    const to = uniqueAddress('retry');
    const attemptsBefore = smtp.attempts;
    smtp.failNext(2);
    const committedAt = Date.now();
    const id = await commitMail(t, to);

    // The first attempt failed: the reason is kept and the next attempt waits RETRY_BASE_MS.
    const afterFirst = await until(async () => {
      const row = await rowOf(t, id);
      return row.lastError ? row : undefined;
    });
    expect(afterFirst.status).toBe('pending');
    expect(afterFirst.attempts).toBeLessThan(3); // the first failure (or, on a slow machine, the second)
    expect(afterFirst.lastError).toContain('451');
    const renderedSubject = afterFirst.subject;
    expect(renderedSubject).toBeTruthy();

    await smtp.waitFor(1, 10_000, (mail) => mail.messageId === `<${id}@shop.pumpkart.test>`);
    const elapsed = Date.now() - committedAt;
    await t.app.ctx.mail.drain();
    await sleep(250);

    expect(smtp.attempts - attemptsBefore).toBe(3);
    expect(smtp.withId(id)).toHaveLength(1);
    expect(smtp.withId(id)[0]!.subject).toBe(renderedSubject);
    // Waits of RETRY_BASE_MS, then twice that, between the three attempts.
    expect(elapsed).toBeGreaterThanOrEqual(RETRY_BASE_MS * 3 - 20);
    expect(await rowOf(t, id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('marks a message failed after MAIL_MAX_ATTEMPTS; the admin retry sends it', async () => {
    const to = uniqueAddress('failed');
    const attemptsBefore = smtp.attempts;
    smtp.failNext(MAX_ATTEMPTS);
    const id = await commitMail(t, to);
    const failed = await until(async () => {
      const row = await rowOf(t, id);
      return row.status === 'failed' ? row : undefined;
    });
    expect(failed.attempts).toBe(MAX_ATTEMPTS);
    expect(failed.lastError).toContain('451');
    expect(smtp.attempts - attemptsBefore).toBe(MAX_ATTEMPTS);
    expect(smtp.withId(id)).toHaveLength(0);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/emails?status=failed&to=${encodeURIComponent(to)}`,
      headers: bearer(adminToken),
    });
    expect(listed.json().data).toMatchObject([
      { _id: id, status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null },
    ]);

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/emails/${id}/retry`,
      headers: bearer(adminToken),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ message: SERVER_MESSAGES.emailRetryQueued });
    await smtp.waitFor(1, 10_000, (mail) => mail.messageId === `<${id}@shop.pumpkart.test>`);
    await t.app.ctx.mail.drain();
    expect(smtp.withId(id)).toHaveLength(1);
    expect(smtp.withId(id)[0]!.subject).toBe(failed.subject);
    expect(await rowOf(t, id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('counts a render error (the order is gone) as a failed attempt', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    const id = await t.db.transaction(async (tx) => {
      const mailId = await enqueueMail(tx, 'buyer@example.com', {
        kind: 'order-delivered',
        orderId: order._id,
        deliveredAt: new Date().toISOString(),
      });
      await tx.delete(orders).where(eq(orders.id, order._id));
      return mailId;
    });
    t.app.ctx.mail.wake();
    const failed = await until(async () => {
      const row = await rowOf(t, id);
      return row.status === 'failed' ? row : undefined;
    });
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, subject: null, orderId: null });
    expect(failed.lastError).toContain(`The order ${order._id} no longer exists.`);
    expect(smtp.withId(id)).toHaveLength(0);
  });

  it('attaches the tax invoice PDF to payment-received when the order has one, and nothing when not', async () => {
    await ensureStoreSettings(t.app.ctx, demoStoreSettings());
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5, price: 1180 });
    await t.db.update(products).set({ hsnCode: '84131100', gstRate: 18 }).where(eq(products.id, product.id));
    const webhooks = deliverWebhooksByInject(t.app);

    const unpaid = await placeOrderOk(t.app, token, orderBody([{ product }]));
    const withoutInvoice = await commitMail(t, uniqueAddress('no-invoice'), {
      kind: 'payment-received',
      orderId: unpaid._id,
    });

    const paid = await placeOrderOk(t.app, token, orderBody([{ product }]));
    await payOnline(t.app, token, paid._id);
    await webhooks.drain();
    const withInvoice = await commitMail(t, uniqueAddress('invoice'), { kind: 'payment-received', orderId: paid._id });

    await smtp.waitFor(2, 10_000, (mail) =>
      [withoutInvoice, withInvoice].some((id) => mail.messageId === `<${id}@shop.pumpkart.test>`),
    );
    await t.app.ctx.mail.drain();
    expect(smtp.withId(withoutInvoice)[0]!.attachments).toEqual([]);
    const [attachment, ...more] = smtp.withId(withInvoice)[0]!.attachments;
    expect(more).toEqual([]);
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toMatch(/^Invoice-PK-\d\d-\d\d-\d{6}\.pdf$/);
    expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/emails/${withInvoice}`,
      headers: bearer(adminToken),
    });
    expect((detail.json().data as MailDetail).attachments).toEqual([attachment!.filename]);
    const bare = await t.app.inject({
      method: 'GET',
      url: `/api/admin/emails/${withoutInvoice}`,
      headers: bearer(adminToken),
    });
    expect((bare.json().data as MailDetail).attachments).toEqual([]);
  });
});

describe('a sender that dies after claiming', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // No poll during the test: the app's worker acts only when the test asks it to.
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('leaves the message to another sender after the lease, which sends it once', async () => {
    await t.app.ctx.mail.drain(); // the app's first look (at start) is over
    const id = await t.db.transaction((tx) =>
      enqueueMail(tx, uniqueAddress('crash'), { kind: 'welcome', name: 'Ravi' }),
    );

    // A worker that claims, renders, starts sending and never finishes (its process was killed).
    let calls = 0;
    let comeBack: () => void = () => {};
    const stuck: MailTransport = {
      send: () => {
        calls += 1;
        return new Promise<void>((resolve) => {
          comeBack = resolve;
        });
      },
      close: () => {},
    };
    const leaseMs = 1500;
    const dead = new MailWorker({
      db: t.db,
      config: { ...t.config, MAIL_FROM: FROM },
      transport: stuck,
      loadOrder: async () => undefined,
      log: silent,
      leaseMs,
    });
    dead.wake();
    const claimed = await until(async () => (calls === 1 ? rowOf(t, id) : undefined));
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(claimed.subject).toBeTruthy();

    // While the lease lasts, the message is nobody else's.
    await t.app.ctx.mail.drain();
    expect(smtp.withId(id)).toHaveLength(0);
    expect((await rowOf(t, id)).attempts).toBe(1);

    await sleep(leaseMs + 50);
    await t.app.ctx.mail.drain();
    expect(smtp.withId(id)).toHaveLength(1);
    expect(smtp.withId(id)[0]!.subject).toBe(claimed.subject);
    const sent = await rowOf(t, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });

    // Should the first sender come back after all, it records nothing over the second one's outcome.
    comeBack();
    await dead.stop();
    expect(await rowOf(t, id)).toEqual(sent);
    expect(calls).toBe(1);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two servers on one PostgreSQL database', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_POLL_INTERVAL_MS: '50' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends each of 50 messages exactly once', async () => {
    const second = await openDatabase({ url: t.database.url, poolSize: 5 });
    const other = await buildApp({ config: t.config, database: second, secrets: TEST_SECRETS, logger: false });
    await other.ready();
    try {
      const ids: string[] = [];
      // Five commits of ten, each followed by a wake-up of both servers, as if each had made one of them.
      for (let batch = 0; batch < 5; batch += 1) {
        const committed = await t.db.transaction(async (tx) => {
          const written: string[] = [];
          for (let i = 0; i < 10; i += 1) {
            written.push(await enqueueMail(tx, uniqueAddress(`pair-${batch}-${i}`), { kind: 'welcome', name: 'Pair' }));
          }
          return written;
        });
        ids.push(...committed);
        t.app.ctx.mail.wake();
        other.ctx.mail.wake();
      }
      const wanted = new Set(ids);
      await smtp.waitFor(50, 20_000, (mail) => wanted.has(mail.messageId?.slice(1).split('@')[0] ?? ''));
      await Promise.all([t.app.ctx.mail.drain(), other.ctx.mail.drain()]);
      await sleep(300);
      for (const id of ids) expect(smtp.withId(id), id).toHaveLength(1);
      const rows = await t.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp({ MAIL_POLL_INTERVAL_MS: '100' });
    adminToken = (await createTestAdmin(t.app)).token;
  });
  afterAll(() => t?.close());

  it('renders each message and keeps it, sent never; an admin retry keeps it again', async () => {
    const id = await commitMail(t, uniqueAddress('kept'), { kind: 'welcome', name: 'Meera' });
    await t.app.ctx.mail.drain();
    const kept = await rowOf(t, id);
    expect(kept).toMatchObject({ status: 'kept', attempts: 1, sentAt: null, lastError: null });
    expect(kept.subject).toBeTruthy();
    expect(kept.html).toContain('Meera');
    expect(kept.text).toContain('Meera');

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/emails/${id}`, headers: bearer(adminToken) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      _id: id,
      status: 'kept',
      subject: kept.subject,
      html: kept.html,
      text: kept.text,
      attachments: [],
      sentAt: null,
      nextAttemptAt: null,
    });

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/emails/${id}/retry`,
      headers: bearer(adminToken),
    });
    expect(retried.statusCode).toBe(200);
    await t.app.ctx.mail.drain();
    expect(await rowOf(t, id)).toMatchObject({ status: 'kept', attempts: 1, subject: kept.subject });
  });
});

describe('GET/POST /api/admin/emails', () => {
  let t: TestApp;
  let adminToken: string;
  let buyerToken: string;

  beforeAll(async () => {
    // Nothing is sent or kept on its own here: the messages stay as the test puts them.
    t = await createTestApp({ MAIL_POLL_INTERVAL_MS: '600000' });
    adminToken = (await createTestAdmin(t.app)).token;
    buyerToken = (await createTestUser(t.app)).token;
    await t.app.ctx.mail.drain(); // its first look (at start) is over
  });
  afterAll(() => t?.close());

  const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const retry = (id: string, token = adminToken) =>
    t.app.inject({ method: 'POST', url: `/api/admin/emails/${id}/retry`, headers: bearer(token) });

  it('answers 401 without a login and 403 to a buyer, on every route', async () => {
    const id = randomUUID();
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/emails' },
      { method: 'GET' as const, url: `/api/admin/emails/${id}` },
      { method: 'POST' as const, url: `/api/admin/emails/${id}/retry` },
    ]) {
      expect((await t.app.inject(request)).statusCode, request.url).toBe(401);
      expect((await t.app.inject({ ...request, headers: bearer(buyerToken) })).statusCode, request.url).toBe(403);
    }
  });

  it('pages newest first with the total in the body and X-Total-Count, and filters by status, kind and to', async () => {
    const domain = `paging-${randomUUID().slice(0, 8)}.test`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const message: MailMessage =
        i % 2
          ? { kind: 'welcome', name: `N${i}` }
          : { kind: 'password-reset', name: `N${i}`, resetUrl: 'https://x.test/r', validMinutes: 30 };
      const id = await t.db.transaction((tx) => enqueueMail(tx, `User${i}@${domain}`, message));
      // A second apart, so that "newest first" has one answer (rows of one transaction share their time).
      const createdAt = new Date(Date.now() - (5 - i) * 1000);
      await t.db.update(outboxMessages).set({ createdAt }).where(eq(outboxMessages.id, id));
      ids.push(id);
    }
    await t.db
      .update(outboxMessages)
      .set({ status: 'failed', lastError: 'boom' })
      .where(eq(outboxMessages.id, ids[1]!));

    const first = await get(`/api/admin/emails?to=${domain.toUpperCase()}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    const firstPage = first.json() as { data: MailSummary[]; total: number };
    expect(firstPage.total).toBe(5);
    expect(firstPage.data.map((mail) => mail._id)).toEqual([ids[4], ids[3]]);
    expect(firstPage.data[0]).toMatchObject({
      kind: 'password-reset',
      to: `User4@${domain}`,
      subject: null,
      status: 'pending',
      attempts: 0,
      lastError: null,
      orderId: null,
      sentAt: null,
    });
    expect(firstPage.data[0]!.nextAttemptAt).not.toBeNull();

    const last = (await get(`/api/admin/emails?to=${domain}&limit=2&page=3`)).json();
    expect(last).toMatchObject({ total: 5, data: [{ _id: ids[0] }] });

    const welcome = (await get(`/api/admin/emails?to=${domain}&kind=welcome`)).json();
    expect(welcome.data.map((mail: MailSummary) => mail._id)).toEqual([ids[3], ids[1]]);
    const failed = (await get(`/api/admin/emails?to=${domain}&status=failed`)).json();
    expect(failed).toMatchObject({ total: 1, data: [{ _id: ids[1], status: 'failed', lastError: 'boom' }] });
    const none = (await get(`/api/admin/emails?to=${domain}&status=sent`)).json();
    expect(none).toEqual({ data: [], total: 0 });
    // The text is matched as it is: % is no wildcard.
    expect((await get(`/api/admin/emails?to=${encodeURIComponent(`%${domain}`)}`)).json().total).toBe(0);

    expect((await get('/api/admin/emails?status=lost')).statusCode).toBe(400);
    expect((await get('/api/admin/emails?limit=101')).statusCode).toBe(400);
  });

  it('answers one e-mail, 404 for an unknown id and 400 for a malformed one', async () => {
    const id = await t.db.transaction((tx) => enqueueMail(tx, uniqueAddress('detail'), { kind: 'welcome', name: 'D' }));
    const found = await get(`/api/admin/emails/${id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ _id: id, kind: 'welcome', html: null, text: null, attachments: [] });

    const missing = await get(`/api/admin/emails/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MESSAGES.emailNotFound });
    expect((await get('/api/admin/emails/not-an-id')).statusCode).toBe(400);
  });

  it('retries only failed or kept e-mails: 409 while pending or once sent, 404 for an unknown one', async () => {
    const id = await t.db.transaction((tx) => enqueueMail(tx, uniqueAddress('retry'), { kind: 'welcome', name: 'R' }));
    const pending = await retry(id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ message: SERVER_MESSAGES.emailStillPending });

    await t.db
      .update(outboxMessages)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(outboxMessages.id, id));
    const sent = await retry(id);
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ message: SERVER_MESSAGES.emailAlreadySent });

    await t.db
      .update(outboxMessages)
      .set({ status: 'failed', attempts: 8, lastError: 'gave up', sentAt: null })
      .where(eq(outboxMessages.id, id));
    const queued = await retry(id);
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toEqual({ message: SERVER_MESSAGES.emailRetryQueued });
    // Due at once, from attempt 0: the woken worker (no SMTP_URL here) has made its first attempt and kept it.
    await t.app.ctx.mail.drain();
    expect(await rowOf(t, id)).toMatchObject({ status: 'kept', attempts: 1, lastError: null });

    const unknown = await retry(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_MESSAGES.emailNotFound });
  });
});

describe('worker rules', () => {
  it('takes the Message-ID domain from MAIL_FROM', () => {
    expect(messageIdDomain('PumpKart <no-reply@pumpkart.in>')).toBe('pumpkart.in');
    expect(messageIdDomain('orders@shop.example.com')).toBe('shop.example.com');
    expect(messageIdDomain('"Sales <desk>" <x@y.test>')).toBe('y.test');
    expect(messageIdDomain('nobody')).toBe('localhost');
  });

  it('doubles the wait after each failed attempt, up to a day', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(30_000, attempts))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30_000, 40)).toBe(24 * 60 * 60_000);
  });
});
