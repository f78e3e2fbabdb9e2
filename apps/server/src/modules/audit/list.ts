/**
 * Reading the audit trail (docs/shop-rules.md#audit): a page of records, newest first, filtered by kind, by what
 * was changed (entity type and id) and by person; and the people who appear in it, for the Activity page's filter.
 * Nothing here (or anywhere) updates or deletes a record.
 */
import type { AuditActorDto, AuditEventDto, AuditListQuery } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { findAuditActors, findAuditPage, type AuditRow } from './store';

type Ctx = Pick<AppContext, 'db'>;

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

/** A page of records matching the query, newest first, and how many match in all. */
export async function listAudit(ctx: Ctx, query: AuditListQuery): Promise<{ data: AuditEventDto[]; total: number }> {
  const { rows, total } = await findAuditPage(ctx.db, query, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toDto), total };
}

/** The people who appear in the trail, each with the e-mail of their latest record, most recently active first. */
export async function listAuditActors(ctx: Ctx): Promise<AuditActorDto[]> {
  const rows = await findAuditActors(ctx.db);
  return rows.sort((a, b) => b.at.getTime() - a.at.getTime()).map((row) => ({ _id: row.id!, email: row.email }));
}
