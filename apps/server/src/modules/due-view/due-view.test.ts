/**
 * The owner's due view (docs/shop-rules.md#due-view) against the real database: the 30/60/90-day windows with the
 * overdue bucket, the counts by task and by city, the list by due day a page at a time, the CSV with whom to call,
 * and who may read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUE_VIEW_MESSAGES, type DueViewQuery } from '@pumpkart/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';
import { caller, newBusiness, outletBody } from '../../test/business-factories';
import { dueView } from './service';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ownerToken: string;
let adminEmail: string;
const serials = { D1: '', D2: '', D3: '', D4: '', G1: '' };

/** Noon in India on 15 June 2026. */
const NOW = new Date('2026-06-15T06:30:00Z');

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  ownerToken = (await createTestAdmin(t.app)).token;
  const { admin, highway } = await newBusiness(t);
  adminEmail = admin.user.email;
  const jaipur = await call(
    'POST',
    '/api/business/outlets',
    admin.token,
    outletBody('Sharma Fuels, Ajmer Road', { address: testAddress({ city: 'Jaipur', state: 'Rajasthan' }) }),
  );
  expect(jaipur.statusCode, jaipur.body).toBe(200);
  const jaipurId = (jaipur.json().business.outlets as { _id: string; name: string }[]).find(
    (outlet) => outlet.name === 'Sharma Fuels, Ajmer Road',
  )!._id;
  const add = async (outletId: string, serial: keyof typeof serials, category: string, installedOn: string) => {
    serials[serial] = `SN-${serial}`;
    const res = await call('POST', `/api/business/outlets/${outletId}/assets`, admin.token, {
      make: 'Tokheim',
      model: 'Quantium',
      serialNumber: serials[serial],
      complianceCategory: category,
      installedOn,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await add(highway, 'D1', 'fuel-dispenser', '2025-06-01'); // due 2026-06-01: overdue
  await add(highway, 'D2', 'fuel-dispenser', '2025-07-01'); // due 2026-07-01
  await add(highway, 'G1', 'air-gauge', '2025-08-20'); // due 2026-08-20: in 90 days only
  await add(jaipurId, 'D3', 'fuel-dispenser', '2025-06-20'); // due 2026-06-20
  await add(jaipurId, 'D4', 'fuel-dispenser', '2025-12-01'); // due 2026-12-01: beyond 90 days
  const licence = await call(
    'PATCH',
    `/api/business/outlets/${highway}`,
    admin.token,
    outletBody('Sharma Fuels, NH-48', { pesoLicenceNumber: 'P/HQ/HR/15/9', pesoLicenceValidUntil: '2026-07-10' }),
  );
  expect(licence.statusCode, licence.body).toBe(200);
});
afterAll(() => t?.close());

const view = (query: Partial<DueViewQuery>) => dueView(t.db, { days: 30, page: 1, limit: 50, ...query }, NOW);

describe('the due view', () => {
  it('counts the overdue and the next 30 days, by task and by city, and lists them by due day', async () => {
    const due = await view({ days: 30 });
    expect(due).toMatchObject({ days: 30, today: '2026-06-15', to: '2026-07-15', page: 1, limit: 50 });
    expect(due.totals).toEqual({ count: 4, overdue: 1, due: 3, outlets: 2, businesses: 1 });
    expect(due.byTask).toEqual([
      { taskKey: 'dispenser-reverification', title: expect.any(String), count: 3, overdue: 1 },
      { taskKey: 'peso-licence-renewal', title: expect.any(String), count: 1, overdue: 0 },
    ]);
    expect(due.byCity).toEqual([
      { city: 'Gurugram', count: 3, overdue: 1 },
      { city: 'Jaipur', count: 1, overdue: 0 },
    ]);
    expect(due.items.map((item) => [item.serialNumber, item.dueOn, item.overdue])).toEqual([
      [serials.D1, '2026-06-01', true],
      [serials.D3, '2026-06-20', false],
      [serials.D2, '2026-07-01', false],
      ['P/HQ/HR/15/9', '2026-07-10', false],
    ]);
    expect(due.items[0]).toMatchObject({
      businessName: 'Sharma Fuels Pvt Ltd',
      outletName: 'Sharma Fuels, NH-48',
      city: 'Gurugram',
      make: 'Tokheim',
      model: 'Quantium',
      taskKey: 'dispenser-reverification',
      lastDoneOn: null,
    });
  });

  it('widens to 60 and 90 days', async () => {
    expect((await view({ days: 60 })).totals.count).toBe(4);
    const ninety = await view({ days: 90 });
    expect(ninety.to).toBe('2026-09-13');
    expect(ninety.totals).toMatchObject({ count: 5, overdue: 1, due: 4 });
    expect(ninety.items.at(-1)).toMatchObject({ serialNumber: serials.G1, dueOn: '2026-08-20' });
  });

  it('pages the list, keeping the order', async () => {
    const second = await view({ days: 90, page: 2, limit: 2 });
    expect(second.items.map((item) => item.serialNumber)).toEqual([serials.D2, 'P/HQ/HR/15/9']);
    expect(second.totals.count).toBe(5);
    expect((await view({ days: 90, page: 3, limit: 2 })).items.map((item) => item.serialNumber)).toEqual([serials.G1]);
  });

  it('answers over HTTP to the owner and orders staff, 400 for another window, 403 to others', async () => {
    const res = await call('GET', '/api/admin/due-tasks?days=90&limit=2', ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ days: 90, limit: 2, page: 1 });
    expect(res.json().items).toHaveLength(2);
    const orders = await createTestUser(t.app, { role: 'orders_staff' });
    expect((await call('GET', '/api/admin/due-tasks', orders.token)).statusCode).toBe(200);
    const catalog = await createTestUser(t.app, { role: 'catalog_staff' });
    expect((await call('GET', '/api/admin/due-tasks', catalog.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/due-tasks.csv', catalog.token)).statusCode).toBe(403);
    const wrong = await call('GET', '/api/admin/due-tasks?days=45', ownerToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(DUE_VIEW_MESSAGES.days);
    const far = await call('GET', '/api/admin/due-tasks?page=101&limit=100', ownerToken);
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain(DUE_VIEW_MESSAGES.pageTooFar);
  });

  it('exports every item as CSV, with the business, dealer code, state and its admin to call', async () => {
    const res = await call('GET', '/api/admin/due-tasks.csv?days=90', ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="due-tasks-90-days-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Due on,Overdue,Task,Business,GSTIN,Outlet,Dealer code,City,State,Contact,Phone,E-mail,Make,Model,Serial number,Last done',
    );
    // Every asset installed in 2025 and the licence of July 2026 are due by now (December 2026 or later).
    for (const serial of [serials.D1, serials.D2, serials.D3, serials.G1, 'P/HQ/HR/15/9']) {
      expect(lines.some((line) => line.includes(serial))).toBe(true);
    }
    const d3 = lines.find((line) => line.includes(serials.D3))!;
    expect(d3).toContain('Sharma Fuels Pvt Ltd');
    expect(d3).toContain('IO-1234');
    expect(d3).toContain('Jaipur,Rajasthan,Anil Sharma');
    expect(d3).toContain(adminEmail);
  });
});
