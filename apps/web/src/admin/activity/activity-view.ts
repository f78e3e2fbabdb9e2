/**
 * The Activity page's table state (docs/shop-rules.md#audit), kept in the address so Back, a reload and a shared
 * link show the same view: ?page=&actor=&kind=, and entityType with entityId when it shows one thing's history
 * (the History sections link here). useTableState reads and writes it; a value the server would refuse is left out.
 */
import { AUDIT_ENTITY_TYPES, AUDIT_KINDS, type AuditListQuery } from '@pumpkart/shared';
import { choiceParam, matchParam, pageParam, tableSpec, type Param, type StateOf } from '../ui/use-table-state';

/** Rows per page of the table. */
export const ACTIVITY_PAGE_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An entity's id in the address: trimmed, at most 100 characters, else none. */
const entityIdParam: Param<string> = {
  parse: (text) => (text.trim().length <= 100 ? text.trim() : undefined),
  fallback: '',
};

/** The page's keys: the page, the person's account id ('' for everyone), the kind, and one thing's history. */
export const ACTIVITY_TABLE = tableSpec({
  params: {
    page: pageParam(),
    actor: matchParam(UUID),
    kind: choiceParam(AUDIT_KINDS),
    entityType: choiceParam(AUDIT_ENTITY_TYPES),
    entityId: entityIdParam,
  },
  // One thing's history needs both its type and its id.
  refine: (state) => (state.entityType && state.entityId ? state : { ...state, entityType: '' as const, entityId: '' }),
});

export type ActivityState = StateOf<typeof ACTIVITY_TABLE>;

/** The list request of a table state. */
export function activityQuery(state: ActivityState): Partial<AuditListQuery> {
  return {
    page: state.page,
    limit: ACTIVITY_PAGE_SIZE,
    actor: state.actor || undefined,
    kind: state.kind || undefined,
    entityType: state.entityType || undefined,
    entityId: state.entityId || undefined,
  };
}

export const hasFilters = (state: ActivityState) => Boolean(state.actor || state.kind || state.entityType);
