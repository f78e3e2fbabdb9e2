/**
 * The products CSV import (docs/shop-rules.md#products-csv), in one dialog: choose a file; the dry run's
 * summary and its report, row by row (created, updated with what changes, unchanged, refused and why);
 * "Apply N changes"; a progress bar with "n of m rows" while the server writes; then the result, with the rows
 * it refused. A refused file (not a CSV, a wrong header, too large) says why in words and nothing is written.
 */
import {
  CSV_ENCODING_LABELS,
  type CsvEncoding,
  type ImportAction,
  type ImportRowReport,
  type ImportSummary,
} from '@pumpkart/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/http';
import { applyProductImport, dryRunProductImport, IMPORT_STOPPED } from '../../api/products-csv';
import { Modal } from '../../ui/modal';
import { ErrorText } from '../ui/page-header';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking' }
  | { kind: 'checked'; encoding: CsvEncoding; summary: ImportSummary; rows: ImportRowReport[]; truncated: boolean }
  | { kind: 'applying'; done: number; total: number }
  | { kind: 'applied'; encoding: CsvEncoding; summary: ImportSummary; rows: ImportRowReport[]; truncated: boolean };

const ACTION_LABELS: Record<ImportAction, string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  refused: 'Refused',
};
const ACTION_STYLES: Record<ImportAction, string> = {
  create: 'bg-green-100 text-green-800',
  update: 'bg-blue-100 text-blue-800',
  unchanged: 'bg-slate-100 text-slate-700',
  refused: 'bg-red-100 text-red-800',
};

const plural = (count: number, noun: string) => `${count.toLocaleString('en-IN')} ${noun}${count === 1 ? '' : 's'}`;

function SummaryLine({ summary, applied }: { summary: ImportSummary; applied: boolean }) {
  const parts = [
    `${summary.create.toLocaleString('en-IN')} ${applied ? 'created' : 'to create'}`,
    `${summary.update.toLocaleString('en-IN')} ${applied ? 'updated' : 'to update'}`,
    `${summary.unchanged.toLocaleString('en-IN')} unchanged`,
    `${summary.refused.toLocaleString('en-IN')} refused`,
  ];
  return (
    <p className="text-sm text-slate-700" data-testid="import-summary">
      <span className="font-semibold text-slate-900">
        {plural(summary.products, 'product')} in {plural(summary.rows, 'row')}:
      </span>{' '}
      {parts.join(', ')}.
    </p>
  );
}

/** Which encoding the server read the file in (a file saved by Excel as plain "CSV" is often Windows-1252). */
function EncodingLine({ encoding }: { encoding: CsvEncoding }) {
  return (
    <p className="text-xs text-slate-600" data-testid="import-encoding">
      Read as {CSV_ENCODING_LABELS[encoding]}.
      {encoding === 'windows-1252' &&
        ' If accented letters look wrong below, save the sheet as "CSV UTF-8" and choose it again.'}
    </p>
  );
}

function ReportTable({ rows, truncated }: { rows: ImportRowReport[]; truncated: boolean }) {
  if (rows.length === 0) return null;
  return (
    <div>
      {/* Focusable, so that the keyboard can scroll a long report. */}
      <div
        role="region"
        aria-label="Import report, row by row"
        tabIndex={0}
        className="max-h-80 overflow-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Action
              </th>
              <th scope="col" className="px-3 py-2">
                Product
              </th>
              <th scope="col" className="px-3 py-2">
                Why / what changes
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.row}>
                <td className="px-3 py-2 tabular-nums text-slate-500">{row.row}</td>
                <td className="px-3 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${ACTION_STYLES[row.action]}`}>
                    {ACTION_LABELS[row.action]}
                  </span>
                </td>
                <td className="max-w-[12rem] truncate px-3 py-2 text-slate-900">{row.title || '(no title)'}</td>
                <td className="px-3 py-2 text-slate-700">
                  {row.reasons.join(' ')}
                  {/* Kept as a draft: what it lacks to be on sale (docs/shop-rules.md#on-sale). */}
                  {row.notice && <span className="block text-amber-800">{row.notice}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {truncated && (
        <p className="mt-1 text-xs text-slate-500">
          The first {rows.length.toLocaleString('en-IN')} rows are listed (every refused one first); the summary counts
          them all.
        </p>
      )}
    </div>
  );
}

