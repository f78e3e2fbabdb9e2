/**
 * The back office's tables: the e-mail outbox, the audit trail, the dashboard's and the Customers page's running
 * totals.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type MailKind, type MailStatus } from '@pumpkart/shared';
import { createdAt, money } from './columns';
import { orders } from './orders';

/**
 * The e-mail outbox (docs/shop-rules.md#emails): a message is written here in the same transaction as the
 * change it reports, and delivered afterwards by the mail worker (modules/mail). `id` is the message's stable
 * identity: its Message-ID, so a retry after a crash sends the same e-mail again, never a different one.
 * `data` is what the template needs besides the order (loaded at render time); subject, html and text are
 * filled at the first render and reused by every retry. A message is claimed for an attempt by moving
 * `next_attempt_at` past the lease (FOR UPDATE SKIP LOCKED), so each is sent by one server process at a time,
 * and one whose sender died is due again when the lease ends.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<MailKind>().notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * The token of the password link a reset or invite message carries, for the recipient's copy only: the stored
     * data and rendering show the link redacted, the worker puts the token in as it hands the message to SMTP, and
     * clears this once the message is sent (docs/shop-rules.md#emails).
     */
    linkToken: text('link_token'),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    check('outbox_messages_status', sql`${table.status} in ('pending', 'sent', 'failed', 'kept')`),
    index('outbox_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_messages_created_idx').on(table.createdAt),
    index('outbox_messages_order_idx').on(table.orderId),
  ],
);

/**
 * The audit trail (docs/shop-rules.md#audit): one row per admin change, append-only. Rows name the person and the
 * thing changed by value (no foreign keys), so deleting a product or an account never touches its history, and a
 * trigger (migration 0010) refuses every UPDATE and DELETE: not even the server can rewrite it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who: the account's id and e-mail at the time; null for the system (e.g. the expiry sweeper). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** What happened, e.g. 'product.updated', 'order.status_changed' (AUDIT_KINDS in @pumpkart/shared). */
    kind: text('kind').notNull(),
    /** What it happened to: 'product', 'order' or 'settings', and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** One line for people, e.g. 'Status: Processing → Shipped'. */
    summary: text('summary').notNull(),
    /** The changed fields' values before and after: { field: { before, after } }. */
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.at),
    index('audit_events_at_idx').on(table.at),
    index('audit_events_actor_idx').on(table.actorId, table.at),
    index('audit_events_kind_idx').on(table.kind, table.at),
  ],
);

/**
 * The dashboard's running totals (docs/shop-rules.md#dashboard, docs/decisions/0011-admin-lists-at-size.md): the
 * triggers of migration 0013 append what each change to orders, order lines and payments adds to a figure (a
 * metric and its key, e.g. 'orders_by_status' / 'shipped', +1) to `dashboard_deltas`, in the change's own
 * transaction and without updating any shared row, so checkouts never wait for each other here. The dashboard and
 * a periodic job fold the deltas into `dashboard_totals`; a figure is its total plus its pending deltas.
 */
export const dashboardDeltas = pgTable('dashboard_deltas', {
  metric: text('metric').notNull(),
  key: text('key').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const dashboardTotals = pgTable(
  'dashboard_totals',
  {
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.metric, table.key] }),
    // The top products: the largest totals of a metric first, equal totals by key, so that the first few entries
    // are the top few whatever the ties (docs/decisions/0011-admin-lists-at-size.md).
    index('dashboard_totals_value_idx').on(table.metric, table.value.desc(), table.key),
  ],
);

/**
 * Each customer's order figures for the Customers page (docs/shop-rules.md#customers-page), kept by the database
 * itself (the triggers of migration 0038, their one definition): a customer is a business (the orders of its
 * people) or a user in none (their own orders); counted are the orders with their payment; a user in a business
 * has a row of zeros. The owes rule is the function customer_owed_paise() of the same migration.
 */
export const customerTotals = pgTable('customer_totals', {
  customerId: uuid('customer_id').primaryKey(),
  orders: integer('orders').notNull(),
  spentPaise: money('spent_paise').notNull(),
  owesPaise: money('owes_paise').notNull(),
  lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
});
