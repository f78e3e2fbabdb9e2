/**
 * Registration answers the same whether or not the e-mail has an account
 * (docs/decisions/0022-registration-does-not-reveal-accounts.md): a taken e-mail gets the new account's 201, nothing
 * is created or changed, and the account holder gets one account-exists e-mail per window instead.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@pumpkart/shared';
import { outboxMessages, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestUser, TEST_PASSWORD } from '../../test/factories';
import { ACCOUNT_EXISTS_WINDOW_MINUTES, registerCustomer } from './registration';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example/' });
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });
const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const signup = (email: string, password = 'another-pump-9') =>
  ({ name: 'Someone Else', email, phone: '9123456780', password }) as const;

const mailsTo = (email: string) =>
  t.db
    .select({ kind: outboxMessages.kind, data: outboxMessages.data })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email));

describe('POST /api/auth/register with an e-mail that has an account', () => {
  it('answers exactly as for a new e-mail, changes nothing and e-mails the account holder once per window', async () => {
    const fresh = await post('register', signup(newEmail('fresh')));
    const { user, email } = await createTestUser(t.app, { name: 'Kavya Iyer' });

    const taken = await post('register', signup(email.toUpperCase()));
    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.json()).toEqual({ message: SERVER_MESSAGES.registered });
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(user);
    expect((await post('login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await post('login', { email, password: 'another-pump-9' })).statusCode).toBe(401);

    expect(await mailsTo(email)).toEqual([
      {
        kind: 'account-exists',
        data: {
          kind: 'account-exists',
          name: 'Kavya Iyer',
          loginUrl: 'https://shop.example/login',
          forgotPasswordUrl: 'https://shop.example/forgot-password',
        },
      },
    ]);

    const again = await post('register', signup(email));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(fresh.json());
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it(`e-mails the holder again once ${ACCOUNT_EXISTS_WINDOW_MINUTES} minutes have passed`, async () => {
    const { email } = await createTestUser(t.app);
    await registerCustomer(t.app.ctx, signup(email));
    await registerCustomer(t.app.ctx, signup(email));
    expect(await mailsTo(email)).toHaveLength(1);
    const later = new Date(Date.now() + (ACCOUNT_EXISTS_WINDOW_MINUTES + 1) * 60_000);
    await registerCustomer(t.app.ctx, signup(email), later);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual(['account-exists', 'account-exists']);
  });

  it('lets parallel registrations of one e-mail create one account and write one e-mail besides the welcome', async () => {
    const email = newEmail('race');
    const answers = await Promise.all([1, 2, 3].map(() => post('register', signup(email))));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect((await mailsTo(email)).map((mail) => mail.kind).sort()).toEqual(['account-exists', 'welcome']);
  });

  it('sends the account holder a rendered e-mail with the login and reset links', async () => {
    const { email } = await createTestUser(t.app, { name: 'Arjun Mehta' });
    await post('register', signup(email));
    await t.app.ctx.mail.drain();
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'account-exists')));
    expect(mail!.status).toBe('kept');
    expect(mail!.text).toContain('Hi Arjun Mehta,');
    expect(mail!.text).toContain('https://shop.example/login');
    expect(mail!.text).toContain('https://shop.example/forgot-password');
  });
});
