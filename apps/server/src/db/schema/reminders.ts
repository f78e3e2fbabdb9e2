/**
 * The reminders of tasks falling due (docs/shop-rules.md#reminders): each reminder sent, so that none is sent twice
 * whatever the servers and re-runs, and each day's run, claimed by one server process at a time.
 */
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { assets } from './assets';
import { businessOutlets } from './business';

/**
 * One reminder of one task sent to an outlet's people: the asset's task (or, with no asset, the outlet's licence
 * renewal) due on `due_on`, reminded `days_before` days ahead. Written in the transaction that enqueues the e-mail,
 * with ON CONFLICT DO NOTHING on the unique key: a second server or a re-run finds it there and sends nothing.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => businessOutlets.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    taskKey: text('task_key').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    /** The India day it was sent: due_on minus days_before. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('reminder_sends_once')
      .on(table.outletId, table.assetId, table.taskKey, table.dueOn, table.daysBefore)
      .nullsNotDistinct(),
    index('reminder_sends_sent_on_idx').on(table.sentOn),
  ],
);

/**
 * One day's reminder run: claimed by a conditional upsert (a free day, or one whose claim lapsed unfinished), so one
 * server process computes it at a time; `finished_at` set when done, after which the day's later timers do nothing.
 */
export const reminderRuns = pgTable(
  'reminder_runs',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the finished run found and sent (the operations log shows them too). */
    tasks: integer('tasks'),
    mails: integer('mails'),
  },
  (table) => [check('reminder_runs_attempts_positive', sql`${table.attempts} >= 1`)],
);
