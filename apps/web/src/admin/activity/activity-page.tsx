/**
 * Admin Activity (/admin/activity, docs/shop-rules.md#audit): every recorded admin change, newest first, a page
 * at a time: when (India time), who, what, and each changed field before → after. Filters: the person (the
 * admins who appear in the trail) and the kind of change; a History section's link narrows it to one thing.
 * The page and the filters live in the address (ACTIVITY_TABLE in activity-view.ts), so Back and a reload keep them.
 */
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditEventDto, type AuditKind } from '@pumpkart/shared';
import { useGetAuditActorsQuery, useGetAuditQuery } from './audit-api';
import { EmptyState, LoadFailed } from '../../ui/page-states';
import { formatDateTime, shortId } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { ChangeList } from '../ui/history';
import { actorName, changeLines, summaryOf } from '../ui/history-view';
import { LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { defaultsOf, useTableState } from '../ui/use-table-state';
import { filterButtonClass, FilterField } from '../ui/filter-field';
import { ACTIVITY_TABLE, activityQuery, ACTIVITY_PAGE_SIZE, hasFilters } from './activity-view';

export const ACTIVITY_TEXT = {
  title: 'Activity',
  intro:
    'Every change made in the back office, newest first (times in India): products, orders, payments and the ' +
    'store settings, with who made it and what each field was before and after. Records cannot be changed.',
  table: 'Changes on this page',
  loading: 'Loading the activity...',
  loadFailed: 'Could not load the activity.',
  empty: 'No changes recorded yet.',
  emptyHint: 'Product edits, order status changes, payments marked paid and settings saved appear here.',
  noMatch: 'No changes match these filters.',
  pastTheEnd: 'No changes on this page.',
  filters: 'Filter the activity',
  person: 'Person',
  everyone: 'Everyone',
  kind: 'Kind of change',
  allKinds: 'All kinds',
  clear: 'Clear filters',
  oneThing: (type: string, id: string) => `Only the history of ${type} ${type === 'order' ? shortId(id) : id}.`,
  pages: 'Pages of the activity',
} as const;

const columns: Column<AuditEventDto>[] = [
  { header: 'When', cell: (event) => <time dateTime={event.at}>{formatDateTime(event.at)}</time> },
  {
    header: 'Who',
    cell: (event) => <span className="block w-52 whitespace-normal break-words">{actorName(event)}</span>,
  },
  {
    header: 'Change',
    cell: (event) => (
      <span className="block w-72 whitespace-normal">
        <span className="block font-medium text-slate-900">{summaryOf(event)}</span>
        <span className="block text-xs text-slate-600">{AUDIT_KIND_LABELS[event.kind]}</span>
      </span>
    ),
  },
  {
    header: 'Before → after',
    cell: (event) =>
      changeLines(event).length > 0 ? (
        <span className="block w-80 whitespace-normal">
          <ChangeList event={event} />
        </span>
      ) : (
        '—'
      ),
  },
];

export function ActivityPage() {
  const { state, show, change } = useTableState(ACTIVITY_TABLE);
  const list = useGetAuditQuery(activityQuery(state));
  const actors = useGetAuditActorsQuery();
  const data = list.currentData;

  let body;
  if (list.isError && !list.isFetching) {
    body = <LoadFailed message={ACTIVITY_TEXT.loadFailed} onRetry={() => void list.refetch()} />;
  } else if (!data) {
    body = <LoadingText text={ACTIVITY_TEXT.loading} />;
  } else if (data.total === 0 && !hasFilters(state)) {
    body = (
      <EmptyState message={ACTIVITY_TEXT.empty}>
        <p className="text-sm text-slate-600">{ACTIVITY_TEXT.emptyHint}</p>
      </EmptyState>
    );
  } else {
    body = (
      <div className="space-y-3">
        <DataTable
          title={ACTIVITY_TEXT.table}
          columns={columns}
          rows={data.data}
          rowKey={(event) => event._id}
          emptyText={data.total === 0 ? ACTIVITY_TEXT.noMatch : ACTIVITY_TEXT.pastTheEnd}
        />
        <Pager
          label={ACTIVITY_TEXT.pages}
          noun="changes"
          page={state.page}
          pageSize={ACTIVITY_PAGE_SIZE}
          total={data.total}
          onPage={(page) => change({ page })}
        />
      </div>
    );
  }

  // The person filter lists those who appear in the trail; one from a shared link is kept while it loads.
  const people = actors.data ?? [];
  const knownActor = !state.actor || people.some((person) => person._id === state.actor);

  return (
    <div>
      <PageHeader title={ACTIVITY_TEXT.title} />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600">{ACTIVITY_TEXT.intro}</p>
      <div className="space-y-5">
        <form
          role="search"
          aria-label={ACTIVITY_TEXT.filters}
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[18rem_18rem_1fr]"
        >
          <FilterField
            type="select"
            label={ACTIVITY_TEXT.person}
            value={state.actor}
            onChange={(actor) => change({ page: 1, actor })}
            options={[
              { value: '', label: ACTIVITY_TEXT.everyone },
              ...(knownActor ? [] : [{ value: state.actor, label: state.actor }]),
              ...people.map((person) => ({ value: person._id, label: person.email ?? person._id })),
            ]}
          />
          <FilterField
            type="select"
            label={ACTIVITY_TEXT.kind}
            value={state.kind}
            onChange={(kind) => change({ page: 1, kind: kind as AuditKind | '' })}
            options={[
              { value: '', label: ACTIVITY_TEXT.allKinds },
              ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
            ]}
          />
          <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1">
            {state.entityType && (
              <p className="w-full text-sm text-slate-700">
                {ACTIVITY_TEXT.oneThing(state.entityType, state.entityId)}
              </p>
            )}
            {hasFilters(state) && (
              <button type="button" className={filterButtonClass} onClick={() => show(defaultsOf(ACTIVITY_TABLE))}>
                {ACTIVITY_TEXT.clear}
              </button>
            )}
          </div>
        </form>
        {body}
      </div>
    </div>
  );
}
