/**
 * The GST report's files (docs/shop-rules.md#gst-report): the whole GSTR-1 of the month and seller GSTIN as the
 * portal's JSON file, and one button per GSTR-1 table as a CSV file. The files are fetched with the bearer token and
 * saved as the invoices are (shop/orders/order-documents.tsx saveBlob); a failure is said in an on-page notice.
 */
import { useState } from 'react';
import {
  GSTR1_TABLE_LABELS,
  GSTR1_TABLES,
  gstr1FileName,
  gstr1JsonFileName,
  MESSAGES,
  type Gstr1Table,
} from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { saveBlob } from '../../shop/orders/order-documents';
import { useNotify } from '../../store/hooks';
import { fetchGstr1Csv, fetchGstr1Json } from './gst-report-api';
import type { DownloadedDocument } from '../../api/shop-api';

export const GST_DOWNLOADS_TEXT = {
  portal: 'GSTR-1 for the GST portal (JSON)',
  portalHint: 'The whole return in one file, for the offline tool or the portal’s upload.',
  downloads: 'GSTR-1 tables (CSV)',
  downloadsHint: 'One file per table of the return. B2C small rows are net of their credit notes.',
} as const;

type FileKey = Gstr1Table | 'json';

function DownloadButton({
  label,
  filename,
  busy,
  active,
  onClick,
}: {
  label: string;
  filename: string;
  busy: boolean;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      // Only aria-disabled while a download runs, so focus stays on the button.
      aria-disabled={busy || undefined}
      className="flex h-full w-full flex-col items-start rounded-lg border border-slate-300 bg-white px-3 py-2 text-left hover:bg-slate-50 aria-disabled:opacity-60"
    >
      <span className="text-sm font-semibold text-slate-900">
        <span aria-hidden="true">⬇ </span>
        {label}
      </span>
      <span className="break-all text-xs text-slate-600">{active ? MESSAGES.downloadingDocument : filename}</span>
    </button>
  );
}

/**
 * The month's files of the seller `gstin`; without one (the report not loaded), of the GSTIN the server takes by
 * default, the store's.
 */
export function GstDownloads({ month, gstin }: { month: string; gstin: string | null }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<FileKey | null>(null);

  const download = async (key: FileKey, fetchFile: () => Promise<DownloadedDocument>, fallbackName: string) => {
    if (busy) return;
    setBusy(key);
    try {
      const { blob, filename } = await fetchFile();
      saveBlob(blob, filename ?? fallbackName);
    } catch (error) {
      console.error(`Failed to download the GSTR-1 ${key} file`, error);
      notify(errorMessage(error, MESSAGES.gstReportDownloadFailed), 'error');
    } finally {
      setBusy(null);
    }
  };

  const jsonName = gstr1JsonFileName(gstin ?? 'GSTIN', month);
  return (
    <section
      aria-labelledby="gst-report-downloads"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id="gst-report-downloads" className="text-base font-semibold text-slate-800">
          {GST_DOWNLOADS_TEXT.portal}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{GST_DOWNLOADS_TEXT.portalHint}</p>
        <div className="mt-3 max-w-sm">
          <DownloadButton
            label={gstin ? `GSTR-1 ${gstin}` : GST_DOWNLOADS_TEXT.portal}
            filename={jsonName}
            busy={busy !== null}
            active={busy === 'json'}
            onClick={() => void download('json', () => fetchGstr1Json(month, gstin ?? undefined), jsonName)}
          />
        </div>
      </div>
      <div>
        <h3 className="text-base font-semibold text-slate-800">{GST_DOWNLOADS_TEXT.downloads}</h3>
        <p className="mt-1 text-sm text-slate-600">{GST_DOWNLOADS_TEXT.downloadsHint}</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {GSTR1_TABLES.map((table) => (
            <li key={table}>
              <DownloadButton
                label={GSTR1_TABLE_LABELS[table]}
                filename={gstr1FileName(table, month)}
                busy={busy !== null}
                active={busy === table}
                onClick={() =>
                  void download(
                    table,
                    () => fetchGstr1Csv(month, gstin ?? undefined, table),
                    gstr1FileName(table, month),
                  )
                }
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
