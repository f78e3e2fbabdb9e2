/**
 * Which compliance tasks an asset carries, and when each falls due (docs/shop-rules.md#assets,
 * docs/compliance-schedules.md#due-dates). An asset's tasks are picked from the schedule in force, the shop's defaults
 * with the owner's changes (compliance's scheduleTasks, read once per request and passed in), by tasksForAsset.
 */
import {
  dueState,
  formatInterval,
  nextDueDate,
  tasksForAsset,
  type ComplianceTask,
  type LastRecordDto,
  type RegisterTaskDto,
} from '@pumpkart/shared';
import type { AssetRow } from './store';

export function tasksOf(
  schedule: readonly ComplianceTask[],
  asset: Pick<AssetRow, 'complianceCategory' | 'extinguisherType' | 'productId'>,
): ComplianceTask[] {
  return tasksForAsset(schedule, {
    categoryKey: asset.complianceCategory,
    extinguisherType: asset.extinguisherType,
    productId: asset.productId,
  });
}

/**
 * The asset's tasks with the last day each was done, its next due day and its state on `today`; with
 * `lastRecords` (the register's), the last record's note and attachment too.
 */
export function registerTasks(
  schedule: readonly ComplianceTask[],
  asset: Pick<AssetRow, 'complianceCategory' | 'extinguisherType' | 'productId' | 'installedOn' | 'manufacturedOn'>,
  lastDone: ReadonlyMap<string, string>,
  today: string,
  lastRecords: ReadonlyMap<string, LastRecordDto> = new Map(),
): RegisterTaskDto[] {
  return tasksOf(schedule, asset).map((task) => {
    const lastDoneOn = lastDone.get(task.key) ?? null;
    const dueOn = nextDueDate({
      task,
      installedOn: asset.installedOn,
      lastDoneOn,
      manufacturedOn: asset.manufacturedOn,
    });
    return {
      key: task.key,
      title: task.title,
      interval: formatInterval(task),
      lastDoneOn,
      dueOn,
      state: dueState(dueOn, today),
      lastRecord: lastRecords.get(task.key) ?? null,
    };
  });
}

/**
 * The PESO licence's renewal as a task of the outlet: due the last day its validity covers; none when the validity is
 * not entered or the owner turned the task off.
 */
export function licenceTask(
  schedule: readonly ComplianceTask[],
  validUntil: string | null,
  today: string,
): RegisterTaskDto | null {
  const renewal = tasksForAsset(schedule, { categoryKey: 'peso-licence' })[0];
  if (!validUntil || !renewal) return null;
  return {
    key: renewal.key,
    title: renewal.title,
    interval: null,
    lastDoneOn: null,
    dueOn: validUntil,
    state: dueState(validUntil, today),
    lastRecord: null,
  };
}
