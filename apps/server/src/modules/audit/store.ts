/**
 * The audit_events table (docs/shop-rules.md#audit): rows are only ever inserted, never updated or deleted. The
 * person is named by value (id and e-mail at the time), never by a foreign key.
 */
import { and, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

export type AuditRow = typeof auditEvents.$inferSelect;
/** Who made a change: an account (its e-mail is looked up when not given), or null for the system. */
type Actor = { id: string; email?: string } | null;
type EventRow = Pick<AuditRow, 'kind' | 'entityType' | 'entityId' | 'summary' | 'changes'>;

/** The actor's e-mail: given, or read from the account in the same statement. */
function actorEmail(actor: Actor): string | SQL | null {
  if (!actor) return null;
  if (actor.email !== undefined) return actor.email;
  return sql`(select ${users.email} from ${users} where ${users.id} = ${actor.id})`;
}

/** Inserts the events of one person in one statement. */
export async function insertAuditEvents(tx: DbOrTx, actor: Actor, events: readonly EventRow[]): Promise<void> {
  // Several rows: the e-mail is read once rather than by a subquery per row.
  const email =
    actor && actor.email === undefined && events.length > 1
      ? ((await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id)))[0]?.email ?? null)
      : actorEmail(actor);
  await tx
    .insert(auditEvents)
    .values(events.map((event) => ({ actorId: actor?.id ?? null, actorEmail: email, ...event })));
}

/** What a page of the trail is filtered by. */
export interface AuditFilter {
  kind?: string;
  entityType?: string;
  entityId?: string;
  actor?: string;
}

function filtersOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(auditEvents.kind, filter.kind));
  if (filter.entityType) conditions.push(eq(auditEvents.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditEvents.entityId, filter.entityId));
  if (filter.actor) conditions.push(eq(auditEvents.actorId, filter.actor));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of the rows matching the filter, newest first, and how many match in all. */
export async function findAuditPage(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = filtersOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Each person who appears in the trail with the e-mail and time of their latest record. */
export function findAuditActors(db: DbOrTx): Promise<{ id: string | null; email: string | null; at: Date }[]> {
  return db
    .selectDistinctOn([auditEvents.actorId], {
      id: auditEvents.actorId,
      email: auditEvents.actorEmail,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(isNotNull(auditEvents.actorId))
    .orderBy(auditEvents.actorId, desc(auditEvents.at));
}
