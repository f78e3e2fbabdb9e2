/**
 * Password reset by e-mail and the welcome e-mail (docs/shop-rules.md#password-reset): the same answer
 * for a known and an unknown e-mail, a link that works once and for 30 minutes, every earlier login
 * token revoked, the per-account and per-address limits, and the welcome message of a new account.
 * The e-mails go through the real outbox worker to a real SMTP server in the test process (test/smtp.ts);
 * the links are read from what it received.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordTooShortMessage, PASSWORD_MIN_LENGTH, SERVER_MESSAGES } from '@pumpkart/shared';
import { outboxMessages, passwordResetTokens, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestUser, TEST_PASSWORD } from '../../test/factories';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp';
import {
  hashResetToken,
  requestPasswordReset,
  RESET_MAX_PER_WINDOW,
  RESET_VALID_MINUTES,
  RESET_WINDOW_MINUTES,
} from './password-reset';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example/', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: Record<string, unknown>, app = t) =>
  app.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });
const forgot = (email: string, app = t) => post('forgot-password', { email }, app);
const reset = (token: string, password: string, app = t) => post('reset-password', { token, password }, app);
const login = (email: string, password: string) => post('login', { email, password });
const silent = { warn: () => {}, info: () => {}, error: () => {} };

const RESET_SUBJECT = /^Reset your .+ password$/;
const WELCOME_SUBJECT = /^Welcome to /;
const LINK = /https:\/\/shop\.example\/reset-password#token=[A-Za-z0-9_-]+/g;

/** The e-mails the SMTP server accepted for a recipient with a subject like `subject`, once the outbox is sent. */
async function mailsTo(recipient: string, subject: RegExp): Promise<ReceivedMail[]> {
  await t.app.ctx.mail.drain();
  return smtp.messages.filter((mail) => mail.envelope.to.includes(recipient) && subject.test(mail.subject ?? ''));
}

/** The token of the latest reset e-mail to `email`, read from the link it carries (the same in text and HTML). */
async function latestLinkToken(email: string): Promise<string> {
  const mail = (await mailsTo(email, RESET_SUBJECT)).at(-1)!;
  const inText = [...new Set(mail.text!.match(LINK))];
  expect(inText).toHaveLength(1);
  expect(String(mail.html)).toContain(`href="${inText[0]}"`);
  const token = new URL(inText[0]!).hash.replace(/^#token=/, '');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

const tokensOf = (userId: string) =>
  t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a known and an unknown e-mail, and e-mails a link only to the account', async () => {
    const { user, email } = await createTestUser(t.app, { name: 'Kavya Iyer' });
    const stranger = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot(stranger);
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.passwordResetRequested });
    }
    expect(SERVER_MESSAGES.passwordResetRequested).toContain(`works for ${RESET_VALID_MINUTES} minutes`);
    const [mail, ...others] = await mailsTo(email, RESET_SUBJECT);
    expect(others).toEqual([]);
    expect(smtp.messages.filter((sent) => sent.envelope.to.includes(stranger))).toEqual([]);
    expect(mail!.envelope.to).toEqual([email]);
    expect(mail!.text).toContain('Hi Kavya Iyer,');
    expect(mail!.text).toContain(`valid for ${RESET_VALID_MINUTES} minutes`);
    const token = await latestLinkToken(email);
    // Only the token's SHA-256 is kept, with its expiry.
    const [row] = await tokensOf(user.id);
    expect(row!.tokenHash).toBe(hashResetToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.usedAt).toBeNull();
    const validFor = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(validFor).toBe(RESET_VALID_MINUTES * 60_000);
  });

  it('refuses a malformed e-mail with 400', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a valid email address.');
  });

  it(`sends at most ${RESET_MAX_PER_WINDOW} links per account per ${RESET_WINDOW_MINUTES} minutes, answering the same`, async () => {
    const { user, email } = await createTestUser(t.app);
    for (let i = 0; i <= RESET_MAX_PER_WINDOW; i += 1) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.passwordResetRequested });
    }
    expect(await mailsTo(email, RESET_SUBJECT)).toHaveLength(RESET_MAX_PER_WINDOW);
    expect(await tokensOf(user.id)).toHaveLength(RESET_MAX_PER_WINDOW);

    // Once the window is over the account may ask again.
    const later = new Date(Date.now() + (RESET_WINDOW_MINUTES + 1) * 60_000);
    await requestPasswordReset(t.app.ctx, { email }, silent, later);
    expect(await mailsTo(email, RESET_SUBJECT)).toHaveLength(RESET_MAX_PER_WINDOW + 1);
  });

  it('lets parallel requests of one account never pass the limit together', async () => {
    const { email } = await createTestUser(t.app);
    const answers = await Promise.all(Array.from({ length: RESET_MAX_PER_WINDOW + 3 }, () => forgot(email)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(await mailsTo(email, RESET_SUBJECT)).toHaveLength(RESET_MAX_PER_WINDOW);
  });

  it('drops the expired links of the account when it asks for a new one', async () => {
    const { user, email } = await createTestUser(t.app);
    expect((await forgot(email)).statusCode).toBe(200);
    const later = new Date(Date.now() + (RESET_VALID_MINUTES + 1) * 60_000);
    await requestPasswordReset(t.app.ctx, { email }, silent, later);
    const rows = await tokensOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(later.getTime());
  });
});

