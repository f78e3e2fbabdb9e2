/**
 * Admin E-mails (/admin/emails, docs/shop-rules.md#emails): every message the shop sent, is about to send, or
 * kept (no SMTP server set), newest first, a page at a time, with filters for the status, the kind and the
 * recipient. The page and the filters live in the address (EMAILS_TABLE in email-view.ts), so Back and a reload keep them.
 * A row's subject opens the message (email-detail-modal.tsx).
 */
import { MAIL_KIND_LABELS, MAIL_KINDS, MAIL_STATUSES, type MailSummary } from '@pumpkart/shared';
import { useState, type FormEvent } from 'react';
import { useGetAdminEmailsQuery } from './emails-api';
import { EmptyState, LoadFailed } from '../../ui/page-states';
import { formatDateTime } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { filterButtonClass, FilterField } from '../ui/filter-field';
import { useTableState } from '../ui/use-table-state';
import { EmailDetailModal } from './email-detail-modal';
import { EMAILS_PAGE_SIZE, EMAILS_TABLE, hasFilters, listQuery, NO_FILTERS, type EmailFilters } from './email-view';
import { MAIL_STATUS_TEXT, MailStatusBadge } from './mail-status-badge';

export const EMAILS_TEXT = {
  title: 'E-mails',
  intro:
    'Every e-mail the shop sent or kept, newest first (times in India). Without an SMTP server (SMTP_URL) a ' +
    'message is not sent: it is kept here, so you can read it and send it again once one is set.',
  table: 'Messages on this page',
  loading: 'Loading e-mails...',
  loadFailed: 'Could not load the e-mails.',
  empty: 'No e-mails yet.',
  emptyHint: 'Order, payment and password e-mails appear here as the shop sends them.',
  noMatch: 'No e-mails match these filters.',
  pastTheEnd: 'No e-mails on this page.',
  notWritten: 'Not written yet',
  filters: 'Filter e-mails',
  status: 'Status',
  kind: 'Kind',
  recipient: 'Recipient',
  recipientHint: 'Part of the address, e.g. asha@',
  search: 'Search',
  clear: 'Clear filters',
  allStatuses: 'All statuses',
  allKinds: 'All kinds',
} as const;

/** The status and kind lists apply at once; the recipient when the form is sent. */
function Filters({ filters, onApply }: { filters: EmailFilters; onApply: (filters: EmailFilters) => void }) {
  const [draft, setDraft] = useState(filters.to);
  // Back or a link changed the address: show its recipient.
  const [shown, setShown] = useState(filters.to);
  if (shown !== filters.to) {
    setShown(filters.to);
    setDraft(filters.to);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...filters, to: draft });
  };

  return (
    <form
      role="search"
      aria-label={EMAILS_TEXT.filters}
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[12rem_18rem_1fr_auto]"
    >
      <FilterField
        type="select"
        label={EMAILS_TEXT.status}
        value={filters.status}
        onChange={(status) => onApply({ ...filters, to: draft, status: status as EmailFilters['status'] })}
        options={[
          { value: '', label: EMAILS_TEXT.allStatuses },
          ...MAIL_STATUSES.map((status) => ({ value: status, label: MAIL_STATUS_TEXT[status] })),
        ]}
      />
      <FilterField
        type="select"
        label={EMAILS_TEXT.kind}
        value={filters.kind}
        onChange={(kind) => onApply({ ...filters, to: draft, kind: kind as EmailFilters['kind'] })}
        options={[
          { value: '', label: EMAILS_TEXT.allKinds },
          ...MAIL_KINDS.map((kind) => ({ value: kind, label: MAIL_KIND_LABELS[kind] })),
        ]}
      />
      <FilterField
        type="search"
        className="sm:col-span-2 lg:col-span-1"
        label={EMAILS_TEXT.recipient}
        value={draft}
        maxLength={200}
        onChange={setDraft}
        hint={EMAILS_TEXT.recipientHint}
      />
      <div className="flex flex-wrap items-start gap-2 sm:col-span-2 lg:col-span-1 lg:pt-6">
        <button type="submit" className={filterButtonClass}>
          {EMAILS_TEXT.search}
        </button>
        {hasFilters(filters) && (
          <button type="button" className={filterButtonClass} onClick={() => onApply(NO_FILTERS)}>
            {EMAILS_TEXT.clear}
          </button>
        )}
      </div>
    </form>
  );
}

export function EmailsPage() {
  const { state, change } = useTableState(EMAILS_TABLE);
  const list = useGetAdminEmailsQuery(listQuery(state.page, state));
  // The rows of the page and filters on screen only, never those asked for before.
  const data = list.currentData;
  const [openId, setOpenId] = useState<string | null>(null);

  // Long values wrap inside a capped width, so that every column fits beside the sidebar on a laptop.
  const columns: Column<MailSummary>[] = [
    { header: 'Created', cell: (mail) => formatDateTime(mail.createdAt) },
    {
      header: 'Message',
      cell: (mail) => (
        <span className="block w-56 whitespace-normal">
          <button
            type="button"
            onClick={() => setOpenId(mail._id)}
            className="text-left font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {mail.subject ?? EMAILS_TEXT.notWritten}
          </button>
          <span className="mt-0.5 block text-xs text-slate-600">{MAIL_KIND_LABELS[mail.kind]}</span>
        </span>
      ),
    },
    {
      header: 'Recipient',
      cell: (mail) => <span className="block max-w-56 whitespace-normal break-words">{mail.to}</span>,
    },
    { header: 'Status', cell: (mail) => <MailStatusBadge status={mail.status} /> },
    { header: 'Attempts', cell: (mail) => mail.attempts },
    {
      header: 'Last error',
      cell: (mail) =>
        mail.lastError ? (
          <span className="block w-48 whitespace-normal break-words text-xs text-red-800">{mail.lastError}</span>
        ) : (
          '—'
        ),
    },
  ];

  let body;
  if (list.isError && !list.isFetching) {
    body = <LoadFailed message={EMAILS_TEXT.loadFailed} onRetry={() => void list.refetch()} />;
  } else if (!data) {
    body = <LoadingText text={EMAILS_TEXT.loading} />;
  } else if (data.total === 0 && !hasFilters(state)) {
    body = (
      <EmptyState message={EMAILS_TEXT.empty}>
        <p className="text-sm text-slate-600">{EMAILS_TEXT.emptyHint}</p>
      </EmptyState>
    );
  } else {
    body = (
      <div className="space-y-3">
        <DataTable
          title={EMAILS_TEXT.table}
          columns={columns}
          rows={data.data}
          rowKey={(mail) => mail._id}
          emptyText={data.total === 0 ? EMAILS_TEXT.noMatch : EMAILS_TEXT.pastTheEnd}
        />
        <Pager
          label="Pages of e-mails"
          noun="e-mails"
          page={state.page}
          pageSize={EMAILS_PAGE_SIZE}
          total={data.total}
          onPage={(page) => change({ page })}
        />
      </div>
    );
  }

  return (
    <div>
      <PageHeader title={EMAILS_TEXT.title} />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600">{EMAILS_TEXT.intro}</p>
      <div className="space-y-5">
        <Filters filters={state} onApply={(filters) => change({ ...filters, page: 1 })} />
        {body}
      </div>
      {openId && <EmailDetailModal id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
