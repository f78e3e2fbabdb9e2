/**
 * The outlet register as a business's people use it (docs/shop-rules.md#assets) against the real database: the
 * outlet's PESO licence, equipment bought elsewhere, an asset moved (never to another business's outlet) and
 * retired, tasks recorded (done early restarting the interval), due days across a leap day and a month end, and a
 * viewer who reads but may not write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES, BUSINESS_MESSAGES, indiaDateOf, addDays } from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestUser } from '../../test/factories';
import { caller, newBusiness, outletBody, personWithRole } from './test-support';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t?.close());

const dispenser = (overrides: Record<string, unknown> = {}) => ({
  make: 'Tokheim',
  model: 'Quantium 510',
  serialNumber: 'TK-88121',
  complianceCategory: 'fuel-dispenser',
  installedOn: '2025-04-10',
  ...overrides,
});

async function addAsset(token: string, outletId: string, body: object) {
  const res = await call('POST', `/api/business/outlets/${outletId}/assets`, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().asset as { _id: string };
}

async function registerOf(token: string, outletId: string) {
  const res = await call('GET', `/api/business/outlets/${outletId}/register`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    licence: { key: string; dueOn: string; state: string } | null;
    assets: {
      _id: string;
      serialNumber: string;
      tasks: { key: string; lastDoneOn: string | null; dueOn: string; state: string }[];
    }[];
  };
}

const taskOf = async (token: string, outletId: string, assetId: string, key: string) =>
  (await registerOf(token, outletId)).assets.find((a) => a._id === assetId)!.tasks.find((task) => task.key === key)!;

describe("an outlet's PESO licence", () => {
  it('is optional, kept with the outlet, and shows as the renewal due the day its validity ends', async () => {
    const { admin, highway } = await newBusiness(t);
    const saved = await call(
      'PATCH',
      `/api/business/outlets/${highway}`,
      admin.token,
      outletBody('Sharma Fuels, NH-48', { pesoLicenceNumber: 'P/HQ/HR/15/1234', pesoLicenceValidUntil: '2027-01-15' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().business.outlets.find((o: { _id: string }) => o._id === highway)).toMatchObject({
      pesoLicenceNumber: 'P/HQ/HR/15/1234',
      pesoLicenceValidUntil: '2027-01-15',
    });
    expect((await registerOf(admin.token, highway)).licence).toMatchObject({
      key: 'peso-licence-renewal',
      dueOn: '2027-01-15',
      lastDoneOn: null,
    });
    const wrong = await call(
      'PATCH',
      `/api/business/outlets/${highway}`,
      admin.token,
      outletBody('Sharma Fuels, NH-48', { pesoLicenceValidUntil: '2027-02-30' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/PESO licence valid until is not a date of the calendar/);
    const cleared = await call(
      'PATCH',
      `/api/business/outlets/${highway}`,
      admin.token,
      outletBody('Sharma Fuels, NH-48'),
    );
    expect(cleared.json().business.outlets[0]).toMatchObject({ pesoLicenceNumber: null, pesoLicenceValidUntil: null });
    expect((await registerOf(admin.token, highway)).licence).toBeNull();
  });
});

describe('equipment bought elsewhere', () => {
  it('joins the register; an extinguisher type on another category and wrong dates are 400', async () => {
    const { admin, highway } = await newBusiness(t);
    const asset = await addAsset(admin.token, highway, dispenser());
    const register = await registerOf(admin.token, highway);
    expect(register.assets).toEqual([
      expect.objectContaining({
        _id: asset._id,
        make: 'Tokheim',
        orderId: null,
        productId: null,
        tasks: [expect.objectContaining({ key: 'dispenser-reverification', dueOn: '2026-04-10', state: 'overdue' })],
      }),
    ]);
    const typed = await call(
      'POST',
      `/api/business/outlets/${highway}/assets`,
      admin.token,
      dispenser({ extinguisherType: 'co2' }),
    );
    expect(typed.json().message).toBe(ASSET_MESSAGES.extinguisherTypeOnlyForExtinguishers);
    const backwards = await call(
      'POST',
      `/api/business/outlets/${highway}/assets`,
      admin.token,
      dispenser({ manufacturedOn: '2025-05-01' }),
    );
    expect(backwards.json().message).toContain(ASSET_MESSAGES.manufacturedAfterInstalled);
    const category = await call(
      'POST',
      `/api/business/outlets/${highway}/assets`,
      admin.token,
      dispenser({ complianceCategory: 'pump' }),
    );
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toMatch(/Choose a compliance category/);
  });
});

describe('moving and retiring an asset', () => {
  it("moves between the business's outlets, never to another business's (404), and retires it", async () => {
    const { admin, highway, city } = await newBusiness(t);
    const other = await newBusiness(t);
    const asset = await addAsset(admin.token, highway, dispenser());
    const moved = await call('POST', `/api/business/assets/${asset._id}/move`, admin.token, { outletId: city });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().asset.outletId).toBe(city);
    expect((await registerOf(admin.token, highway)).assets).toEqual([]);
    expect((await registerOf(admin.token, city)).assets.map((a) => a._id)).toEqual([asset._id]);
    const same = await call('POST', `/api/business/assets/${asset._id}/move`, admin.token, { outletId: city });
    expect(same.json()).toEqual({ message: ASSET_MESSAGES.sameOutlet });
    const foreign = await call('POST', `/api/business/assets/${asset._id}/move`, admin.token, {
      outletId: other.highway,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: BUSINESS_MESSAGES.outletNotFound });
    // Another business cannot touch it, nor read the outlet.
    expect(
      (await call('POST', `/api/business/assets/${asset._id}/move`, other.admin.token, { outletId: other.city }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/business/outlets/${city}/register`, other.admin.token)).statusCode).toBe(404);

    // An outlet with live equipment cannot be removed.
    expect((await call('DELETE', `/api/business/outlets/${city}`, admin.token)).json()).toEqual({
      message: BUSINESS_MESSAGES.outletHasAssets,
    });
    const early = await call('POST', `/api/business/assets/${asset._id}/retire`, admin.token, {
      retiredOn: '2025-01-01',
    });
    expect(early.json()).toEqual({ message: ASSET_MESSAGES.retiredBeforeInstalled });
    const retired = await call('POST', `/api/business/assets/${asset._id}/retire`, admin.token, {
      retiredOn: '2026-11-30',
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().asset).toMatchObject({ retiredOn: '2026-11-30', outletId: city });
    expect((await registerOf(admin.token, city)).assets).toEqual([]);
    const again = await call('POST', `/api/business/assets/${asset._id}/move`, admin.token, { outletId: highway });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ASSET_MESSAGES.retired });
    expect((await call('DELETE', `/api/business/outlets/${city}`, admin.token)).statusCode).toBe(200);
  });
});

describe('tasks done and due days', () => {
  it('restarts the interval from a task done early', async () => {
    const { admin, highway } = await newBusiness(t);
    const asset = await addAsset(admin.token, highway, dispenser({ installedOn: '2025-04-10' }));
    // Due 2026-04-10; re-verified two months early.
    const done = await call('POST', `/api/business/assets/${asset._id}/records`, admin.token, {
      taskKey: 'dispenser-reverification',
      doneOn: '2026-02-10',
      note: 'Stamped by the Legal Metrology inspector, certificate LM/2026/118',
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(await taskOf(admin.token, highway, asset._id, 'dispenser-reverification')).toMatchObject({
      lastDoneOn: '2026-02-10',
      dueOn: '2027-02-10',
      state: 'later',
    });
    // An older record does not move it back: the last day done counts.
    await call('POST', `/api/business/assets/${asset._id}/records`, admin.token, {
      taskKey: 'dispenser-reverification',
      doneOn: '2025-12-01',
    });
    expect((await taskOf(admin.token, highway, asset._id, 'dispenser-reverification')).dueOn).toBe('2027-02-10');
  });

  it('counts across a leap day and a month end', async () => {
    const { admin, highway } = await newBusiness(t);
    const leap = await addAsset(admin.token, highway, dispenser({ installedOn: '2024-02-29' }));
    expect(await taskOf(admin.token, highway, leap._id, 'dispenser-reverification')).toMatchObject({
      dueOn: '2025-02-28',
      state: 'overdue',
    });
    const extinguisher = await addAsset(admin.token, highway, {
      make: 'Ceasefire',
      model: 'ABC 6 kg',
      complianceCategory: 'fire-extinguisher',
      extinguisherType: 'co2',
      installedOn: '2025-01-31',
      manufacturedOn: '2024-11-15',
    });
    const tasks = (await registerOf(admin.token, highway)).assets.find((a) => a._id === extinguisher._id)!.tasks;
    expect(Object.fromEntries(tasks.map((task) => [task.key, task.dueOn]))).toEqual({
      'extinguisher-inspection': '2025-02-28',
      'extinguisher-maintenance': '2026-01-31',
      'extinguisher-refill-co2-clean-agent': '2030-01-31',
      'extinguisher-pressure-test-co2': '2030-01-31',
      'extinguisher-end-of-life-co2': '2039-11-15',
    });
    // Inspected on 31 March: next due 30 April, the month's last day.
    await call('POST', `/api/business/assets/${extinguisher._id}/records`, admin.token, {
      taskKey: 'extinguisher-inspection',
      doneOn: '2025-03-31',
    });
    expect((await taskOf(admin.token, highway, extinguisher._id, 'extinguisher-inspection')).dueOn).toBe('2025-04-30');
  });

  it('refuses a task the asset does not have, a day to come, a day before installation', async () => {
    const { admin, highway } = await newBusiness(t);
    const asset = await addAsset(admin.token, highway, dispenser());
    const record = (body: object) => call('POST', `/api/business/assets/${asset._id}/records`, admin.token, body);
    expect((await record({ taskKey: 'extinguisher-inspection', doneOn: '2026-01-01' })).json()).toEqual({
      message: ASSET_MESSAGES.unknownTask('extinguisher-inspection'),
    });
    const tomorrow = addDays(indiaDateOf(new Date()), 1);
    expect((await record({ taskKey: 'dispenser-reverification', doneOn: tomorrow })).json()).toEqual({
      message: ASSET_MESSAGES.doneInFuture,
    });
    expect((await record({ taskKey: 'dispenser-reverification', doneOn: '2025-01-01' })).json()).toEqual({
      message: ASSET_MESSAGES.doneBeforeInstalled,
    });
  });
});

describe('who may change the register', () => {
  it('lets a viewer read it and refuses every write (403); a buyer writes; a person in no business 404', async () => {
    const { admin, businessId, highway, city } = await newBusiness(t);
    const asset = await addAsset(admin.token, highway, dispenser());
    const viewer = await personWithRole(t, businessId, 'viewer');
    expect((await registerOf(viewer.token, highway)).assets).toHaveLength(1);
    const writes = [
      call('POST', `/api/business/outlets/${highway}/assets`, viewer.token, dispenser()),
      call('PATCH', `/api/business/assets/${asset._id}`, viewer.token, dispenser()),
      call('POST', `/api/business/assets/${asset._id}/move`, viewer.token, { outletId: city }),
      call('POST', `/api/business/assets/${asset._id}/retire`, viewer.token, { retiredOn: '2026-12-01' }),
      call('POST', `/api/business/assets/${asset._id}/records`, viewer.token, {
        taskKey: 'dispenser-reverification',
        doneOn: '2026-01-01',
      }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ASSET_MESSAGES.viewerCannotEdit });
    }
    const buyer = await personWithRole(t, businessId, 'buyer');
    expect(
      (await call('POST', `/api/business/assets/${asset._id}/move`, buyer.token, { outletId: city })).statusCode,
    ).toBe(200);
    const outsider = await createTestUser(t.app);
    expect((await call('GET', `/api/business/outlets/${highway}/register`, outsider.token)).json()).toEqual({
      message: BUSINESS_MESSAGES.notFound,
    });
  });
});

describe("the owner's schedule in the register", () => {
  it("follows a changed interval and an owner's task, and leaves out a task turned off", async () => {
    const owner = (await createTestAdmin(t.app)).token;
    const admin$ = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/admin/compliance${url}`, headers: bearer(owner), payload });
    const { admin, highway } = await newBusiness(t);
    const asset = await addAsset(admin.token, highway, dispenser({ installedOn: '2025-04-10' }));
    const changed = await admin$('PUT', '/defaults/dispenser-reverification', {
      interval: { unit: 'months', count: 6 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const added = await admin$('POST', '/tasks', {
      title: 'Check the nozzle hoses',
      categoryKey: 'fuel-dispenser',
      interval: { unit: 'months', count: 3 },
      source: 'IOCL dealer circular',
      clause: 'para 7',
    });
    expect(added.statusCode, added.body).toBe(201);
    try {
      const tasks = (await registerOf(admin.token, highway)).assets.find((a) => a._id === asset._id)!.tasks;
      expect(tasks.map((task) => [task.key, task.dueOn])).toEqual([
        ['dispenser-reverification', '2025-10-10'],
        [added.json().key, '2025-07-10'],
      ]);
      const recorded = await call('POST', `/api/business/assets/${asset._id}/records`, admin.token, {
        taskKey: added.json().key,
        doneOn: '2025-07-01',
      });
      expect(recorded.statusCode, recorded.body).toBe(201);

      expect((await admin$('PUT', '/defaults/dispenser-reverification', { disabled: true })).statusCode).toBe(200);
      const left = (await registerOf(admin.token, highway)).assets.find((a) => a._id === asset._id)!.tasks;
      expect(left.map((task) => [task.key, task.lastDoneOn, task.dueOn])).toEqual([
        [added.json().key, '2025-07-01', '2025-10-01'],
      ]);
    } finally {
      await admin$('DELETE', '/defaults/dispenser-reverification');
      await admin$('DELETE', `/tasks/${added.json().key}`);
    }
  });
});
