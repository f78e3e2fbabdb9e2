/**
 * The products CSV calls (docs/shop-rules.md#products-csv), through the bearer-token client: the export of the
 * admin list's filtered view as a Blob (saved through an object URL), and the import's dry run and apply, which
 * send the chosen file as it is (text/csv). The apply's answer is read line by line as it streams in (NDJSON):
 * each progress line is handed to `onProgress`, the last line is the result. None is RTK Query data: a file
 * and a stream are no store data.
 */
import {
  importDoneLineSchema,
  importDryRunResponseSchema,
  importLineSchema,
  type AdminProductListParams,
  type ImportDoneLine,
  type ImportDryRunResponse,
} from '@pumpkart/shared';
import { api } from './http';
import { filenameOf, type DownloadedDocument } from './shop-api';

export type ProductsExportParams = Omit<AdminProductListParams, 'page' | 'limit'>;

export const IMPORT_STOPPED = 'The import stopped before it finished. Reload the products to see what was saved.';

/** The products of the filters and sort as a CSV file (every match, not a page). */
export async function fetchProductsCsv(params: ProductsExportParams): Promise<DownloadedDocument> {
  const { search, category, brand, active, stock, sort } = params;
  const answer = await api.get<Blob>('/products/export.csv', {
    query: { search, category, brand, active, stock, sort },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}

const csvHeaders = (accept: string) => ({ 'content-type': 'text/csv', accept });

/** What importing the file would do, row by row; writes nothing. */
export async function dryRunProductImport(file: Blob): Promise<ImportDryRunResponse> {
  const answer = await api.post<unknown>('/products/import/dry-run', file, { headers: csvHeaders('application/json') });
  return importDryRunResponseSchema.parse(answer.data);
}

/** Imports the file; `onProgress` hears each progress line; answers the result line. */
export async function applyProductImport(
  file: Blob,
  onProgress: (done: number, total: number) => void,
): Promise<ImportDoneLine> {
  const answer = await api.post<ReadableStream<Uint8Array> | null>('/products/import/apply', file, {
    headers: csvHeaders('application/x-ndjson, application/json'),
    responseType: 'stream',
  });
  if (!answer.data) throw new Error(IMPORT_STOPPED);
  const reader = answer.data.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    pending += decoder.decode(value, { stream: !done });
    const lines = pending.split('\n');
    pending = done ? '' : lines.pop()!;
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = importLineSchema.parse(JSON.parse(text));
      if (line.type === 'progress') onProgress(line.done, line.total);
      else return importDoneLineSchema.parse(line);
    }
    if (done) throw new Error(IMPORT_STOPPED);
  }
}
