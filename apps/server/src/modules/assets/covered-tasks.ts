/**
 * The tasks an annual maintenance contract's visit covers (docs/shop-rules.md#amc), recorded done on the outlet's
 * register: for each live asset of the outlet installed by the visit's day, each of its tasks whose key the AMC
 * product lists (products.task_keys) gets a record of that day, as the business's own record would be.
 */
import type { ComplianceTask } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { findLiveAssetsOfOutlet, insertTaskRecord } from './store';
import { tasksOf } from './tasks';

export async function recordCoveredTasks(
  tx: DbOrTx,
  schedule: readonly ComplianceTask[],
  visit: { outletId: string; taskKeys: readonly string[]; doneOn: string; note: string; recordedBy: string },
): Promise<number> {
  if (visit.taskKeys.length === 0) return 0;
  const covered = new Set(visit.taskKeys);
  let recorded = 0;
  for (const asset of await findLiveAssetsOfOutlet(tx, visit.outletId)) {
    if (asset.installedOn > visit.doneOn) continue;
    for (const task of tasksOf(schedule, asset)) {
      if (!covered.has(task.key)) continue;
      await insertTaskRecord(tx, {
        assetId: asset.id,
        taskKey: task.key,
        doneOn: visit.doneOn,
        note: visit.note,
        recordedBy: visit.recordedBy,
      });
      recorded += 1;
    }
  }
  return recorded;
}
