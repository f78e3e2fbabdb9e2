/**
 * The owner's due view (docs/shop-rules.md#due-view): every compliance task due at customers' outlets from the
 * overdue ones to `days` days from today (India's), counted by task and by city as the batches of assets stream past,
 * with one page of the items by due day. Memory: one batch of assets (assetTasksDueBetween's), a count per task and
 * per city, the ids of the outlets and businesses seen, and the items up to the page asked for (page × limit, at most
 * DUE_LIST_MAX_ITEMS), each new item placed by binary search and the list cut back to that length.
 */
import {
  addDays,
  indiaDateOf,
  type DueItemDto,
  type DueViewDto,
  type DueViewQuery,
  type DueWindow,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { assetTasksDueBetween, licencesDueBetween, type DueTask } from '../assets';
import { scheduleTasks } from '../compliance';
import { findBusinessNames } from './store';

/** India's today and the window's last day. */
export function dueWindow(days: DueWindow, now: Date) {
  const today = indiaDateOf(now);
  return { today, to: addDays(today, days) };
}

/** Every task due up to `to` (overdue too), a batch at a time: the outlets' licence renewals first, then the assets'. */
export async function* dueTaskBatches(db: DbOrTx, to: string): AsyncGenerator<DueTask[]> {
  const schedule = await scheduleTasks(db);
  const licences = await licencesDueBetween(db, schedule, null, to);
  if (licences.length > 0) yield licences;
  yield* assetTasksDueBetween(db, schedule, null, to);
}

const text = (value: string | null) => value ?? '';

/** The list's order: due day, then where, then what, then the asset's id so that equal rows keep one order. */
export function compareDue(a: DueTask, b: DueTask): number {
  const keys: [string, string][] = [
    [a.dueOn, b.dueOn],
    [a.city, b.city],
    [a.outletName, b.outletName],
    [a.make, b.make],
    [a.model, b.model],
    [text(a.serialNumber), text(b.serialNumber)],
    [a.title, b.title],
    [text(a.assetId), text(b.assetId)],
    [a.taskKey, b.taskKey],
  ];
  for (const [left, right] of keys) if (left !== right) return left < right ? -1 : 1;
  return 0;
}

/** Keeps the `size` first items in compareDue order of all those offered. */
class FirstItems {
  readonly items: DueTask[] = [];
  constructor(private readonly size: number) {}

  offer(item: DueTask) {
    const items = this.items;
    if (items.length === this.size && compareDue(item, items.at(-1)!) >= 0) return;
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareDue(items[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    items.splice(low, 0, item);
    if (items.length > this.size) items.pop();
  }
}

type Counts = { count: number; overdue: number };

const bump = <K>(map: Map<K, Counts & Record<string, unknown>>, key: K, init: () => Counts, overdue: boolean) => {
  const entry = map.get(key) ?? init();
  entry.count += 1;
  if (overdue) entry.overdue += 1;
  map.set(key, entry);
};

const byCountThen =
  <T extends Counts>(label: (row: T) => string) =>
  (a: T, b: T) =>
    b.count - a.count || label(a).localeCompare(label(b));

export async function dueView(db: DbOrTx, query: DueViewQuery, now: Date = new Date()): Promise<DueViewDto> {
  const { today, to } = dueWindow(query.days, now);
  const first = new FirstItems(query.page * query.limit);
  const byTask = new Map<string, { taskKey: string; title: string } & Counts>();
  const byCity = new Map<string, { city: string } & Counts>();
  const outlets = new Set<string>();
  const businesses = new Set<string>();
  let count = 0;
  let overdue = 0;
  for await (const batch of dueTaskBatches(db, to)) {
    for (const task of batch) {
      const late = task.dueOn < today;
      count += 1;
      if (late) overdue += 1;
      outlets.add(task.outletId);
      businesses.add(task.businessId);
      bump(byTask, task.taskKey, () => ({ taskKey: task.taskKey, title: task.title, count: 0, overdue: 0 }), late);
      bump(byCity, task.city, () => ({ city: task.city, count: 0, overdue: 0 }), late);
      first.offer(task);
    }
  }
  const page = first.items.slice((query.page - 1) * query.limit);
  const names = await findBusinessNames(db, [...new Set(page.map((task) => task.businessId))]);
  return {
    days: query.days,
    today,
    to,
    totals: { count, overdue, due: count - overdue, outlets: outlets.size, businesses: businesses.size },
    byTask: [...byTask.values()].sort(byCountThen((row) => row.title)),
    byCity: [...byCity.values()].sort(byCountThen((row) => row.city)),
    items: page.map((task): DueItemDto => ({
      assetId: task.assetId,
      businessId: task.businessId,
      businessName: names.get(task.businessId) ?? '',
      outletId: task.outletId,
      outletName: task.outletName,
      city: task.city,
      make: task.make,
      model: task.model,
      serialNumber: task.serialNumber,
      taskKey: task.taskKey,
      title: task.title,
      dueOn: task.dueOn,
      lastDoneOn: task.lastDoneOn,
      overdue: task.dueOn < today,
    })),
    page: query.page,
    limit: query.limit,
  };
}
