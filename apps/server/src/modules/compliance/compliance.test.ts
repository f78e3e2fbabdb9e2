/**
 * The owner's compliance schedules (docs/compliance-schedules.md#owner-changes) through the API and scheduleTasks:
 * a default's interval changed, turned off and put back, the owner's tasks for a category and for one product,
 * the refusals (400 with the reason, 404 for an unknown key), and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMPLIANCE_MESSAGES, DEFAULT_COMPLIANCE_TASKS, tasksForAsset, type ScheduleTaskDto } from '@pumpkart/shared';
import { auditEvents, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { scheduleTasks } from './schedule';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: object, token = owner) =>
  t.app.inject({ method, url: `/api/admin/compliance${url}`, headers: bearer(token), payload });
async function schedule(): Promise<ScheduleTaskDto[]> {
  const response = await call('GET', '/schedule');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tasks;
}
const keysOf = (tasks: { key: string }[]) => tasks.map((task) => task.key);
const gaugeTask = (fields: object = {}) => ({
  title: 'Check the gauge against the master gauge',
  categoryKey: 'air-gauge',
  interval: { unit: 'months', count: 6 },
  source: 'IOCL dealer circular',
  clause: 'para 4',
  ...fields,
});

describe('the compliance schedule', () => {
  it('answers the defaults unchanged before the owner changes anything', async () => {
    const tasks = await schedule();
    expect(keysOf(tasks)).toEqual(keysOf([...DEFAULT_COMPLIANCE_TASKS]));
    const dispenser = tasks.find((task) => task.key === 'dispenser-reverification')!;
    expect(dispenser).toMatchObject({
      origin: 'default',
      interval: { unit: 'months', count: 12 },
      defaultInterval: { unit: 'months', count: 12 },
      override: null,
      disabled: false,
      basis: { kind: 'law' },
    });
    expect(keysOf(await scheduleTasks(t.db))).toEqual(keysOf([...DEFAULT_COMPLIANCE_TASKS]));
  });

  it("changes a default's interval, turns it off, and puts it back", async () => {
    const changed = await call('PUT', '/defaults/measure-reverification', { interval: { unit: 'months', count: 12 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      interval: { unit: 'months', count: 12 },
      defaultInterval: { unit: 'months', count: 24 },
      override: { interval: { unit: 'months', count: 12 }, disabled: false },
    });
    let effective = await scheduleTasks(t.db);
    expect(effective.find((task) => task.key === 'measure-reverification')).toMatchObject({ intervalMonths: 12 });

    // In days: the months go.
    const inDays = await call('PUT', '/defaults/measure-reverification', { interval: { unit: 'days', count: 300 } });
    expect(inDays.json().interval).toEqual({ unit: 'days', count: 300 });
    effective = await scheduleTasks(t.db);
    const measure = effective.find((task) => task.key === 'measure-reverification')!;
    expect(measure.intervalDays).toBe(300);
    expect(measure.intervalMonths).toBeUndefined();

    const off = await call('PUT', '/defaults/air-gauge-calibration', { disabled: true });
    expect(off.json()).toMatchObject({ disabled: true, interval: { unit: 'months', count: 12 } });
    effective = await scheduleTasks(t.db);
    expect(keysOf(effective)).not.toContain('air-gauge-calibration');
    expect(tasksForAsset(effective, { categoryKey: 'air-gauge' })).toEqual([]);
    // The page still lists it, marked off.
    expect((await schedule()).find((task) => task.key === 'air-gauge-calibration')?.disabled).toBe(true);

    for (const key of ['measure-reverification', 'air-gauge-calibration']) {
      const back = await call('DELETE', `/defaults/${key}`);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ override: null, disabled: false });
    }
    expect(keysOf(await scheduleTasks(t.db))).toEqual(keysOf([...DEFAULT_COMPLIANCE_TASKS]));
    // Back to default twice is no error.
    expect((await call('DELETE', '/defaults/air-gauge-calibration')).statusCode).toBe(200);

    const kinds = await t.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, 'air-gauge-calibration'));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['compliance.default_changed', 'compliance.default_reset']);
  });

  it("adds the owner's tasks for a category and for one product, which apply only to that product's assets", async () => {
    const { product } = await createTestProduct(t.db, { title: 'Gauge A' });
    const forCategory = await call('POST', '/tasks', gaugeTask({ interval: { unit: 'days', count: 90 } }));
    expect(forCategory.statusCode).toBe(201);
    expect(forCategory.json()).toMatchObject({
      origin: 'owner',
      productId: null,
      defaultInterval: null,
      basis: { source: 'IOCL dealer circular', clause: 'para 4', kind: 'practice', checked: 'unverified' },
    });
    expect(forCategory.json().key).toMatch(/^owner-/);
    const forProduct = await call('POST', '/tasks', gaugeTask({ productId: product.id, kind: 'standard' }));
    expect(forProduct.statusCode).toBe(201);
    expect(forProduct.json()).toMatchObject({
      productId: product.id,
      productTitle: 'Gauge A',
      basis: { kind: 'standard' },
    });

    const effective = await scheduleTasks(t.db);
    const categoryKey = forCategory.json().key as string;
    const productKey = forProduct.json().key as string;
    expect(keysOf(tasksForAsset(effective, { categoryKey: 'air-gauge', productId: product.id }))).toEqual([
      'air-gauge-calibration',
      categoryKey,
      productKey,
    ]);
    expect(keysOf(tasksForAsset(effective, { categoryKey: 'air-gauge', productId: null }))).toEqual([
      'air-gauge-calibration',
      categoryKey,
    ]);

    const edited = await call('PATCH', `/tasks/${productKey}`, {
      interval: { unit: 'months', count: 3 },
      title: 'Gauge A check',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Gauge A check',
      interval: { unit: 'months', count: 3 },
    });
    expect(edited.json().basis.source).toBe('IOCL dealer circular');

    expect((await call('DELETE', `/tasks/${categoryKey}`)).json()).toEqual({
      message: COMPLIANCE_MESSAGES.taskRemoved,
    });
    expect(keysOf(await scheduleTasks(t.db))).not.toContain(categoryKey);

    // Deleting the product deletes its tasks.
    await t.db.delete(products).where(eq(products.id, product.id));
    expect(keysOf(await scheduleTasks(t.db))).not.toContain(productKey);
  });

  it('refuses bad input with a reason (400) and unknown keys (404), never a 500', async () => {
    const cases: [string, Awaited<ReturnType<typeof call>>, number, string][] = [
      [
        '0 months',
        await call('PUT', '/defaults/dispenser-reverification', { interval: { unit: 'months', count: 0 } }),
        400,
        COMPLIANCE_MESSAGES.months,
      ],
      [
        '121 months',
        await call('POST', '/tasks', gaugeTask({ interval: { unit: 'months', count: 121 } })),
        400,
        COMPLIANCE_MESSAGES.months,
      ],
      [
        '1.5 months',
        await call('POST', '/tasks', gaugeTask({ interval: { unit: 'months', count: 1.5 } })),
        400,
        COMPLIANCE_MESSAGES.months,
      ],
      [
        '3651 days',
        await call('PATCH', '/tasks/owner-nothing', { interval: { unit: 'days', count: 3651 } }),
        400,
        COMPLIANCE_MESSAGES.days,
      ],
      [
        'nothing to change',
        await call('PUT', '/defaults/dispenser-reverification', {}),
        400,
        COMPLIANCE_MESSAGES.overrideEmpty,
      ],
      ['empty title', await call('POST', '/tasks', gaugeTask({ title: '  ' })), 400, COMPLIANCE_MESSAGES.title],
      [
        'long title',
        await call('POST', '/tasks', gaugeTask({ title: 'x'.repeat(121) })),
        400,
        COMPLIANCE_MESSAGES.title,
      ],
      [
        'unknown category',
        await call('POST', '/tasks', gaugeTask({ categoryKey: 'boilers' })),
        400,
        COMPLIANCE_MESSAGES.category,
      ],
      [
        'missing product',
        await call('POST', '/tasks', gaugeTask({ productId: '00000000-0000-4000-8000-000000000000' })),
        400,
        COMPLIANCE_MESSAGES.productNotFound,
      ],
      [
        'unknown default',
        await call('PUT', '/defaults/boiler-test', { disabled: true }),
        404,
        COMPLIANCE_MESSAGES.defaultNotFound,
      ],
      ['unknown default back', await call('DELETE', '/defaults/boiler-test'), 404, COMPLIANCE_MESSAGES.defaultNotFound],
      [
        'unknown owner task',
        await call('PATCH', '/tasks/owner-nothing', { title: 'x' }),
        404,
        COMPLIANCE_MESSAGES.ownerTaskNotFound,
      ],
      [
        'a default is no owner task',
        await call('DELETE', '/tasks/dispenser-reverification'),
        404,
        COMPLIANCE_MESSAGES.ownerTaskNotFound,
      ],
    ];
    for (const [name, response, status, message] of cases) {
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toBe(message);
    }
  });

  it("is the owner's only", async () => {
    const staff = await createTestUser(t.app, { role: 'catalog_staff' });
    const buyer = await createTestUser(t.app);
    expect((await call('GET', '/schedule', undefined, staff.token)).statusCode).toBe(403);
    expect((await call('POST', '/tasks', gaugeTask(), buyer.token)).statusCode).toBe(403);
  });
});
