/**
 * Reading the audit trail (docs/shop-rules.md#audit): a page of records, newest first, filtered by kind, by what
 * was changed (entity type and id) and by person; and the people who appear in it, for the Activity page's filter.
 * Nothing here (or anywhere) updates or deletes a record.
 */
import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { AuditActorDto, AuditEventDto, AuditListQuery } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { auditEvents } from '../../db/schema';

type Ctx = Pick<AppContext, 'db'>;
type AuditRow = typeof auditEvents.$inferSelect;

function toDto(row: AuditRow): AuditEventDto {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { _id: row.actorId, email: row.actorEmail },
    kind: row.kind as AuditEventDto['kind'],
    entityType: row.entityType as AuditEventDto['entityType'],
    entityId: row.entityId,
    summary: row.summary,
    changes: row.changes ?? null,
  };
}

function filtersOf(query: AuditListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(auditEvents.kind, query.kind));
  if (query.entityType) conditions.push(eq(auditEvents.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditEvents.entityId, query.entityId));
  if (query.actor) conditions.push(eq(auditEvents.actorId, query.actor));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of records matching the query, newest first, and how many match in all. */
export async function listAudit(ctx: Ctx, query: AuditListQuery): Promise<{ data: AuditEventDto[]; total: number }> {
  const where = filtersOf(query);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { data: rows.map(toDto), total: counted?.total ?? 0 };
}

/** The people who appear in the trail, each with the e-mail of their latest record, most recently active first. */
export async function listAuditActors(ctx: Ctx): Promise<AuditActorDto[]> {
  const rows = await ctx.db
    .selectDistinctOn([auditEvents.actorId], {
      id: auditEvents.actorId,
      email: auditEvents.actorEmail,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(isNotNull(auditEvents.actorId))
    .orderBy(auditEvents.actorId, desc(auditEvents.at));
  return rows.sort((a, b) => b.at.getTime() - a.at.getTime()).map((row) => ({ _id: row.id!, email: row.email }));
}
