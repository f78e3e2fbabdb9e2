/**
 * Tasks due across all outlets (due-tasks.ts) against the real database: read a batch of assets at a time, the same
 * due days as the outlet's register, retired assets left out, a moved asset under its new outlet, a task done early
 * moving its due day, and the PESO licence's renewal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DueTask } from './due-tasks';
import { assetTasksDueBetween, licencesDueBetween } from './due-tasks';
import { scheduleTasks } from '../compliance';
import { createTestApp, type TestApp } from '../../test/app';
import { caller, newBusiness, outletBody } from './test-support';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t?.close());

async function collect(from: string | null, to: string, batchSize: number) {
  const schedule = await scheduleTasks(t.db);
  const all: DueTask[] = [];
  for await (const batch of assetTasksDueBetween(t.db, schedule, from, to, batchSize)) all.push(...batch);
  return all;
}

describe('tasks due across outlets', () => {
  it('finds every asset across batches, with the register’s due days', async () => {
    const { admin, highway, city } = await newBusiness(t);
    const add = async (outletId: string, body: object) => {
      const res = await call('POST', `/api/business/outlets/${outletId}/assets`, admin.token, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().asset._id as string;
    };
    const base = { make: 'Tokheim', model: 'Quantium', complianceCategory: 'fuel-dispenser' };
    const leap = await add(highway, { ...base, serialNumber: 'LEAP', installedOn: '2024-02-29' });
    const early = await add(highway, { ...base, serialNumber: 'EARLY', installedOn: '2024-03-15' });
    const moved = await add(highway, { ...base, serialNumber: 'MOVED', installedOn: '2024-03-01' });
    const retired = await add(highway, { ...base, serialNumber: 'GONE', installedOn: '2024-03-01' });
    expect((await call('POST', `/api/business/assets/${moved}/move`, admin.token, { outletId: city })).statusCode).toBe(
      200,
    );
    await call('POST', `/api/business/assets/${retired}/retire`, admin.token, { retiredOn: '2024-06-01' });
    const done = await call('POST', `/api/business/assets/${early}/records`, admin.token, {
      taskKey: 'dispenser-reverification',
      doneOn: '2025-01-10',
      note: '',
    });
    expect(done.statusCode, done.body).toBe(201);

    const due = (await collect('2025-02-01', '2025-03-31', 1)).filter(
      (task) => task.taskKey === 'dispenser-reverification',
    );
    const byAsset = new Map(due.map((task) => [task.assetId, task]));
    expect(byAsset.get(leap)?.dueOn).toBe('2025-02-28');
    expect(byAsset.get(moved)).toMatchObject({ outletId: city, dueOn: '2025-03-01', city: 'Gurugram' });
    expect(byAsset.has(retired)).toBe(false);
    // Re-verified early on 10 January 2025: next due 10 January 2026, outside the range.
    expect(byAsset.has(early)).toBe(false);
    expect((await collect(null, '2026-01-10', 2)).some((task) => task.assetId === early)).toBe(true);
  });

  it('lists an outlet’s PESO licence renewal by the last day of its validity', async () => {
    const { admin, highway } = await newBusiness(t);
    await call(
      'PATCH',
      `/api/business/outlets/${highway}`,
      admin.token,
      outletBody('Sharma Fuels, NH-48', { pesoLicenceNumber: 'P/HQ/HR/15/9', pesoLicenceValidUntil: '2031-01-15' }),
    );
    const schedule = await scheduleTasks(t.db);
    const due = await licencesDueBetween(t.db, schedule, '2031-01-01', '2031-01-31');
    expect(due.find((task) => task.outletId === highway)).toMatchObject({
      assetId: null,
      taskKey: 'peso-licence-renewal',
      dueOn: '2031-01-15',
      serialNumber: 'P/HQ/HR/15/9',
    });
    expect(await licencesDueBetween(t.db, schedule, '2031-02-01', '2031-02-28')).toEqual([]);
  });
});
