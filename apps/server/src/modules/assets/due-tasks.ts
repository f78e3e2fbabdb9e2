/**
 * Every task falling due in a range of days across all outlets (docs/shop-rules.md#assets): what the reminder job
 * mails and the owner's due view counts. Assets are read a batch at a time by id (keyset), so the work per batch is
 * the same however many assets there are and only one batch is held; each batch's last-done days are one grouped
 * read, and the due days come from the same registerTasks the outlet's register shows.
 */
import type { ComplianceTask } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { keysetBatches } from '../../lib/keyset-batches';
import { findLastDone, findLiveAssetsAfter, findOutletLicencesDue } from './store';
import { licenceTask, registerTasks } from './tasks';

const BATCH = 2_000;

export interface DueTask {
  /** Null for the outlet's PESO licence renewal, which is the outlet's task, not an asset's. */
  assetId: string | null;
  outletId: string;
  businessId: string;
  outletName: string;
  city: string;
  remindersEnabled: boolean;
  productId: string | null;
  /** The asset's make, model and serial number as the register shows them (the licence's number for the licence). */
  make: string;
  model: string;
  serialNumber: string | null;
  taskKey: string;
  title: string;
  dueOn: string;
  lastDoneOn: string | null;
}

/**
 * The live assets' tasks due from `from` to `to` (India calendar days, both included; `from` null for everything
 * overdue too), a batch of assets at a time; `schedule` is the schedule in force (compliance's scheduleTasks).
 */
export async function* assetTasksDueBetween(
  db: DbOrTx,
  schedule: readonly ComplianceTask[],
  from: string | null,
  to: string,
  batchSize = BATCH,
): AsyncGenerator<DueTask[]> {
  for await (const rows of keysetBatches(findLiveAssetsAfter(db), (row) => row.asset.id, batchSize)) {
    const lastDone = new Map<string, Map<string, string>>();
    for (const done of await findLastDone(
      db,
      rows.map((row) => row.asset.id),
    )) {
      const of = lastDone.get(done.assetId) ?? new Map<string, string>();
      of.set(done.taskKey, done.lastDoneOn);
      lastDone.set(done.assetId, of);
    }
    const due: DueTask[] = [];
    for (const { asset, ...outlet } of rows) {
      for (const task of registerTasks(schedule, asset, lastDone.get(asset.id) ?? new Map(), to)) {
        if (task.dueOn > to || (from !== null && task.dueOn < from)) continue;
        due.push({
          ...outlet,
          assetId: asset.id,
          productId: asset.productId,
          make: asset.make,
          model: asset.model,
          serialNumber: asset.serialNumber,
          taskKey: task.key,
          title: task.title,
          dueOn: task.dueOn,
          lastDoneOn: task.lastDoneOn,
        });
      }
    }
    if (due.length > 0) yield due;
  }
}

/** The outlets' PESO licence renewals due from `from` to `to` (none when the owner turned that task off). */
export async function licencesDueBetween(
  db: DbOrTx,
  schedule: readonly ComplianceTask[],
  from: string | null,
  to: string,
): Promise<DueTask[]> {
  const rows = await findOutletLicencesDue(db, from, to);
  return rows.flatMap(({ number, dueOn, ...outlet }) => {
    const renewal = licenceTask(schedule, dueOn, to);
    if (!renewal) return [];
    return [
      {
        ...outlet,
        assetId: null,
        productId: null,
        make: '',
        model: '',
        serialNumber: number,
        taskKey: renewal.key,
        title: renewal.title,
        dueOn: renewal.dueOn,
        lastDoneOn: null,
      },
    ];
  });
}
