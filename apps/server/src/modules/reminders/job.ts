/**
 * The daily reminder job (docs/shop-rules.md#reminders, docs/operations.md#reminders): e-mails each outlet's people who
 * may buy its tasks falling due in 30 days, in 7 days and today, once.
 *
 * - Once a day across the servers: every process looks every REMINDER_INTERVAL_MIN; the first to claim the India
 *   day's row in reminder_runs computes it, the others (and its own later looks) find it claimed or finished. A run
 *   whose process died is claimed again once its lease lapses.
 * - Once per reminder: each e-mail is enqueued in the transaction that records its tasks in reminder_sends, with ON
 *   CONFLICT DO NOTHING, so a run taken over half-way, or two runs side by side, mail only what was not mailed.
 * - Exactly those three days: a day the servers were down is not caught up; its 7-day reminder is missed, the
 *   0-day one still comes (docs/shop-rules.md#reminders says why that is enough).
 */
import { indiaDateOf, type PriceListRules } from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import type { Database } from '../../db/client';
import { scheduleTasks } from '../compliance';
import { enqueueMails, type Envelope } from '../mail';
import { listRulesFor } from '../price-lists';
import { dueReminders, offersByTask, reminderTaskOf, type DueReminder } from './compose';
import { claimRun, findBusinessesToRemind, findOffers, finishRun, insertSends, sendKeyOf } from './store';

/** How long a run is its process's before another may take it over: far more than a run of 100,000 assets takes. */
const LEASE_MS = 15 * 60_000;
/** Outlets whose e-mails are written in one transaction. */
const OUTLETS_PER_TRANSACTION = 250;
/** The first look after start-up: soon, yet after the start-up's own work. */
const FIRST_LOOK_MS = 60_000;

export interface ReminderResult {
  day: string;
  /** Tasks due on the three days at outlets with reminders on. */
  tasks: number;
  outlets: number;
  /** E-mails enqueued (one per outlet and person). */
  mails: number;
}

interface BusinessToRemind {
  legalName: string;
  priceListId: string | null;
  emails: string[];
}

/**
 * Computes and enqueues `day`'s reminders, without the day's claim: what was already mailed (reminder_sends) is not
 * mailed again. The job runs it under the claim; tests and the bench call it directly.
 */
export async function remindOn(
  db: Database,
  day: string,
  options: { batchSize?: number } = {},
): Promise<ReminderResult> {
  const schedule = await scheduleTasks(db);
  const byOutlet = await dueReminders(db, schedule, day, options.batchSize);
  const all = [...byOutlet.values()].flat();
  const offers = offersByTask(await findOffers(db, [...new Set(all.map((task) => task.taskKey))]));
  const offerLines = [...offers.values()]
    .flat()
    .map((offer) => ({ productId: offer.productId, category: offer.category }));
  const rulesOfList = new Map<string, Promise<PriceListRules | null>>();
  const rulesOf = (listId: string | null) => {
    if (listId === null) return Promise.resolve(null);
    let rules = rulesOfList.get(listId);
    if (!rules) rulesOfList.set(listId, (rules = listRulesFor(db, listId, offerLines)));
    return rules;
  };

  let mails = 0;
  const outlets = [...byOutlet.values()];
  for (let start = 0; start < outlets.length; start += OUTLETS_PER_TRANSACTION) {
    const chunk = outlets.slice(start, start + OUTLETS_PER_TRANSACTION);
    const businesses = new Map<string, BusinessToRemind>();
    for (const row of await findBusinessesToRemind(db, [...new Set(chunk.map((tasks) => tasks[0]!.businessId))])) {
      const business = businesses.get(row.businessId) ?? {
        legalName: row.legalName,
        priceListId: row.priceListId,
        emails: [],
      };
      business.emails.push(row.email);
      businesses.set(row.businessId, business);
    }
    // An outlet nobody may buy for gets nothing, and nothing is recorded: a buyer added later in the day still may.
    const toMail = chunk.filter((tasks) => businesses.has(tasks[0]!.businessId));
    const rules = new Map(
      await Promise.all(
        [...new Set(toMail.map((tasks) => businesses.get(tasks[0]!.businessId)!.priceListId))].map(
          async (listId) => [listId, await rulesOf(listId)] as const,
        ),
      ),
    );
    mails += await db.transaction(async (tx) => {
      const fresh = await insertSends(tx, toMail.flat(), day);
      const envelopes: Envelope[] = toMail.flatMap((tasks) => {
        const unsent = tasks.filter((task) => fresh.has(sendKeyOf(task)));
        if (unsent.length === 0) return [];
        const business = businesses.get(tasks[0]!.businessId)!;
        const message = messageOf(unsent, business, rules.get(business.priceListId) ?? null, offers);
        return business.emails.map((to) => ({ to, message }));
      });
      await enqueueMails(tx, envelopes);
      return envelopes.length;
    });
  }
  return { day, tasks: all.length, outlets: byOutlet.size, mails };
}

function messageOf(
  tasks: DueReminder[],
  business: BusinessToRemind,
  rules: PriceListRules | null,
  offers: Map<string, Parameters<typeof reminderTaskOf>[1]>,
): Envelope['message'] {
  const [first] = tasks;
  return {
    kind: 'task-reminder',
    businessName: business.legalName,
    outletId: first!.outletId,
    outletName: first!.outletName,
    tasks: tasks.map((task) => reminderTaskOf(task, offers.get(task.taskKey) ?? [], rules)),
  };
}

/**
 * One look of the job at `now`: claims India's day and, when this process got it, sends its reminders and marks it
 * done. Null when the day was done or another process holds it. Safe in several processes at once.
 */
export async function runReminderJob(
  ctx: Pick<AppContext, 'db' | 'mail'>,
  log: Log,
  now: Date = new Date(),
): Promise<ReminderResult | null> {
  const day = indiaDateOf(now);
  if (!(await claimRun(ctx.db, day, now, new Date(now.getTime() + LEASE_MS)))) return null;
  const startedAt = performance.now();
  const result = await remindOn(ctx.db, day);
  await finishRun(ctx.db, day, { tasks: result.tasks, mails: result.mails });
  if (result.mails > 0) ctx.mail.wake();
  log.info({ ...result, ms: Math.round(performance.now() - startedAt) }, 'reminders of tasks falling due sent');
  return result;
}

/**
 * Starts the job's looks: the first a minute after start, then every REMINDER_INTERVAL_MIN (0: never, in this
 * process). stop() clears the timers and waits for a run under way.
 */
export function startReminderJob(ctx: Pick<AppContext, 'db' | 'mail' | 'config'>, log: Log): { stop(): Promise<void> } {
  const intervalMs = ctx.config.REMINDER_INTERVAL_MIN * 60_000;
  let running: Promise<void> | undefined;
  const look = () => {
    running ??= runReminderJob(ctx, log)
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'the reminder job failed; the next look tries again'))
      .finally(() => {
        running = undefined;
      });
  };
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (intervalMs > 0) {
    first = setTimeout(look, Math.min(FIRST_LOOK_MS, intervalMs));
    timer = setInterval(look, intervalMs);
    first.unref();
    timer.unref();
  }
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
