/**
 * A back-office list's Export CSV button: fetches the file with the bearer token and saves it, says so on failure,
 * and ignores a second press while the file is being made.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/http';
import type { DownloadedDocument } from '../../api/shop-api';
import { saveBlob } from '../../shop/orders/order-documents';
import { useNotify } from '../../store/hooks';

interface CsvExportButtonProps {
  fetchCsv: () => Promise<DownloadedDocument>;
  /** The file's name when the answer gives none. */
  fallbackName: string;
  /** What could not be exported, as the notice says it: 'the customers'. */
  what: string;
  /** The button's tooltip: which rows the file holds. */
  title: string;
}

export function CsvExportButton({ fetchCsv, fallbackName, what, title }: CsvExportButtonProps) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, filename } = await fetchCsv();
      saveBlob(blob, filename ?? fallbackName);
    } catch (error) {
      notify(errorMessage(error, `Could not export ${what}. Please try again.`), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void run()}
      title={title}
      aria-disabled={busy || undefined}
      className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-disabled:opacity-60"
    >
      <span aria-hidden="true">⬇ </span>
      {busy ? 'Preparing...' : 'Export CSV'}
    </button>
  );
}
