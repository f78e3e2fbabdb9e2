/**
 * Recording the audit trail (docs/shop-rules.md#audit): one append-only row per admin change, written with
 * recordAudit inside the transaction of the change itself, so a change and its record commit or roll back
 * together. The person is named by value (id and e-mail at the time), never by a foreign key.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntityType, AuditKind } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

/** Who made a change: an account (its e-mail is looked up when not given), or null for the system. */
export type AuditActor = { id: string; email?: string } | null;

/** The changed fields, before and after. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEventInput {
  kind: AuditKind;
  entityType: AuditEntityType;
  entityId: string | null;
  /** One line for people, e.g. 'Status: Processing → Shipped'. */
  summary: string;
  changes?: AuditChanges | null;
}

/** The actor's e-mail: given, or read from the account in the same statement. */
function actorEmail(actor: AuditActor): string | SQL | null {
  if (!actor) return null;
  if (actor.email !== undefined) return actor.email;
  return sql`(select ${users.email} from ${users} where ${users.id} = ${actor.id})`;
}

/** Records one change inside the caller's transaction (`tx`): call it in the same transaction as the change. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, event: AuditEventInput): Promise<void> {
  await recordAudits(tx, actor, [event]);
}

/** Records several changes by one person in one statement (a bulk change, such as a CSV import), as recordAudit. */
export async function recordAudits(tx: DbOrTx, actor: AuditActor, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  // Several rows: the e-mail is read once rather than by a subquery per row.
  const email =
    actor && actor.email === undefined && events.length > 1
      ? ((await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id)))[0]?.email ?? null)
      : actorEmail(actor);
  await tx.insert(auditEvents).values(
    events.map((event) => ({
      actorId: actor?.id ?? null,
      actorEmail: email,
      kind: event.kind,
      entityType: event.entityType,
      entityId: event.entityId,
      summary: event.summary,
      changes: event.changes && Object.keys(event.changes).length > 0 ? event.changes : null,
    })),
  );
}

/** The fields of `after` whose value differs from `before` (compared as JSON), with both values. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    const previous = before[field] ?? null;
    const next = value ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes[field] = { before: previous, after: next };
  }
  return changes;
}