/** The apply's progress bar, with "n of m rows" as its name. */
function Progress({ done, total }: { done: number; total: number }) {
  const labelId = useId();
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800" id={labelId}>
        {done < total ? 'Importing…' : 'Imported'} {done.toLocaleString('en-IN')} of {plural(total, 'row')}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${total ? (100 * done) / total : 0}%` }}
        />
      </div>
    </div>
  );
}

export interface ProductImportDialogProps {
  onClose: () => void;
  /** After an apply wrote something: the list should be read again. */
  onImported: () => void;
}

export function ProductImportDialog({ onClose, onImported }: ProductImportDialogProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const busy = step.kind === 'checking' || step.kind === 'applying';

  const check = async (chosen: File) => {
    setError(null);
    setStep({ kind: 'checking' });
    try {
      setStep({ kind: 'checked', ...(await dryRunProductImport(chosen)) });
    } catch (failure) {
      setError(errorMessage(failure, 'The file could not be checked. Please try again.'));
      setStep({ kind: 'choose' });
    }
  };

  const apply = async () => {
    if (!file || step.kind !== 'checked') return;
    setError(null);
    setStep({ kind: 'applying', done: 0, total: step.summary.rows });
    try {
      const result = await applyProductImport(file, (done, total) => setStep({ kind: 'applying', done, total }));
      const { summary, rows, truncated, encoding } = result;
      setStep({ kind: 'applied', encoding, summary, rows, truncated });
      if (result.summary.create + result.summary.update > 0) onImported();
    } catch (failure) {
      setError(errorMessage(failure, IMPORT_STOPPED));
      setStep({ kind: 'choose' });
      onImported();
    }
  };

  const changes = step.kind === 'checked' ? step.summary.create + step.summary.update : 0;

  return (
    <Modal open onClose={busy ? () => undefined : onClose} title="Import products from CSV" size="lg">
      <div className="space-y-4">
        {(step.kind === 'choose' || step.kind === 'checking' || step.kind === 'checked') && (
          <div className="space-y-2">
            <p className="text-sm text-slate-600">
              Use the columns of <strong>Export CSV</strong>: a row with an id updates that product, a row without one
              creates a product; one row per size. Nothing is saved until you apply the changes.
            </p>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              CSV file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen) void check(chosen);
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
            />
          </div>
        )}
        {error && <ErrorText text={error} />}
        {step.kind === 'checking' && (
          <p role="status" className="text-sm text-slate-600">
            Checking {file?.name}…
          </p>
        )}
        {step.kind === 'checked' && (
          <>
            <SummaryLine summary={step.summary} applied={false} />
            <EncodingLine encoding={step.encoding} />
            <ReportTable rows={step.rows} truncated={step.truncated} />
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={onClose}
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="button"
                disabled={changes === 0}
                onClick={() => void apply()}
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {changes === 0 ? 'Nothing to apply' : `Apply ${plural(changes, 'change')}`}
              </button>
            </div>
          </>
        )}
        {step.kind === 'applying' && <Progress done={step.done} total={step.total} />}
        {step.kind === 'applied' && (
          <>
            <Progress done={step.summary.rows} total={step.summary.rows} />
            <p role="status" className="text-sm font-semibold text-green-800">
              Import finished.
            </p>
            <SummaryLine summary={step.summary} applied />
            <EncodingLine encoding={step.encoding} />
            <ReportTable rows={step.rows.filter((row) => row.action === 'refused')} truncated={false} />
            <div className="flex justify-end">
              <button
                type="button"
                onClick={onClose}
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Done
              </button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