describe("the reset e-mail's token", () => {
  it("reaches only the recipient's copy: the owner's E-mails API and the stored row show the link redacted", async () => {
    const { email } = await createTestUser(t.app);
    await forgot(email);
    const token = await latestLinkToken(email);
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(row!.status).toBe('sent');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.linkToken).toBeNull();
    expect(row!.text).toContain('https://shop.example/reset-password#token=REDACTED');
    expect((row!.data as { resetUrl: string }).resetUrl).toBe('https://shop.example/reset-password#token=REDACTED');

    const admin = await createTestAdmin(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/emails?to=${encodeURIComponent(email)}`,
      headers: bearer(admin.token),
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/emails/${row!.id}`,
      headers: bearer(admin.token),
    });
    expect(detail.statusCode).toBe(200);
    for (const answer of [list.body, detail.body]) expect(answer).not.toContain(token);
    expect(detail.json().data.html).toContain('#token=REDACTED');
    expect(list.json().data).toHaveLength(1);
    // The recipient's copy works.
    expect((await reset(token, 'brand-new-pass')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password with the e-mailed link, once; the old password and every earlier login stop working', async () => {
    const { email, token: loginToken } = await createTestUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(loginToken) })).statusCode).toBe(200);
    await forgot(email);
    const linkToken = await latestLinkToken(email);

    const res = await reset(linkToken, 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.passwordResetDone });
    expect(res.json()).not.toHaveProperty('token');

    const old = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(loginToken) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'brand-new-pass')).statusCode).toBe(200);

    const again = await reset(linkToken, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SERVER_MESSAGES.passwordResetLinkInvalid);
    expect((await login(email, 'another-pass')).statusCode).toBe(401);
  });

  it('refuses a link after 30 minutes', async () => {
    const { user, email } = await createTestUser(t.app);
    await forgot(email);
    const linkToken = await latestLinkToken(email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(linkToken, 'brand-new-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.passwordResetLinkInvalid);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token with the same message', async () => {
    for (const token of ['', 'x'.repeat(201), 'A'.repeat(43)]) {
      const res = await reset(token, 'brand-new-pass');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SERVER_MESSAGES.passwordResetLinkInvalid);
    }
  });

  it('follows the signup password rule and keeps the link usable after a refused password', async () => {
    const { email } = await createTestUser(t.app);
    await forgot(email);
    const linkToken = await latestLinkToken(email);
    const short = await reset(linkToken, 'x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(passwordTooShortMessage(PASSWORD_MIN_LENGTH));
    const long = await reset(linkToken, 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 128/);
    expect((await reset(linkToken, 'brand-new-pass')).statusCode).toBe(200);
  });

  it("voids the account's other links once one is used", async () => {
    const { email } = await createTestUser(t.app);
    await forgot(email);
    const first = await latestLinkToken(email);
    await forgot(email);
    const second = await latestLinkToken(email);
    expect(second).not.toBe(first);
    expect((await reset(second, 'brand-new-pass')).statusCode).toBe(200);
    const res = await reset(first, 'another-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.passwordResetLinkInvalid);
  });

  it('lets only one of two parallel uses of a link through', async () => {
    const { email } = await createTestUser(t.app);
    await forgot(email);
    const linkToken = await latestLinkToken(email);
    const answers = await Promise.all([reset(linkToken, 'first-pass-1'), reset(linkToken, 'second-pass-2')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'first-pass-1' : 'second-pass-2';
    expect((await login(email, winner)).statusCode).toBe(200);
  });

  it('ends the per-account login lock: the new password works at once', async () => {
    const { email } = await createTestUser(t.app);
    for (let i = 0; i < 10; i += 1) await login(email, `wrong-${i}`);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(429);
    await forgot(email);
    expect((await reset(await latestLinkToken(email), 'brand-new-pass')).statusCode).toBe(200);
    expect((await login(email, 'brand-new-pass')).statusCode).toBe(200);
  });
});

describe("an account's outstanding links", () => {
  const put = (url: string, token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: url === 'update-profile' ? 'PUT' : 'POST',
      url: `/api/auth/${url}`,
      headers: bearer(token),
      payload,
    });

  it.each([
    [
      'a password change',
      (token: string) =>
        put('change-password', token, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' }),
    ],
    [
      'a new password in the profile',
      (token: string) => put('update-profile', token, { password: 'brand-new-pass', currentPassword: TEST_PASSWORD }),
    ],
    [
      'a new e-mail in the profile',
      (token: string) =>
        put('update-profile', token, {
          email: `moved-${randomUUID().slice(0, 8)}@example.com`,
          currentPassword: TEST_PASSWORD,
        }),
    ],
    ['logging out everywhere', (token: string) => put('logout-all', token, {})],
  ])('die with %s', async (_change, change) => {
    const { email, token } = await createTestUser(t.app);
    await forgot(email);
    const first = await latestLinkToken(email);
    await forgot(email);
    const second = await latestLinkToken(email);
    expect((await change(token)).statusCode).toBe(200);
    for (const link of [first, second]) {
      const res = await reset(link, 'attacker-pass-1');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SERVER_MESSAGES.passwordResetLinkInvalid);
    }
  });

  it('outlive a change of name or phone', async () => {
    const { email, token } = await createTestUser(t.app);
    await forgot(email);
    const link = await latestLinkToken(email);
    expect((await put('update-profile', token, { name: 'New Name', phone: '9123456780' })).statusCode).toBe(200);
    expect((await reset(link, 'brand-new-pass')).statusCode).toBe(200);
  });
});

describe('the per-address limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
  });
  afterAll(() => limited?.close());

  it.each([
    ['forgot-password', () => forgot('someone@example.com', limited)],
    ['reset-password', () => reset('A'.repeat(43), 'brand-new-pass', limited)],
  ])('answers %s with 429 beyond AUTH_RATE_LIMIT a minute', async (_route, call) => {
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await call()).statusCode);
    expect(codes.slice(0, 2)).not.toContain(429);
    expect(codes[2]).toBe(429);
  });
});

describe('the welcome e-mail', () => {
  it('is written for a new account, to its e-mail, with its name', async () => {
    const email = `welcome-${randomUUID().slice(0, 8)}@example.com`;
    const res = await post('register', {
      name: 'Arjun Mehta',
      email: email.toUpperCase(),
      phone: '9876543210',
      password: 'pump-kart-8',
    });
    expect(res.statusCode).toBe(201);
    const mails = await mailsTo(email, WELCOME_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.envelope.to).toEqual([email]);
    expect(mails[0]!.text).toContain('Hi Arjun Mehta,');
  });

  it('is not written for an e-mail that has an account, nor for an account made outside registration', async () => {
    const { email } = await createTestUser(t.app);
    const taken = await post('register', { name: 'Again', email, phone: '9876543210', password: 'pump-kart-8' });
    expect(taken.statusCode).toBe(201);
    expect(await mailsTo(email, WELCOME_SUBJECT)).toEqual([]);
    // The account holder is told instead (registration.test.ts).
    expect(await mailsTo(email, /^You already have a .+ account$/)).toHaveLength(1);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.name).toBe('Test Buyer');
  });
});
