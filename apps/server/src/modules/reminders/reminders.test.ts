/**
 * The reminder job (docs/shop-rules.md#reminders) against the real database and a real SMTP server: the tasks due in
 * 30 days, 7 days and today are mailed (not the 29th), one e-mail per outlet and person who may buy, linking the
 * products that do each task for that outlet and day at the business's price; nothing for an outlet whose reminders
 * are off or a retired asset; a run twice, or two runs side by side (two server processes on PostgreSQL too), mail
 * once; the app's timer runs the day.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, bookingPath, indiaDateOf, outletRegisterPath, type OutletDto } from '@pumpkart/shared';
import type { Log } from '../../context';
import { businesses, outboxMessages, priceListRules, priceLists, products, reminderRuns } from '../../db/schema';
import { createTestApp, onPostgres, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct } from '../../test/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { caller, newBusiness, outletBody, personWithRole } from '../../test/business-factories';
import type { MailMessageOf } from '../mail';
import { remindOn, runReminderJob } from './index';

const SHOP = 'https://shop.pumpkart.test';
const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

let smtp: TestSmtpServer;
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SHOP, MAIL_POLL_INTERVAL_MS: '100' });
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A fuel dispenser at the outlet whose re-verification (every 12 months, never done) falls due on `dueOn`. */
async function dispenserDueOn(token: string, outletId: string, dueOn: string, serialNumber: string) {
  const res = await call('POST', `/api/business/outlets/${outletId}/assets`, token, {
    make: 'Tokheim',
    model: 'Quantium',
    serialNumber,
    complianceCategory: 'fuel-dispenser',
    installedOn: addMonths(dueOn, -12),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().asset._id as string;
}

/** The reminder e-mails of an outlet, by recipient. */
async function remindersOf(outletId: string) {
  const rows = await t.db
    .select({ to: outboxMessages.recipient, data: outboxMessages.data })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'task-reminder'), sql`${outboxMessages.data} ->> 'outletId' = ${outletId}`));
  return rows.map((row) => ({ to: row.to, message: row.data as unknown as MailMessageOf<'task-reminder'> }));
}

