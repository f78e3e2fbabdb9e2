/**
 * The Due tasks page's AMC visits (docs/shop-rules.md#amc): the annual maintenance contracts' open visits due by the
 * window's end, overdue ones marked, and "Mark done" (the day and the technician's note) for staff.
 */
import { indiaDateOf, type AmcVisitDueDto, type DueWindow } from '@pumpkart/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { Modal } from '../../ui/modal';
import { formatDate } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText } from '../ui/page-header';
import { useGetAmcVisitsQuery, useMarkAmcVisitDoneMutation } from './due-tasks-api';
import { DueDay } from './due-day';

const fieldClass = 'mt-1 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm';

function MarkDoneDialog({ visit, onClose }: { visit: AmcVisitDueDto; onClose: () => void }) {
  const id = useId();
  const notify = useNotify();
  const [markDone, { isLoading }] = useMarkAmcVisitDoneMutation();
  const [doneOn, setDoneOn] = useState(() => indiaDateOf(new Date()));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      const answer = await markDone({ id: visit._id, body: { doneOn, note } }).unwrap();
      const recorded = answer.tasksRecorded;
      notify(
        recorded > 0 ? `${answer.message} ${recorded} task${recorded === 1 ? '' : 's'} recorded.` : answer.message,
        'success',
      );
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not mark the visit done. Please try again.'));
    }
  };
  return (
    <Modal open onClose={onClose} title={`Mark visit ${visit.number} of ${visit.visits} done`}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-slate-700">
          {visit.title} · {visit.businessName} · {visit.outletName}
          {visit.city ? `, ${visit.city}` : ''}
        </p>
        <label htmlFor={`${id}-day`} className="block text-sm font-medium text-slate-800">
          Done on
          <input
            id={`${id}-day`}
            type="date"
            required
            value={doneOn}
            max={indiaDateOf(new Date())}
            onChange={(event) => setDoneOn(event.target.value)}
            className={fieldClass}
          />
        </label>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
          Technician&apos;s note
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={fieldClass}
          />
        </label>
        {error && <ErrorText text={error} />}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800"
          >
            Cancel
          </button>
          <button
            type="submit"
            aria-disabled={isLoading || undefined}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60"
          >
            {isLoading ? 'Saving...' : 'Mark done'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function AmcVisits({ days }: { days: DueWindow }) {
  const query = useGetAmcVisitsQuery(days);
  const [marking, setMarking] = useState<AmcVisitDueDto | null>(null);
  const data = query.currentData;
  const columns: Column<AmcVisitDueDto>[] = [
    { header: 'Due', cell: (row) => <DueDay day={row.dueOn} overdue={row.overdue} /> },
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
      header: 'Contract',
      cell: (row) => (
        <span>
          <span className="block text-slate-900">{row.title}</span>
          <span className="block text-xs text-slate-700">
            {formatDate(row.startsOn)} to {formatDate(row.endsOn)}
          </span>
        </span>
      ),
    },
    { header: 'Visit', cell: (row) => `${row.number} of ${row.visits}` },
    {
      header: 'Done',
      cell: (row) => (
        <button
          type="button"
          onClick={() => setMarking(row)}
          aria-label={`Mark visit ${row.number} of ${row.title} at ${row.outletName} done`}
          className="rounded-lg bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
        >
          Mark done
        </button>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      {query.isError && !query.isFetching && <ErrorText text="Could not load the AMC visits." />}
      {!data && !query.isError && <LoadingText text="Loading AMC visits..." />}
      {data && (
        <DataTable
          title="AMC visits due"
          columns={columns}
          rows={data.visits}
          count={data.total}
          rowKey={(row) => row._id}
          emptyText="No AMC visits due in this window."
        />
      )}
      {marking && <MarkDoneDialog visit={marking} onClose={() => setMarking(null)} />}
    </div>
  );
}
