/**
 * The History section of an order's detail and a product's form (docs/shop-rules.md#audit): the admin changes
 * recorded for it, newest first: when (India time), who, what, and each changed field's value before → after.
 * The first page shows here; the Activity page lists the rest. It reloads after the writes it records.
 * The trail is the owner's to read (docs/shop-rules.md#staff): staff see no History section.
 */
import { AUDIT_KIND_LABELS, mayOpen, type AuditEntityType, type AuditEventDto } from '@pumpkart/shared';
import { Link } from 'react-router';
import { useGetAuditQuery } from '../activity/audit-api';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../lib/format';
import { actorName, changeLines, summaryOf } from './history-view';

/** Changes shown in a History section; older ones are on the Activity page. */
export const HISTORY_LIMIT = 10;

export const HISTORY_TEXT = {
  title: 'History',
  loading: 'Loading the history...',
  failed: 'Could not load the history.',
  empty: 'No changes recorded yet.',
  more: (shown: number, total: number) => `The latest ${shown} of ${total} changes.`,
  all: 'See all on the Activity page',
} as const;

/** The before → after lines of one change. */
export function ChangeList({ event }: { event: Pick<AuditEventDto, 'kind' | 'changes'> }) {
  const lines = changeLines(event);
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
      {lines.map((line) => (
        <li key={line.field} className="break-words">
          <span className="font-medium">{line.label}:</span>{' '}
          {line.note ? (
            <span className="text-slate-900">{line.after}</span>
          ) : (
            <>
              <span className="text-slate-600">{line.before}</span>
              {' → '}
              <span className="text-slate-900">{line.after}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

interface HistoryProps {
  entityType: AuditEntityType;
  entityId: string;
}

export function History(props: HistoryProps) {
  const role = useAppSelector((state) => state.session.role);
  return mayOpen(role, 'owner') ? <HistorySection {...props} /> : null;
}

function HistorySection({ entityType, entityId }: HistoryProps) {
  const history = useGetAuditQuery({ entityType, entityId, limit: HISTORY_LIMIT });
  const data = history.currentData;

  let body;
  if (history.isError && !history.isFetching) {
    body = <p className="text-sm text-red-700">{HISTORY_TEXT.failed}</p>;
  } else if (!data) {
    body = <p className="text-sm text-slate-500">{HISTORY_TEXT.loading}</p>;
  } else if (data.total === 0) {
    body = <p className="text-sm text-slate-500">{HISTORY_TEXT.empty}</p>;
  } else {
    const all = `${paths.admin.activity}?${new URLSearchParams({ entityType, entityId })}`;
    body = (
      <>
        <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {data.data.map((event) => (
            <li key={event._id} className="px-3 py-2">
              <p className="flex flex-wrap gap-x-2 text-xs text-slate-500">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                <span className="break-words">{actorName(event)}</span>
              </p>
              <p className="font-medium text-slate-900">
                <span className="sr-only">{AUDIT_KIND_LABELS[event.kind]}: </span>
                {summaryOf(event)}
              </p>
              <ChangeList event={event} />
            </li>
          ))}
        </ol>
        {data.total > data.data.length && (
          <p className="mt-2 text-xs text-slate-600">
            {HISTORY_TEXT.more(data.data.length, data.total)}{' '}
            <Link to={all} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {HISTORY_TEXT.all}
            </Link>
          </p>
        )}
      </>
    );
  }

  return (
    <section aria-label={HISTORY_TEXT.title}>
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{HISTORY_TEXT.title}</h3>
      {body}
    </section>
  );
}
