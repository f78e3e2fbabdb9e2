/**
 * The back office's Due tasks page (/admin/due-tasks, docs/shop-rules.md#due-view): the shop's service pipeline.
 * What falls due at customers' outlets in the next 30, 60 or 90 days, the overdue as a bucket of their own: totals,
 * counts by task and by city, the items by due day paged by 50, Export CSV of every item; below, the annual
 * maintenance contracts' visits due, each marked done from here. The window and page are kept in the address.
 */
import { DUE_WINDOWS, makeAndModel, type DueItemDto, type DueViewDto, type DueWindow } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { formatDate, orDash } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { CsvExportButton } from '../ui/csv-export-button';
import { Pager } from '../ui/pager';
import { choiceParam, pageParam, tableSpec, useTableState } from '../ui/use-table-state';
import { AmcVisits } from './amc-visits';
import { DueDay } from './due-day';
import { fetchDueTasksCsv, useGetDueTasksQuery, useRunRemindersMutation } from './due-tasks-api';

const PAGE_SIZE = 50;
const WINDOW_TEXTS = DUE_WINDOWS.map(String) as ['30', '60', '90'];

const DUE_TABLE = tableSpec({ params: { days: choiceParam(WINDOW_TEXTS, '30'), page: pageParam() } });

function WindowChoice({ days, onChange }: { days: DueWindow; onChange: (days: DueWindow) => void }) {
  return (
    <div role="group" aria-label="Window" className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
      {DUE_WINDOWS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === days}
          onClick={() => onChange(option)}
          className={`rounded-md px-3 py-1.5 text-sm font-medium ${
            option === days ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'
          }`}
        >
          {option} days
        </button>
      ))}
    </div>
  );
}

/** Today's reminders now: for equipment registered or corrected after the day's run. */
function SendRemindersButton() {
  const notify = useNotify();
  const [run, { isLoading }] = useRunRemindersMutation();
  const send = async () => {
    if (isLoading) return;
    try {
      notify((await run().unwrap()).message, 'success');
    } catch (error) {
      notify(errorMessage(error, 'Could not send the reminders. Please try again.'), 'error');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void send()}
      title="E-mail customers today's reminders of tasks due today, in 7 days and in 30 days; none is sent twice"
      aria-disabled={isLoading || undefined}
      className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-disabled:opacity-60"
    >
      {isLoading ? 'Sending...' : "Send today's reminders"}
    </button>
  );
}

function Totals({ data }: { data: DueViewDto }) {
  const cards: [string, number, string][] = [
    ['Overdue', data.totals.overdue, data.totals.overdue > 0 ? 'text-red-700' : 'text-slate-900'],
    [`Due by ${formatDate(data.to)}`, data.totals.due, 'text-slate-900'],
    ['Outlets', data.totals.outlets, 'text-slate-900'],
    ['Customers', data.totals.businesses, 'text-slate-900'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(([label, value, tone]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className={`text-2xl font-semibold ${tone}`}>{value.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A long title wrapped within its cell (table cells do not wrap), so the table fits the page. */
function Wrapped({ text }: { text: string }) {
  return <span className="block min-w-40 max-w-64 whitespace-normal text-slate-900">{text}</span>;
}

type Counted = { count: number; overdue: number };
const countColumns = <Row extends Counted>(first: Column<Row>): Column<Row>[] => [
  first,
  { header: 'Due', cell: (row) => row.count - row.overdue },
  {
    header: 'Overdue',
    cell: (row) => (row.overdue > 0 ? <span className="font-semibold text-red-700">{row.overdue}</span> : 0),
  },
  { header: 'All', cell: (row) => row.count },
];

const ITEM_COLUMNS: Column<DueItemDto>[] = [
  { header: 'Due', cell: (row) => <DueDay day={row.dueOn} overdue={row.overdue} /> },
  { header: 'Task', cell: (row) => <Wrapped text={row.title} /> },
  {
    header: 'Customer',
    cell: (row) => (
      <span>
        <span className="block font-medium text-slate-900">{row.businessName}</span>
        <span className="block text-xs text-slate-700">
          {row.outletName}
          {row.city ? `, ${row.city}` : ''}
        </span>
      </span>
    ),
  },
  {
    header: 'Equipment',
    cell: (row) =>
      row.assetId === null ? (
        <span className="text-slate-700">Licence {orDash(row.serialNumber)}</span>
      ) : (
        <span>
          <Wrapped text={makeAndModel(row) || '—'} />
          <span className="block font-mono text-xs text-slate-700">{orDash(row.serialNumber)}</span>
        </span>
      ),
  },
  { header: 'Last done', cell: (row) => (row.lastDoneOn ? formatDate(row.lastDoneOn) : 'Never') },
];

export function DueTasksPage() {
  const { state: view, change } = useTableState(DUE_TABLE);
  const days = Number(view.days) as DueWindow;
  const query = useGetDueTasksQuery({ days, page: view.page, limit: PAGE_SIZE });
  const data = query.currentData;

  return (
    <div>
      <PageHeader title="Due tasks">
        <SendRemindersButton />
        <CsvExportButton
          fetchCsv={() => fetchDueTasksCsv(days)}
          fallbackName="due-tasks.csv"
          what="the tasks due"
          title="Every task due in this window, overdue ones too, with whom to call"
        />
      </PageHeader>
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <WindowChoice days={days} onChange={(next) => change({ days: String(next) as typeof view.days, page: 1 })} />
          {data && (
            <p className="text-sm text-slate-700">
              Overdue, and due from {formatDate(data.today)} to {formatDate(data.to)}
            </p>
          )}
        </div>
        {query.isError && !query.isFetching && <ErrorText text="Could not load the tasks due." />}
        {!data && !query.isError && <LoadingText text="Loading the tasks due..." />}
        {data && (
          <>
            <Totals data={data} />
            <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <DataTable
                title="By task"
                columns={countColumns({
                  header: 'Task',
                  cell: (row: DueViewDto['byTask'][number]) => <Wrapped text={row.title} />,
                })}
                rows={data.byTask}
                rowKey={(row) => row.taskKey}
                emptyText="Nothing due."
              />
              <DataTable
                title="By city"
                columns={countColumns({
                  header: 'City',
                  cell: (row: DueViewDto['byCity'][number]) => orDash(row.city),
                })}
                rows={data.byCity}
                rowKey={(row) => row.city}
                emptyText="Nothing due."
              />
            </div>
            <div className="space-y-3">
              <DataTable
                title="Tasks due"
                columns={ITEM_COLUMNS}
                rows={data.items}
                count={data.totals.count}
                rowKey={(row) => `${row.assetId ?? row.outletId}:${row.taskKey}`}
                emptyText="No tasks due in this window."
              />
              <Pager
                label="Pages of tasks due"
                noun="tasks"
                page={view.page}
                pageSize={PAGE_SIZE}
                total={data.totals.count}
                rows={data.items.length}
                onPage={(page) => change({ page })}
              />
            </div>
          </>
        )}
        <AmcVisits days={days} />
      </div>
    </div>
  );
}
