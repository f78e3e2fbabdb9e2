/**
 * The effective compliance schedule (docs/compliance-schedules.md#owner-changes): the defaults with the owner's
 * overrides applied, the owner's tasks added after them. `scheduleTasks` is what the rest of the server uses (the
 * register, the reminders); `scheduleEntries` also keeps the turned-off tasks and what each default was, for the
 * owner's page.
 */
import {
  DEFAULT_COMPLIANCE_TASKS,
  taskInterval,
  type ComplianceCategoryKey,
  type ComplianceInterval,
  type ComplianceTask,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { listScheduleEdits, type ScheduleEditRow } from './store';

export interface ScheduleEntry {
  task: ComplianceTask & { origin: 'default' | 'owner' };
  productTitle: string | null;
  defaultInterval: ComplianceInterval | null;
  override: { interval: ComplianceInterval | null; disabled: boolean } | null;
  disabled: boolean;
}

/** The interval of a row: months or days, null when the row keeps the default's. */
export function rowInterval(row: Pick<ScheduleEditRow, 'intervalMonths' | 'intervalDays'>): ComplianceInterval | null {
  if (row.intervalMonths !== null) return { unit: 'months', count: row.intervalMonths };
  if (row.intervalDays !== null) return { unit: 'days', count: row.intervalDays };
  return null;
}

/** A task's interval fields from an interval (exactly one of months or days). */
export function intervalFields(interval: ComplianceInterval): { intervalMonths: number } | { intervalDays: number } {
  return interval.unit === 'months' ? { intervalMonths: interval.count } : { intervalDays: interval.count };
}

function withInterval(task: ComplianceTask, interval: ComplianceInterval): ComplianceTask {
  const { intervalMonths: _months, intervalDays: _days, ...rest } = task;
  return { ...rest, ...intervalFields(interval) } as ComplianceTask;
}

function ownerTask(row: ScheduleEditRow): ComplianceTask & { origin: 'owner' } {
  const interval = rowInterval(row)!; // the table's check keeps one on an owner's task
  return {
    key: row.taskKey,
    title: row.title!,
    categoryKey: row.categoryKey as ComplianceCategoryKey,
    ...(row.productId ? { productId: row.productId } : {}),
    basis: {
      source: row.basisSource!,
      clause: row.basisClause!,
      kind: row.basisKind as 'law' | 'standard' | 'practice',
      checked: 'unverified',
    },
    ...intervalFields(interval),
    origin: 'owner',
  } as ComplianceTask & { origin: 'owner' };
}

/** The schedule from the owner's edits: pure, so the defaults' order and an edit's effect are tested without a database. */
export function applyScheduleEdits(
  defaults: readonly ComplianceTask[],
  rows: readonly ScheduleEditRow[],
): ScheduleEntry[] {
  const overrides = new Map(rows.filter((row) => !row.ownerTask).map((row) => [row.taskKey, row]));
  const fromDefaults = defaults.map((task): ScheduleEntry => {
    const row = overrides.get(task.key);
    const interval = row ? rowInterval(row) : null;
    return {
      task: { ...(interval ? withInterval(task, interval) : task), origin: 'default' },
      productTitle: null,
      defaultInterval: taskInterval(task),
      override: row ? { interval, disabled: row.disabled } : null,
      disabled: row?.disabled ?? false,
    };
  });
  const fromOwner = rows
    .filter((row) => row.ownerTask)
    .map((row): ScheduleEntry => ({
      task: ownerTask(row),
      productTitle: row.productTitle,
      defaultInterval: null,
      override: null,
      disabled: false,
    }));
  return [...fromDefaults, ...fromOwner];
}

export async function scheduleEntries(db: DbOrTx): Promise<ScheduleEntry[]> {
  return applyScheduleEdits(DEFAULT_COMPLIANCE_TASKS, await listScheduleEdits(db));
}

/**
 * The tasks in force: the defaults with the owner's intervals, the owner's tasks, and not the turned-off ones.
 * Narrow them to one asset with tasksForAsset (@pumpkart/shared).
 */
export async function scheduleTasks(db: DbOrTx): Promise<(ComplianceTask & { origin: 'default' | 'owner' })[]> {
  return (await scheduleEntries(db)).filter((entry) => !entry.disabled).map((entry) => entry.task);
}