describe('the day’s reminders', () => {
  let service: { id: string };
  beforeAll(async () => {
    // A re-verification visit: the product a dispenser's reminder links to (and an inactive one it does not).
    ({ product: service } = await createTestProduct(t.db, { title: 'Re-verification visit', price: 4500 }));
    await t.db
      .update(products)
      .set({ kind: 'service', taskKeys: ['dispenser-reverification'] })
      .where(eq(products.id, service.id));
    const { product: retired } = await createTestProduct(t.db, { title: 'Old visit', price: 100, active: false });
    await t.db
      .update(products)
      .set({ kind: 'service', taskKeys: ['dispenser-reverification'] })
      .where(eq(products.id, retired.id));
  });

  it('mails the tasks due in 30 days, 7 days and today, not in 29, to each person who may buy, with links', async () => {
    const { admin, businessId, highway } = await newBusiness(t);
    const buyer = await personWithRole(t, businessId, 'buyer');
    await personWithRole(t, businessId, 'viewer');
    await dispenserDueOn(admin.token, highway, '2026-04-09', 'IN-30');
    await dispenserDueOn(admin.token, highway, '2026-03-17', 'IN-7');
    await dispenserDueOn(admin.token, highway, '2026-03-10', 'TODAY');
    await dispenserDueOn(admin.token, highway, '2026-04-08', 'IN-29');
    const retired = await dispenserDueOn(admin.token, highway, '2026-03-10', 'RETIRED');
    await call('POST', `/api/business/assets/${retired}/retire`, admin.token, { retiredOn: '2026-01-05' });

    const result = await remindOn(t.db, '2026-03-10');
    expect(result.mails).toBeGreaterThanOrEqual(2);

    const mails = await remindersOf(highway);
    expect(mails.map((mail) => mail.to).sort()).toEqual([admin.user.email, buyer.user.email].sort());
    const { message } = mails[0]!;
    expect(message).toMatchObject({ businessName: 'Sharma Fuels Pvt Ltd', outletName: 'Sharma Fuels, NH-48' });
    expect(message.tasks.map((task) => [task.item, task.dueOn, task.daysBefore])).toEqual([
      ['Tokheim Quantium, serial TODAY', '2026-03-10', 0],
      ['Tokheim Quantium, serial IN-7', '2026-03-17', 7],
      ['Tokheim Quantium, serial IN-30', '2026-04-09', 30],
    ]);
    expect(message.tasks[0]!.offers).toEqual([
      { productId: service.id, title: 'Re-verification visit', pricePaise: 450_000 },
    ]);

    // Delivered through SMTP with the booking links for this outlet and each due day.
    const [received] = await smtp.waitFor(1, 10_000, (mail) => mail.to === buyer.user.email);
    expect(received!.subject).toBe('Due today at Sharma Fuels, NH-48: 1 task and more');
    const html = String(received!.html).replaceAll('&amp;', '&');
    for (const dueOn of ['2026-03-10', '2026-03-17', '2026-04-09']) {
      expect(html).toContain(`${SHOP}${bookingPath({ productId: service.id, outletId: highway, date: dueOn })}`);
    }
    expect(html).toContain(`${SHOP}${outletRegisterPath(highway)}`);
    expect(received!.text).toContain('E-mail reminders of tasks falling due');
  });

  it('prices the products at the business’s price list', async () => {
    const { admin, businessId, highway } = await newBusiness(t);
    const [list] = await t.db.insert(priceLists).values({ name: 'Fleet partners' }).returning();
    await t.db.insert(priceListRules).values({ priceListId: list!.id, productId: service.id, pricePaise: 399_900 });
    await t.db.update(businesses).set({ priceListId: list!.id }).where(eq(businesses.id, businessId));
    await dispenserDueOn(admin.token, highway, '2026-04-20', 'LISTED');
    await remindOn(t.db, '2026-04-13');
    const [mail] = await remindersOf(highway);
    expect(mail!.message.tasks[0]!.offers).toEqual([
      { productId: service.id, title: 'Re-verification visit', pricePaise: 399_900 },
    ]);
  });

  it('links the outlet’s register when no product does the task', async () => {
    const { admin, highway } = await newBusiness(t);
    await call(
      'PATCH',
      `/api/business/outlets/${highway}`,
      admin.token,
      outletBody('Sharma Fuels, NH-48', { pesoLicenceNumber: 'P/HQ/HR/15/9', pesoLicenceValidUntil: '2026-06-07' }),
    );
    await remindOn(t.db, '2026-05-31');
    const [mail] = await remindersOf(highway);
    expect(mail!.message.tasks).toEqual([
      expect.objectContaining({ item: 'licence P/HQ/HR/15/9', dueOn: '2026-06-07', daysBefore: 7, offers: [] }),
    ]);
  });

  it('sends nothing for an outlet whose reminders are turned off', async () => {
    const { admin, highway, city } = await newBusiness(t);
    const off = await call(
      'PATCH',
      `/api/business/outlets/${city}`,
      admin.token,
      outletBody('Sharma Fuels, Sohna Road', { remindersEnabled: false }),
    );
    expect(off.statusCode, off.body).toBe(200);
    const outlets = off.json().business.outlets as OutletDto[];
    expect(outlets.find((outlet) => outlet._id === city)?.remindersEnabled).toBe(false);
    expect(outlets.find((outlet) => outlet._id === highway)?.remindersEnabled).toBe(true);
    // An edit that leaves the field out keeps it off.
    const edited = await call('PATCH', `/api/business/outlets/${city}`, admin.token, outletBody('Sohna Road'));
    expect((edited.json().business.outlets as OutletDto[]).find((o) => o._id === city)?.remindersEnabled).toBe(false);

    await dispenserDueOn(admin.token, city, '2026-07-01', 'OFF');
    await dispenserDueOn(admin.token, highway, '2026-07-01', 'ON');
    await remindOn(t.db, '2026-07-01');
    expect(await remindersOf(city)).toEqual([]);
    expect(await remindersOf(highway)).toHaveLength(1);
  });

  it('mails once however often it runs, side by side too', async () => {
    const { admin, highway, city } = await newBusiness(t);
    await dispenserDueOn(admin.token, highway, '2026-08-03', 'TWICE');
    await dispenserDueOn(admin.token, city, '2026-08-11', 'SIDE-BY-SIDE');

    await remindOn(t.db, '2026-08-03');
    await remindOn(t.db, '2026-08-03');
    expect(await remindersOf(highway)).toHaveLength(1);

    await Promise.all([remindOn(t.db, '2026-08-04'), remindOn(t.db, '2026-08-04')]);
    expect(await remindersOf(city)).toHaveLength(1);
  });

  it('claims each India day once: a second look that day does nothing', async () => {
    const { admin, highway } = await newBusiness(t);
    await dispenserDueOn(admin.token, highway, '2026-09-14', 'JOB');
    // 20:00 UTC on 13 September is 01:30 on the 14th in India.
    const now = new Date('2026-09-13T20:00:00Z');
    const looks = await Promise.all([runReminderJob(t.app.ctx, silent, now), runReminderJob(t.app.ctx, silent, now)]);
    expect(looks.filter((look) => look !== null)).toEqual([expect.objectContaining({ day: '2026-09-14' })]);
    expect(await runReminderJob(t.app.ctx, silent, new Date('2026-09-14T10:00:00Z'))).toBeNull();
    expect(await remindersOf(highway)).toHaveLength(1);
  });
});

