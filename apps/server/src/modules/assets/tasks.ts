/**
 * Which compliance tasks an asset carries, and when each falls due (docs/shop-rules.md#assets,
 * docs/compliance-schedules.md#due-dates). tasksOf is the one place that picks an asset's tasks: today the shop's
 * defaults; the owner's edited schedules will replace its body.
 */
import {
  defaultTasksFor,
  dueState,
  formatInterval,
  nextDueDate,
  type ComplianceTask,
  type RegisterTaskDto,
} from '@pumpkart/shared';
import type { AssetRow } from './store';

export function tasksOf(asset: Pick<AssetRow, 'complianceCategory' | 'extinguisherType'>): ComplianceTask[] {
  return defaultTasksFor(asset.complianceCategory, asset.extinguisherType ?? undefined);
}

/** The asset's tasks with the last day each was done, its next due day and its state on `today`. */
export function registerTasks(
  asset: Pick<AssetRow, 'complianceCategory' | 'extinguisherType' | 'installedOn' | 'manufacturedOn'>,
  lastDone: ReadonlyMap<string, string>,
  today: string,
): RegisterTaskDto[] {
  return tasksOf(asset).map((task) => {
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
    };
  });
}

/** The PESO licence's renewal as a task of the outlet: due the last day its validity covers. */
export function licenceTask(validUntil: string | null, today: string): RegisterTaskDto | null {
  if (!validUntil) return null;
  const renewal = defaultTasksFor('peso-licence')[0];
  return {
    key: renewal?.key ?? 'peso-licence-renewal',
    title: renewal?.title ?? 'Renew PESO licence',
    interval: null,
    lastDoneOn: null,
    dueOn: validUntil,
    state: dueState(validUntil, today),
  };
}
