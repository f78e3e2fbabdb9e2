/**
 * How the effective schedule is formed from the owner's edits (docs/compliance-schedules.md#owner-changes), without
 * a database: an override replaces the unit too, a turned-off task stays on the page but leaves the list, an edit
 * of a key no longer shipped is ignored, and the owner's tasks follow the defaults.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPLIANCE_TASKS } from '@pumpkart/shared';
import { applyScheduleEdits } from './schedule';
import type { ScheduleEditRow } from './store';

const at = new Date('2026-12-01T00:00:00Z');
const row = (fields: Partial<ScheduleEditRow> & Pick<ScheduleEditRow, 'taskKey' | 'ownerTask'>): ScheduleEditRow => ({
  intervalMonths: null,
  intervalDays: null,
  disabled: false,
  title: null,
  categoryKey: null,
  productId: null,
  basisSource: null,
  basisClause: null,
  basisKind: null,
  createdAt: at,
  updatedAt: at,
  productTitle: null,
  ...fields,
});

describe('applyScheduleEdits', () => {
  const entries = applyScheduleEdits(DEFAULT_COMPLIANCE_TASKS, [
    row({ taskKey: 'dispenser-reverification', ownerTask: false, intervalDays: 180 }),
    row({ taskKey: 'density-meter-calibration', ownerTask: false, disabled: true }),
    row({ taskKey: 'no-longer-shipped', ownerTask: false, intervalMonths: 6 }),
    row({
      taskKey: 'owner-0a1b2c3d',
      ownerTask: true,
      title: 'Check gauge A',
      categoryKey: 'air-gauge',
      productId: 'product-a',
      productTitle: 'Gauge A',
      intervalMonths: 6,
      basisSource: 'IOCL circular',
      basisClause: 'para 4',
      basisKind: 'standard',
    }),
  ]);
  const entry = (key: string) => entries.find((candidate) => candidate.task.key === key)!;

  it('keeps the defaults in order, then the owner’s tasks, and ignores an edit of a key not shipped', () => {
    expect(entries.map((candidate) => candidate.task.key)).toEqual([
      ...DEFAULT_COMPLIANCE_TASKS.map((task) => task.key),
      'owner-0a1b2c3d',
    ]);
  });

  it('replaces the interval and its unit, and remembers the default', () => {
    const dispenser = entry('dispenser-reverification');
    expect(dispenser.task.intervalDays).toBe(180);
    expect(dispenser.task.intervalMonths).toBeUndefined();
    expect(dispenser.defaultInterval).toEqual({ unit: 'months', count: 12 });
    expect(dispenser.override).toEqual({ interval: { unit: 'days', count: 180 }, disabled: false });
  });

  it('marks a turned-off task, keeping its interval', () => {
    expect(entry('density-meter-calibration')).toMatchObject({
      disabled: true,
      override: { interval: null, disabled: true },
      task: { intervalMonths: 12 },
    });
  });

  it('makes an owner’s task with its product, its kind and an unverified basis', () => {
    expect(entry('owner-0a1b2c3d')).toMatchObject({
      productTitle: 'Gauge A',
      defaultInterval: null,
      override: null,
      task: {
        origin: 'owner',
        categoryKey: 'air-gauge',
        productId: 'product-a',
        intervalMonths: 6,
        basis: { source: 'IOCL circular', clause: 'para 4', kind: 'standard', checked: 'unverified' },
      },
    });
  });
});
