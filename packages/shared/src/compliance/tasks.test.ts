import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_CATEGORY_KEYS,
  DEFAULT_COMPLIANCE_TASKS,
  EXTINGUISHER_TYPES,
  defaultTasksFor,
  formatInterval,
  taskInterval,
  tasksForAsset,
  type ComplianceTask,
} from './tasks';

/** A default task as a row of the table in docs/compliance-schedules.md. */
function docsRow(task: ComplianceTask): string[] {
  return [
    task.key,
    task.categoryKey,
    task.appliesTo?.extinguisherTypes?.join(', ') ?? 'all',
    task.title,
    formatInterval(task) + (task.endOfLife ? ' from manufacture' : ''),
    task.basis.kind,
    `${task.basis.source}: ${task.basis.clause}`,
    task.basis.checked,
  ];
}

/** The rows of the table between the docs' markers, split into trimmed cells (prettier may pad them). */
function docsTableRows(): string[][] {
  const text = readFileSync(new URL('../../../../docs/compliance-schedules.md', import.meta.url), 'utf8');
  const table = /<!-- default-tasks:start -->([\s\S]*?)<!-- default-tasks:end -->/.exec(text);
  if (!table?.[1]) throw new Error('docs/compliance-schedules.md has no default-tasks table');
  return table[1]
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .slice(2) // the header and its rule
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('DEFAULT_COMPLIANCE_TASKS', () => {
  it('is the table in docs/compliance-schedules.md, row for row', () => {
    expect(docsTableRows()).toEqual(DEFAULT_COMPLIANCE_TASKS.map(docsRow));
  });

  it('has unique keys, one interval each, and a basis for every task', () => {
    const keys = DEFAULT_COMPLIANCE_TASKS.map((task) => task.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const task of DEFAULT_COMPLIANCE_TASKS) {
      const interval = task.intervalMonths ?? task.intervalDays;
      expect(Number.isInteger(interval) && interval > 0, task.key).toBe(true);
      expect((task.intervalMonths === undefined) !== (task.intervalDays === undefined), task.key).toBe(true);
      expect(task.basis.source && task.basis.clause, task.key).toBeTruthy();
      // A shop default must never pass for law; law and standards name a source other than the shop.
      expect(task.basis.kind === 'practice', task.key).toBe(task.basis.source.startsWith('PumpKart'));
    }
  });

  it('covers every category, and gives every extinguisher type a refill, a pressure test and an end of life', () => {
    for (const category of COMPLIANCE_CATEGORY_KEYS)
      expect(defaultTasksFor(category).length, category).toBeGreaterThan(0);
    for (const type of EXTINGUISHER_TYPES) {
      const keys = defaultTasksFor('fire-extinguisher', type).map((task) => task.key);
      expect(
        keys.filter((key) => key.startsWith('extinguisher-refill-')),
        type,
      ).toHaveLength(1);
      expect(
        keys.filter((key) => key.startsWith('extinguisher-pressure-test')),
        type,
      ).toHaveLength(1);
      expect(
        keys.filter((key) => key.startsWith('extinguisher-end-of-life')),
        type,
      ).toHaveLength(1);
      expect(keys, type).toEqual(expect.arrayContaining(['extinguisher-inspection', 'extinguisher-maintenance']));
    }
  });

  it('gives an extinguisher of unknown type only the tasks of every type', () => {
    expect(defaultTasksFor('fire-extinguisher').map((task) => task.key)).toEqual([
      'extinguisher-inspection',
      'extinguisher-maintenance',
    ]);
  });

  it('writes intervals in months, years or days', () => {
    const base = {
      key: 'test',
      title: 'test',
      categoryKey: 'air-gauge',
      basis: { source: 'test', clause: 'test', kind: 'practice', checked: 'unverified' },
    } as const;
    expect(formatInterval({ ...base, intervalMonths: 1 })).toBe('1 month');
    expect(formatInterval({ ...base, intervalMonths: 18 })).toBe('18 months');
    expect(formatInterval({ ...base, intervalMonths: 12 })).toBe('1 year');
    expect(formatInterval({ ...base, intervalMonths: 120 })).toBe('10 years');
    expect(formatInterval({ ...base, intervalDays: 45 })).toBe('45 days');
    expect(formatInterval({ ...base, intervalDays: 1 })).toBe('1 day');
  });
});

describe('tasksForAsset', () => {
  const basis = { source: 'Owner', clause: 'oil company schedule', kind: 'practice', checked: 'unverified' } as const;
  const forProduct: ComplianceTask = {
    key: 'owner-gauge-a',
    title: 'Check gauge A',
    categoryKey: 'air-gauge',
    productId: 'product-a',
    intervalMonths: 6,
    basis,
    origin: 'owner',
  };
  const forCategory: ComplianceTask = {
    key: 'owner-gauge-all',
    title: 'Clean every gauge',
    categoryKey: 'air-gauge',
    intervalDays: 90,
    basis,
    origin: 'owner',
  };
  const tasks = [...DEFAULT_COMPLIANCE_TASKS, forProduct, forCategory];
  const keys = (list: ComplianceTask[]) => list.map((task) => task.key);

  it('is defaultTasksFor over the defaults', () => {
    for (const category of COMPLIANCE_CATEGORY_KEYS)
      expect(tasksForAsset(DEFAULT_COMPLIANCE_TASKS, { categoryKey: category })).toEqual(defaultTasksFor(category));
    for (const type of EXTINGUISHER_TYPES)
      expect(
        tasksForAsset(DEFAULT_COMPLIANCE_TASKS, { categoryKey: 'fire-extinguisher', extinguisherType: type }),
      ).toEqual(defaultTasksFor('fire-extinguisher', type));
  });

  it("gives a product's task only to that product's assets, and a category's task to all of the category", () => {
    expect(keys(tasksForAsset(tasks, { categoryKey: 'air-gauge', productId: 'product-a' }))).toEqual([
      'air-gauge-calibration',
      'owner-gauge-a',
      'owner-gauge-all',
    ]);
    expect(keys(tasksForAsset(tasks, { categoryKey: 'air-gauge', productId: 'product-b' }))).toEqual([
      'air-gauge-calibration',
      'owner-gauge-all',
    ]);
    // Equipment bought elsewhere has no product: only the category's tasks.
    expect(keys(tasksForAsset(tasks, { categoryKey: 'air-gauge', productId: null }))).toEqual([
      'air-gauge-calibration',
      'owner-gauge-all',
    ]);
    // A product's task stays in its category.
    expect(keys(tasksForAsset(tasks, { categoryKey: 'density-meter', productId: 'product-a' }))).toEqual([
      'density-meter-calibration',
    ]);
  });

  it('narrows by extinguisher type, and gives an unknown type (null) only the tasks of every type', () => {
    expect(keys(tasksForAsset(tasks, { categoryKey: 'fire-extinguisher', extinguisherType: null }))).toEqual([
      'extinguisher-inspection',
      'extinguisher-maintenance',
    ]);
    expect(keys(tasksForAsset(tasks, { categoryKey: 'fire-extinguisher', extinguisherType: 'co2' }))).toContain(
      'extinguisher-pressure-test-co2',
    );
  });

  it('reads an interval as a unit and a count', () => {
    expect(taskInterval(forProduct)).toEqual({ unit: 'months', count: 6 });
    expect(taskInterval(forCategory)).toEqual({ unit: 'days', count: 90 });
  });
});
