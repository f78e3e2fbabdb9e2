/**
 * The figures of one month's GST report (docs/shop-rules.md#gst-report): counts and net amounts in cards, the
 * amounts per GST rate net of credit notes and with debit notes, with their total, each kind of document, and B2B
 * against B2C.
 * Each table scrolls sideways inside its own box on a phone instead of widening the page.
 */
import type { ReactNode } from 'react';
import type { GstAmounts, GstReport } from '@pumpkart/shared';
import { rupees } from '../lib/format';

export const GST_TOTALS_TEXT = {
  invoices: 'Invoices',
  creditNotes: 'Credit notes',
  debitNotes: 'Debit notes',
  netTaxable: 'Net taxable value',
  netTax: 'Net GST',
  byRate: 'By GST rate, net of credit and debit notes',
  documents: 'Invoices, credit and debit notes',
  buyers: 'B2B and B2C',
  b2b: 'B2B (buyers with a GSTIN)',
  b2c: 'B2C (consumers)',
  net: 'Net',
  total: 'Total',
  empty: (month: string) => `No tax invoices, credit or debit notes were issued in ${month}.`,
} as const;

const AMOUNT_COLUMNS: { key: keyof GstAmounts; header: string }[] = [
  { key: 'taxable', header: 'Taxable value' },
  { key: 'cgst', header: 'CGST' },
  { key: 'sgst', header: 'SGST' },
  { key: 'utgst', header: 'UTGST' },
  { key: 'igst', header: 'IGST' },
  { key: 'tax', header: 'Total GST' },
  { key: 'total', header: 'Value with GST' },
];

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 break-words text-xl font-semibold tabular-nums text-slate-900">{value}</p>
    </div>
  );
}

interface Row {
  key: string;
  label: ReactNode;
  cells: ReactNode[];
}

/** A titled table: a label column, then right-aligned figures; an optional footer row. */
function FiguresTable({
  title,
  headers,
  rows,
  footer,
}: {
  title: string;
  headers: string[];
  rows: Row[];
  footer?: Row;
}) {
  const id = `gst-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const cell = 'whitespace-nowrap px-4 py-2 text-right tabular-nums';
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-800">
        {title}
      </h2>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} table`}>
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              {headers.map((header, index) => (
                <th
                  key={header}
                  scope="col"
                  className={`whitespace-nowrap px-4 py-2 font-semibold ${index === 0 ? 'text-left' : 'text-right'}`}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="whitespace-nowrap px-4 py-2 text-left font-medium text-slate-800">
                  {row.label}
                </th>
                {row.cells.map((value, index) => (
                  <td key={index} className={cell}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer && (
            <tfoot className="border-t-2 border-slate-200 font-semibold text-slate-900">
              <tr>
                <th scope="row" className="whitespace-nowrap px-4 py-2 text-left">
                  {footer.label}
                </th>
                {footer.cells.map((value, index) => (
                  <td key={index} className={cell}>
                    {value}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}

const amounts = (values: GstAmounts) => AMOUNT_COLUMNS.map(({ key }) => rupees(values[key]));

export function GstTotals({ report, label }: { report: GstReport; label: string }) {
  const text = GST_TOTALS_TEXT;
  const cards = (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Card label={text.invoices} value={String(report.invoices.count)} />
      <Card label={text.creditNotes} value={String(report.creditNotes.count)} />
      <Card label={text.netTaxable} value={rupees(report.net.totals.taxable)} />
      <Card label={text.netTax} value={rupees(report.net.totals.tax)} />
    </div>
  );
  if (report.invoices.count === 0 && report.creditNotes.count === 0 && report.debitNotes.count === 0) {
    return (
      <div className="space-y-5" data-testid="gst-totals">
        {cards}
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700 shadow-sm">{text.empty(label)}</p>
      </div>
    );
  }
  const headers = AMOUNT_COLUMNS.map((column) => column.header);
  const split = (side: GstReport['b2b']) => [
    String(side.invoiceCount),
    String(side.creditNoteCount),
    String(side.debitNoteCount),
    rupees(side.net.taxable),
    rupees(side.net.tax),
    rupees(side.net.total),
  ];
  return (
    <div className="space-y-5" data-testid="gst-totals">
      {cards}
      <FiguresTable
        title={text.byRate}
        headers={['Rate', ...headers]}
        rows={report.net.byRate.map((row) => ({ key: String(row.rate), label: `${row.rate}%`, cells: amounts(row) }))}
        footer={{ key: 'total', label: text.total, cells: amounts(report.net.totals) }}
      />
      <FiguresTable
        title={text.documents}
        headers={['Documents', 'Count', ...headers]}
        rows={[
          {
            key: 'invoices',
            label: text.invoices,
            cells: [String(report.invoices.count), ...amounts(report.invoices.totals)],
          },
          {
            key: 'credit-notes',
            label: text.creditNotes,
            cells: [String(report.creditNotes.count), ...amounts(report.creditNotes.totals)],
          },
          {
            key: 'debit-notes',
            label: text.debitNotes,
            cells: [String(report.debitNotes.count), ...amounts(report.debitNotes.totals)],
          },
        ]}
        footer={{ key: 'net', label: text.net, cells: ['', ...amounts(report.net.totals)] }}
      />
      <FiguresTable
        title={text.buyers}
        headers={[
          'Buyers',
          text.invoices,
          text.creditNotes,
          text.debitNotes,
          'Net taxable value',
          'Net GST',
          'Net value with GST',
        ]}
        rows={[
          { key: 'b2b', label: text.b2b, cells: split(report.b2b) },
          { key: 'b2c', label: text.b2c, cells: split(report.b2c) },
        ]}
      />
    </div>
  );
}
