/**
 * The reminder job's store (docs/shop-rules.md#reminders): the day's run and its claim, the reminders already sent,
 * the people of the day's businesses who may buy, and the products that do the day's tasks.
 */
import { and, arrayOverlaps, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { BUSINESS_ROLES, mayBuy, type QuantityBreak } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/raw-rows';
import { businesses, businessMembers, products, reminderRuns, reminderSends, users } from '../../db/schema';

/**
 * Claims the day's run for this process until `until`: answers true when the day had no run yet, or its run never
 * finished and its claim lapsed (its process died); false when another holds it or it is done.
 */
export async function claimRun(db: DbOrTx, day: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .insert(reminderRuns)
    .values({ day, claimedUntil: until })
    .onConflictDoUpdate({
      target: reminderRuns.day,
      set: { claimedUntil: until, attempts: sql`${reminderRuns.attempts} + 1` },
      setWhere: and(isNull(reminderRuns.finishedAt), lt(reminderRuns.claimedUntil, now)),
    })
    .returning({ day: reminderRuns.day });
  return rows.length > 0;
}

export async function finishRun(db: DbOrTx, day: string, counts: { tasks: number; mails: number }) {
  await db
    .update(reminderRuns)
    .set({ finishedAt: new Date(), ...counts })
    .where(eq(reminderRuns.day, day));
}

export async function findRun(db: DbOrTx, day: string) {
  const [row] = await db.select().from(reminderRuns).where(eq(reminderRuns.day, day));
  return row;
}

export interface SendKey {
  outletId: string;
  assetId: string | null;
  taskKey: string;
  dueOn: string;
  daysBefore: number;
}

/** The key of one reminder, to match what insertSends answers with what was asked. */
export const sendKeyOf = (send: SendKey) =>
  `${send.outletId}|${send.assetId ?? ''}|${send.taskKey}|${send.dueOn}|${send.daysBefore}`;

/**
 * Records the reminders as sent on `sentOn` (one statement for any number) and answers those that were not sent
 * before: what a second server or a re-run already recorded is left as it is and not answered.
 */
export async function insertSends(tx: DbOrTx, sends: readonly SendKey[], sentOn: string): Promise<Set<string>> {
  if (sends.length === 0) return new Set();
  const result = await tx.execute(sql`
    insert into ${reminderSends} (outlet_id, asset_id, task_key, due_on, days_before, sent_on)
    select s.outlet_id, s.asset_id, s.task_key, s.due_on, s.days_before, ${sentOn}::date
    from json_to_recordset(${JSON.stringify(
      sends.map((send) => ({
        outlet_id: send.outletId,
        asset_id: send.assetId,
        task_key: send.taskKey,
        due_on: send.dueOn,
        days_before: send.daysBefore,
      })),
    )}::json) as s(outlet_id uuid, asset_id uuid, task_key text, due_on date, days_before int)
    on conflict on constraint reminder_sends_once do nothing
    returning outlet_id, asset_id, task_key, to_char(due_on, 'YYYY-MM-DD') as due_on, days_before`);
  return new Set(
    rowsOf<{ outlet_id: string; asset_id: string | null; task_key: string; due_on: string; days_before: number }>(
      result,
    ).map((row) =>
      sendKeyOf({
        outletId: row.outlet_id,
        assetId: row.asset_id,
        taskKey: row.task_key,
        dueOn: row.due_on,
        daysBefore: Number(row.days_before),
      }),
    ),
  );
}

const BUYING_ROLES = BUSINESS_ROLES.filter(mayBuy);

/** The businesses' names and price lists, and the e-mails of their people who may buy (docs/shop-rules.md#reminders). */
export async function findBusinessesToRemind(db: DbOrTx, businessIds: readonly string[]) {
  if (businessIds.length === 0) return [];
  return db
    .select({
      businessId: businesses.id,
      legalName: businesses.legalName,
      priceListId: businesses.priceListId,
      email: users.email,
    })
    .from(businesses)
    .innerJoin(businessMembers, eq(businessMembers.businessId, businesses.id))
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(inArray(businesses.id, [...businessIds]), inArray(businessMembers.role, BUYING_ROLES)))
    .orderBy(asc(businesses.id), asc(users.email));
}

export interface OfferRow {
  productId: string;
  title: string;
  category: string;
  pricePaise: number;
  quantityBreaks: QuantityBreak[];
  taskKeys: string[];
}

/**
 * The active products that can be put in a cart (not "price on request") and do one of these tasks (their
 * task_keys), cheapest first: one read for the whole day's tasks.
 */
export async function findOffers(db: DbOrTx, taskKeys: readonly string[]): Promise<OfferRow[]> {
  if (taskKeys.length === 0) return [];
  return db
    .select({
      productId: products.id,
      title: products.title,
      category: products.category,
      pricePaise: products.pricePaise,
      quantityBreaks: products.quantityBreaks,
      taskKeys: products.taskKeys,
    })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        eq(products.priceOnRequest, false),
        arrayOverlaps(products.taskKeys, [...taskKeys]),
      ),
    )
    .orderBy(asc(products.pricePaise), asc(products.title), asc(products.id));
}
