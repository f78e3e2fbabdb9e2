/**
 * Admin GST report (/admin/gst-report, docs/shop-rules.md#gst-report): a month picker (the previous month in India
 * by default, kept in the address as ?month=), the month's totals of tax invoices and credit notes per GST rate and
 * for B2B and B2C buyers, and a download button for each GSTR-1 table as a CSV file. The files are fetched with the
 * bearer token and saved as the invoices are (shop/orders/order-documents.tsx saveBlob); a failure is said in an
 * on-page notice.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { GSTR1_TABLE_LABELS, GSTR1_TABLES, gstr1FileName, MESSAGES, type Gstr1Table } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { fetchGstr1Csv, useGetGstReportQuery } from './gst-report-api';
import { saveBlob } from '../../shop/orders/order-documents';
import { LoadFailed } from '../../ui/page-states';
import { useNotify } from '../../store/hooks';
import { LoadingText, PageHeader } from '../ui/page-header';
import { addMonths, longMonthLabel, monthOf, previousMonth, validMonth } from './month';
import { GstTotals } from './gst-totals';

export const GST_REPORT_TEXT = {
  title: 'GST report',
  intro:
    'Tax invoices and credit notes issued in the month (dates in India), for GSTR-1. Amounts are in rupees; ' +
    'the CSV files follow the column headings of the GST offline tool.',
  month: 'Month',
  previous: 'Previous month',
  next: 'Next month',
  loading: 'Loading the GST report…',
  downloads: 'GSTR-1 files (CSV)',
  downloadsHint: 'One file per table of the return. B2C small rows are net of their credit notes.',
} as const;

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const latest = monthOf(new Date());
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <label htmlFor="gst-report-month" className="block text-sm font-medium text-slate-700">
          {GST_REPORT_TEXT.month}
        </label>
        <input
          id="gst-report-month"
          type="month"
          value={month}
          max={latest}
          onChange={(event) => {
            const chosen = validMonth(event.target.value);
            if (chosen) onChange(chosen);
          }}
          className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900"
        />
      </div>
      <button type="button" className={buttonClass} onClick={() => onChange(addMonths(month, -1))}>
        <span aria-hidden="true">‹ </span>
        {GST_REPORT_TEXT.previous}
      </button>
      <button
        type="button"
        className={buttonClass}
        onClick={() => onChange(addMonths(month, 1))}
        disabled={month >= latest}
      >
        {GST_REPORT_TEXT.next}
        <span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}

/** One button per GSTR-1 table; each fetches its CSV file and saves it. */
function Downloads({ month }: { month: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<Gstr1Table | null>(null);

  const download = async (table: Gstr1Table) => {
    if (busy) return;
    setBusy(table);
    try {
      const { blob, filename } = await fetchGstr1Csv(month, table);
      saveBlob(blob, filename ?? gstr1FileName(table, month));
    } catch (error) {
      console.error(`Failed to download the GSTR-1 ${table} file`, error);
      notify(errorMessage(error, MESSAGES.gstReportDownloadFailed), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="gst-report-downloads"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="gst-report-downloads" className="text-base font-semibold text-slate-800">
        {GST_REPORT_TEXT.downloads}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{GST_REPORT_TEXT.downloadsHint}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
        {GSTR1_TABLES.map((table) => (
          <li key={table}>
            <button
              type="button"
              onClick={() => void download(table)}
              // Only aria-disabled while a download runs, so focus stays on the button.
              aria-disabled={busy !== null || undefined}
              className="flex h-full w-full flex-col items-start rounded-lg border border-slate-300 bg-white px-3 py-2 text-left hover:bg-slate-50 aria-disabled:opacity-60"
            >
              <span className="text-sm font-semibold text-slate-900">
                <span aria-hidden="true">⬇ </span>
                {GSTR1_TABLE_LABELS[table]}
              </span>
              <span className="break-all text-xs text-slate-600">
                {busy === table ? MESSAGES.downloadingDocument : gstr1FileName(table, month)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function GstReportPage() {
  const [params, setParams] = useSearchParams();
  const month = validMonth(params.get('month')) ?? previousMonth(new Date());
  const report = useGetGstReportQuery(month);
  // The figures of the month on screen only, never those of the month picked before.
  const data = report.currentData;

  return (
    <div>
      <PageHeader title={GST_REPORT_TEXT.title} />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600">{GST_REPORT_TEXT.intro}</p>
      <div className="space-y-5">
        <MonthPicker month={month} onChange={(next) => setParams({ month: next }, { replace: true })} />
        {report.isError && !report.isFetching ? (
          <LoadFailed message={MESSAGES.gstReportLoadFailed} onRetry={() => void report.refetch()} />
        ) : data ? (
          <GstTotals report={data} label={longMonthLabel(month)} />
        ) : (
          <LoadingText text={GST_REPORT_TEXT.loading} />
        )}
        <Downloads month={month} />
      </div>
    </div>
  );
}
