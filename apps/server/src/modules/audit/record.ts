/**
 * Recording the audit trail (docs/shop-rules.md#audit): one append-only row per admin change, written with
 * recordAudit inside the transaction of the change itself, so a change and its record commit or roll back
 * together. The person is named by value (id and e-mail at the time), never by a foreign key.
 */
import type { AuditEntityType, AuditKind } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { insertAuditEvents } from './store';

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

/** Records one change inside the caller's transaction (`tx`): call it in the same transaction as the change. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, event: AuditEventInput): Promise<void> {
  await recordAudits(tx, actor, [event]);
}

/** Records several changes by one person in one statement (a bulk change, such as a CSV import), as recordAudit. */
export async function recordAudits(tx: DbOrTx, actor: AuditActor, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await insertAuditEvents(
    tx,
    actor,
    events.map((event) => ({
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
