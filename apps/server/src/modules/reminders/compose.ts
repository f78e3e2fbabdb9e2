/**
 * What the day's reminders are (docs/shop-rules.md#reminders): the tasks due exactly 30 days, 7 days and 0 days after
 * `day` at outlets whose reminders are on, found in one pass over the assets (assets' due-tasks), grouped by outlet;
 * and one task as the e-mail lists it, with the products that do it at the business's price.
 */
import {
  addDays,
  buyerUnitPrice,
  REMINDER_DAYS_BEFORE,
  type ComplianceTask,
  type PriceListRules,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { assetTasksDueBetween, licencesDueBetween, type DueTask } from '../assets';
import type { ReminderTask } from '../mail';
import type { OfferRow } from './store';

/** The products a task's reminder offers at most (the cheapest). */
const MAX_OFFERS = 3;

export type DueReminder = DueTask & { daysBefore: number };

/** The reminders of `day`, by outlet id; each outlet's tasks soonest first. */
export async function dueReminders(
  db: DbOrTx,
  schedule: readonly ComplianceTask[],
  day: string,
  batchSize?: number,
): Promise<Map<string, DueReminder[]>> {
  const daysBeforeOf = new Map<string, number>(REMINDER_DAYS_BEFORE.map((days) => [addDays(day, days), days]));
  const last = addDays(day, Math.max(...REMINDER_DAYS_BEFORE));
  const byOutlet = new Map<string, DueReminder[]>();
  const keep = (task: DueTask) => {
    const daysBefore = daysBeforeOf.get(task.dueOn);
    if (daysBefore === undefined || !task.remindersEnabled) return;
    const list = byOutlet.get(task.outletId) ?? [];
    list.push({ ...task, daysBefore });
    byOutlet.set(task.outletId, list);
  };
  for await (const batch of assetTasksDueBetween(db, schedule, day, last, batchSize)) batch.forEach(keep);
  (await licencesDueBetween(db, schedule, day, last)).forEach(keep);
  for (const list of byOutlet.values()) list.sort((a, b) => a.daysBefore - b.daysBefore);
  return byOutlet;
}

/** The asset as the register names it, or the licence with its number. */
export function itemOf(task: DueTask): string {
  const name = `${task.make} ${task.model}`.trim();
  if (task.assetId === null) return task.serialNumber ? `licence ${task.serialNumber}` : 'the outlet’s licence';
  if (!name) return task.serialNumber ? `serial ${task.serialNumber}` : 'equipment without a name';
  return task.serialNumber ? `${name}, serial ${task.serialNumber}` : name;
}

/** The products of each task key, cheapest first (findOffers' order), at most MAX_OFFERS each. */
export function offersByTask(offers: readonly OfferRow[]): Map<string, OfferRow[]> {
  const byTask = new Map<string, OfferRow[]>();
  for (const offer of offers) {
    for (const key of offer.taskKeys) {
      const list = byTask.get(key) ?? [];
      if (list.length < MAX_OFFERS) list.push(offer);
      byTask.set(key, list);
    }
  }
  return byTask;
}

/** One task as the e-mail lists it; `rules` is the business's price list (null: list prices). */
export function reminderTaskOf(
  task: DueReminder,
  offers: readonly OfferRow[],
  rules: PriceListRules | null,
): ReminderTask {
  return {
    title: task.title,
    item: itemOf(task),
    dueOn: task.dueOn,
    daysBefore: task.daysBefore,
    offers: offers.map((offer) => ({
      productId: offer.productId,
      title: offer.title,
      pricePaise: buyerUnitPrice(
        { productId: offer.productId, variantId: null, category: offer.category, listPaise: offer.pricePaise },
        rules,
        offer.quantityBreaks,
        1,
      ),
    })),
  };
}
