/**
 * Admin GST report (/admin/gst-report, docs/shop-rules.md#gst-report): a month picker (the previous month in India
 * by default, kept in the address as ?month=), the seller GSTIN (?gstin=, the store's by default; a choice when the
 * month has documents of several), the month's totals of tax invoices and credit notes per GST rate and for B2B and
 * B2C buyers, and the GSTR-1 files (gst-downloads.tsx).
 */
import { useSearchParams } from 'react-router';
import { MESSAGES, type GstReport } from '@pumpkart/shared';
import { useGetGstReportQuery } from './gst-report-api';
import { GstDownloads } from './gst-downloads';
import { LoadFailed } from '../../ui/page-states';
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
  gstin: 'Seller GSTIN',
  gstinHint: 'The month has documents of more than one GSTIN: each GSTIN files its own GSTR-1.',
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

/** The seller GSTINs to choose from, shown once the month has documents of more than one (a change of GSTIN). */
function GstinPicker({ report, onChange }: { report: GstReport; onChange: (gstin: string) => void }) {
  const choices = [...new Set([...(report.gstin ? [report.gstin] : []), ...report.gstins])].sort();
  if (choices.length < 2) return null;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor="gst-report-gstin" className="block text-sm font-medium text-slate-700">
        {GST_REPORT_TEXT.gstin}
      </label>
      <select
        id="gst-report-gstin"
        value={report.gstin ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900"
      >
        {choices.map((gstin) => (
          <option key={gstin} value={gstin}>
            {gstin}
          </option>
        ))}
      </select>
      <p className="mt-1 text-sm text-slate-600">{GST_REPORT_TEXT.gstinHint}</p>
    </div>
  );
}

export function GstReportPage() {
  const [params, setParams] = useSearchParams();
  const month = validMonth(params.get('month')) ?? previousMonth(new Date());
  const gstin = params.get('gstin') ?? undefined;
  const report = useGetGstReportQuery({ month, gstin });
  // The figures of the month on screen only, never those of the month picked before.
  const data = report.currentData;

  return (
    <div>
      <PageHeader title={GST_REPORT_TEXT.title} />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600">{GST_REPORT_TEXT.intro}</p>
      <div className="space-y-5">
        <MonthPicker
          month={month}
          onChange={(next) => setParams(gstin ? { month: next, gstin } : { month: next }, { replace: true })}
        />
        {data && (
          <GstinPicker report={data} onChange={(next) => setParams({ month, gstin: next }, { replace: true })} />
        )}
        {report.isError && !report.isFetching ? (
          <LoadFailed message={MESSAGES.gstReportLoadFailed} onRetry={() => void report.refetch()} />
        ) : data ? (
          <GstTotals report={data} label={longMonthLabel(month)} />
        ) : (
          <LoadingText text={GST_REPORT_TEXT.loading} />
        )}
        <GstDownloads month={month} gstin={data?.gstin ?? gstin ?? null} />
      </div>
    </div>
  );
}
