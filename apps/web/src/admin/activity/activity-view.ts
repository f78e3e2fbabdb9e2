/**
 * The Activity page's table state (docs/shop-rules.md#audit), kept in the address so Back, a reload and a shared
 * link show the same view: ?page=&actor=&kind=, and entityType with entityId when it shows one thing's history
 * (the History sections link here). A value the server would refuse is left out.
 */
import {
  AUDIT_ENTITY_TYPES,
  AUDIT_KINDS,
  type AuditEntityType,
  type AuditKind,
  type AuditListQuery,
} from '@pumpkart/shared';
import { oneOf, pageParam, setParam } from '../ui/use-table-state';

/** Rows per page of the table. */
export const ACTIVITY_PAGE_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ActivityState {
  page: number;
  /** The person's account id, or '' for everyone. */
  actor: string;
  kind: AuditKind | '';
  /** One thing's history, or none. */
  entity: { type: AuditEntityType; id: string } | null;
}

export function readActivityState(params: URLSearchParams): ActivityState {
  const actor = params.get('actor') ?? '';
  const type = oneOf(AUDIT_ENTITY_TYPES, params.get('entityType'), '');
  const id = (params.get('entityId') ?? '').trim();
  return {
    page: pageParam(params.get('page')),
    actor: UUID.test(actor) ? actor : '',
    kind: oneOf(AUDIT_KINDS, params.get('kind'), ''),
    entity: type && id && id.length <= 100 ? { type, id } : null,
  };
}

export function writeActivityState(state: ActivityState): URLSearchParams {
  const params = new URLSearchParams();
  setParam(params, 'page', state.page, 1);
  setParam(params, 'actor', state.actor);
  setParam(params, 'kind', state.kind);
  if (state.entity) {
    params.set('entityType', state.entity.type);
    params.set('entityId', state.entity.id);
  }
  return params;
}

/** The list request of a table state. */
export function activityQuery(state: ActivityState): Partial<AuditListQuery> {
  return {
    page: state.page,
    limit: ACTIVITY_PAGE_SIZE,
    actor: state.actor || undefined,
    kind: state.kind || undefined,
    entityType: state.entity?.type,
    entityId: state.entity?.id,
  };
}

export const hasFilters = (state: ActivityState) => Boolean(state.actor || state.kind || state.entity);