describe('the job’s timer', () => {
  it('runs India’s day once the app is ready, every REMINDER_INTERVAL_MIN', async () => {
    const app = await createTestApp({ REMINDER_INTERVAL_MIN: '0.005' });
    try {
      const today = indiaDateOf(new Date());
      let run: { finishedAt: Date | null } | undefined;
      for (let i = 0; i < 100 && !run?.finishedAt; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        [run] = await app.db.select().from(reminderRuns).where(eq(reminderRuns.day, today));
      }
      expect(run?.finishedAt).toBeInstanceOf(Date);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database (TEST_DATABASE_URL)', () => {
  it('send a day’s reminders once', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const { admin, highway } = await newBusiness(t);
      await dispenserDueOn(admin.token, highway, '2026-10-20', 'TWO-SERVERS');
      const now = new Date('2026-10-20T03:00:00Z');
      const looks = await Promise.all([
        runReminderJob(t.app.ctx, silent, now),
        runReminderJob(other.app.ctx, silent, now),
      ]);
      expect(looks.filter((look) => look !== null)).toHaveLength(1);
      await Promise.all([remindOn(t.db, '2026-10-20'), remindOn(other.db, '2026-10-20')]);
      expect(await remindersOf(highway)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe("the owner's Send today's reminders", () => {
  it('mails what is due today at once, nothing twice, and is the back office’s only', async () => {
    const { admin, highway } = await newBusiness(t);
    const today = indiaDateOf(new Date());
    await dispenserDueOn(admin.token, highway, addDays(today, 7), 'NOW-7');
    const owner = await createTestAdmin(t.app);
    const first = await call('POST', '/api/admin/reminders/run', owner.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ day: today, mails: 1, message: '1 reminder e-mail sent.' });
    expect(await remindersOf(highway)).toHaveLength(1);
    const again = await call('POST', '/api/admin/reminders/run', owner.token);
    expect(again.json()).toMatchObject({ mails: 0, message: 'No new reminders to send today.' });
    expect((await call('POST', '/api/admin/reminders/run', admin.token)).statusCode).toBe(403);
  });
});
