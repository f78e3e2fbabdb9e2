/**
 * Staff accounts (docs/shop-rules.md#staff), against the real database and a real SMTP server (test/smtp.ts): the
 * owner's invite e-mails a set-password link that works once and for 7 days; the staff member then logs in with
 * their role and opens only their area; a pending invite can be sent again (the older link stops working); an
 * e-mail with an account is refused; a role change and a removal end the person's sessions; the owner cannot be
 * changed; each change is in the audit trail; only the owner calls these.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditListResponseSchema,
  SERVER_MESSAGES,
  STAFF_INVITE_VALID_DAYS,
  STAFF_MESSAGES,
  staffChangeResponseSchema,
  staffListResponseSchema,
  type StaffRole,
} from '@pumpkart/shared';
import { passwordResetTokens, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestUser } from '../../test/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';

const SHOP = 'https://shop.example';
const INVITE_LINK = /https:\/\/shop\.example\/set-password#token=[A-Za-z0-9_-]+/g;
const STAFF_PASSWORD = 'a staff password 1';

let smtp: TestSmtpServer;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createTestAdmin>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ PUBLIC_URL: `${SHOP}/`, SMTP_URL: smtp.url });
  owner = await createTestAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const newEmail = () => `staff-${randomUUID().slice(0, 8)}@example.com`;

async function invite(email: string, role: StaffRole = 'orders_staff', name = 'Ravi Kumar') {
  const res = await call('POST', '/api/admin/staff', owner.token, { name, email, role });
  expect(res.statusCode, res.body).toBe(201);
  return staffChangeResponseSchema.parse(res.json());
}

/** The tokens of every invite e-mail the SMTP server accepted for `email`, oldest first. */
async function inviteTokens(email: string): Promise<string[]> {
  await t.app.ctx.mail.drain();
  return smtp.messages
    .filter((mail) => mail.envelope.to.includes(email) && /invited to/.test(mail.subject ?? ''))
    .map((mail) => {
      const links = [...new Set(mail.text!.match(INVITE_LINK))];
      expect(links).toHaveLength(1);
      expect(String(mail.html)).toContain(`href="${links[0]}"`);
      return new URL(links[0]!).hash.replace(/^#token=/, '');
    });
}

const setPassword = (token: string, password = STAFF_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (email: string, password = STAFF_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** Invites, follows the e-mailed link and logs in: answers the staff member's id and token. */
async function joinedStaff(role: StaffRole) {
  const email = newEmail();
  const { data } = await invite(email, role);
  const [token] = await inviteTokens(email);
  expect((await setPassword(token!)).statusCode).toBe(200);
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  return { id: data._id, email, token: res.json().token as string };
}

const staffList = async () => {
  const res = await call('GET', '/api/admin/staff', owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return staffListResponseSchema.parse(res.json()).data;
};

const historyOf = async (id: string) => {
  const res = await call('GET', `/api/admin/audit?entityType=staff&entityId=${id}`, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return auditListResponseSchema.parse(res.json()).data;
};

describe('inviting', () => {
  it('e-mails a link that sets the password once; the staff member then logs in with the role', async () => {
    const email = newEmail();
    const { message, data } = await invite(email.toUpperCase(), 'orders_staff', 'Ravi Kumar');
    expect(message).toBe(STAFF_MESSAGES.invited(email));
    expect(data).toMatchObject({ email, name: 'Ravi Kumar', role: 'orders_staff', status: 'invited' });
    const validFor = Date.parse(data.inviteExpiresAt!) - Date.parse(data.invitedAt);
    expect(Math.round(validFor / 86_400_000)).toBe(STAFF_INVITE_VALID_DAYS);

    // No password works before the link is used.
    expect((await login(email, '')).statusCode).toBe(400);
    expect((await login(email, '!')).statusCode).toBe(401);

    const [token, ...more] = await inviteTokens(email);
    expect(more).toEqual([]);
    const mail = smtp.messages.find((sent) => sent.envelope.to.includes(email))!;
    expect(mail.subject).toBe('You are invited to the PumpKart back office');
    expect(mail.text).toContain('as orders staff: orders and payments only');

    expect((await setPassword(token!)).json()).toEqual({ message: SERVER_MESSAGES.passwordResetDone });
    const again = await setPassword(token!, 'another password 2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SERVER_MESSAGES.passwordResetLinkInvalid });

    const res = await login(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, role: 'orders_staff' });
    const staffToken = res.json().token as string;
    expect((await call('GET', '/api/orders', staffToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/payments', staffToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/products/admin/all', staffToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/products/stats', staffToken)).statusCode).toBe(403);

    expect((await staffList()).find((member) => member._id === data._id)).toMatchObject({
      status: 'joined',
      inviteExpiresAt: null,
    });
  });

  it('refuses a link after its 7 days', async () => {
    const email = newEmail();
    const { data } = await invite(email, 'catalog_staff');
    const [token] = await inviteTokens(email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, data._id));
    const res = await setPassword(token!);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.passwordResetLinkInvalid });
    expect((await staffList()).find((member) => member._id === data._id)?.status).toBe('expired');
  });

  it('sends a pending invite again with a new link; the older one stops working', async () => {
    const email = newEmail();
    const first = await invite(email, 'orders_staff', 'Ravi');
    const second = await invite(email, 'catalog_staff', 'Ravi Kumar');
    expect(second.data).toMatchObject({ _id: first.data._id, role: 'catalog_staff', name: 'Ravi Kumar' });
    const [oldToken, newToken] = await inviteTokens(email);
    expect((await setPassword(oldToken!)).statusCode).toBe(400);
    expect((await setPassword(newToken!)).statusCode).toBe(200);
    expect((await login(email)).json().user.role).toBe('catalog_staff');
    expect((await historyOf(first.data._id)).map((event) => event.summary)).toEqual([
      `Invited again: ${email} as catalog staff`,
      `Invited: ${email} as orders staff`,
    ]);
  });

  it('refuses an e-mail that has an account: a buyer, the owner, a staff member who joined', async () => {
    const buyer = await createTestUser(t.app);
    const joined = await joinedStaff('orders_staff');
    for (const email of [buyer.email, owner.email, joined.email]) {
      const res = await call('POST', '/api/admin/staff', owner.token, { name: 'X', email, role: 'orders_staff' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: STAFF_MESSAGES.emailTaken });
    }
    const [account] = await t.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(account!.role).toBe('customer');
  });

  it('refuses a bad body with 400 and writes nothing', async () => {
    const email = newEmail();
    for (const body of [
      { name: 'A', email, role: 'admin' },
      { name: 'A', email, role: 'customer' },
      { name: 'A', email: 'not-an-email', role: 'orders_staff' },
      { name: ' ', email, role: 'orders_staff' },
      { email, role: 'orders_staff' },
    ]) {
      const res = await call('POST', '/api/admin/staff', owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('records the invite in the audit trail with who made it', async () => {
    const email = newEmail();
    const { data } = await invite(email, 'catalog_staff', 'Meena');
    const [event, ...rest] = await historyOf(data._id);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      kind: 'staff.invited',
      actor: { _id: owner.user.id, email: owner.email },
      entityType: 'staff',
      entityId: data._id,
      summary: `Invited: ${email} as catalog staff`,
      changes: { name: { before: null, after: 'Meena' }, role: { before: null, after: 'catalog_staff' } },
    });
  });
});

describe('changing the role', () => {
  it('changes it, ends the sessions, and the new login has the new area', async () => {
    const staff = await joinedStaff('orders_staff');
    const res = await call('PATCH', `/api/admin/staff/${staff.id}`, owner.token, { role: 'catalog_staff' });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffChangeResponseSchema.parse(res.json())).toMatchObject({
      message: STAFF_MESSAGES.roleChanged,
      data: { role: 'catalog_staff', status: 'joined' },
    });
    expect((await call('GET', '/api/orders', staff.token)).statusCode).toBe(401);
    const fresh = (await login(staff.email)).json().token as string;
    expect((await call('GET', '/api/orders', fresh)).statusCode).toBe(403);
    expect((await call('GET', '/api/products/admin/all', fresh)).statusCode).toBe(200);

    const [event] = await historyOf(staff.id);
    expect(event).toMatchObject({
      kind: 'staff.role_changed',
      summary: `${staff.email}: orders staff → catalog staff`,
      changes: { role: { before: 'orders_staff', after: 'catalog_staff' } },
    });
  });

  it('records nothing and keeps the sessions when the role is the same', async () => {
    const staff = await joinedStaff('orders_staff');
    const before = (await historyOf(staff.id)).length;
    const res = await call('PATCH', `/api/admin/staff/${staff.id}`, owner.token, { role: 'orders_staff' });
    expect(res.statusCode).toBe(200);
    expect(await historyOf(staff.id)).toHaveLength(before);
    expect((await call('GET', '/api/orders', staff.token)).statusCode).toBe(200);
  });
});

describe('removing', () => {
  it('makes a member a customer: their sessions end, their link and back office are gone', async () => {
    const staff = await joinedStaff('catalog_staff');
    const res = await call('DELETE', `/api/admin/staff/${staff.id}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: STAFF_MESSAGES.removed });
    expect((await call('GET', '/api/products/admin/all', staff.token)).statusCode).toBe(401);
    const fresh = await login(staff.email);
    expect(fresh.json().user.role).toBe('customer');
    expect((await call('GET', '/api/products/admin/all', fresh.json().token)).statusCode).toBe(403);
    expect((await staffList()).map((member) => member._id)).not.toContain(staff.id);
    expect((await historyOf(staff.id))[0]).toMatchObject({
      kind: 'staff.removed',
      summary: `Removed: ${staff.email} (catalog staff)`,
      changes: { role: { before: 'catalog_staff', after: 'customer' } },
    });
  });

  it('withdraws an unused invite: the account and its link are gone', async () => {
    const email = newEmail();
    const { data } = await invite(email);
    const [token] = await inviteTokens(email);
    expect((await call('DELETE', `/api/admin/staff/${data._id}`, owner.token)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, data._id))).toEqual([]);
    expect((await setPassword(token!)).statusCode).toBe(400);
    expect((await historyOf(data._id))[0]).toMatchObject({
      kind: 'staff.removed',
      summary: `Invite withdrawn: ${email} (orders staff)`,
    });
  });
});

describe('what these calls refuse', () => {
  it('never changes or removes the owner, a buyer or an unknown id', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const payload = method === 'PATCH' ? { role: 'orders_staff' } : undefined;
      const ownerRes = await call(method, `/api/admin/staff/${owner.user.id}`, owner.token, payload);
      expect(ownerRes.statusCode).toBe(403);
      expect(ownerRes.json()).toEqual({ message: STAFF_MESSAGES.ownerUntouchable });
      const buyer = await createTestUser(t.app);
      for (const id of [buyer.user.id, randomUUID()]) {
        const res = await call(method, `/api/admin/staff/${id}`, owner.token, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: STAFF_MESSAGES.notFound });
      }
    }
    const [account] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(account!.role).toBe('admin');
  });

  it('is the owner’s only: staff and buyers get 403, a stranger 401', async () => {
    const staff = await joinedStaff('orders_staff');
    const buyer = await createTestUser(t.app);
    for (const token of [staff.token, buyer.token]) {
      const res = await call('POST', '/api/admin/staff', token, { name: 'X', email: newEmail(), role: 'orders_staff' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.adminOnly });
    }
    expect((await call('GET', '/api/admin/staff', null)).statusCode).toBe(401);
  });
});
