/**
 * The GST report's server calls (docs/shop-rules.md#gst-report), added to the one api of api/shop-api.ts from the
 * admin's chunk.
 */
import type { GstReport, Gstr1Table } from '@pumpkart/shared';
import { gstr1FileName, gstr1JsonFileName } from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, logFailure, shopApi, type DownloadedDocument } from '../../api/shop-api';

export interface GstReportArgs {
  month: string;
  gstin?: string;
}

export const gstReportApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The month's totals of tax invoices and credit notes (admin only); month is 'YYYY-MM', gstin the seller GSTIN
     * (the store's current one when left out).
     */
    getGstReport: build.query<GstReport, GstReportArgs>({
      query: ({ month, gstin }) => ({
        url: '/admin/gst-report',
        query: gstin ? { month, gstin } : { month },
        shared: true,
        contract: 'gstReport',
      }),
      // Issuing documents (payments, status changes, cancellations) invalidates the figures as it does the stats.
      providesTags: ['Stats'],
      onQueryStarted: logFailure('the GST report'),
    }),
  }),
});

/**
 * Fetches one GSTR-1 table of a month's GST report as a CSV Blob (docs/shop-rules.md#gst-report), through the
 * bearer-token client like the invoices; the file name is the server's, else GSTR1-{table}-{month}.csv.
 */
export async function fetchGstr1Csv(
  month: string,
  gstin: string | undefined,
  table: Gstr1Table,
): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/admin/gst-report', {
    query: { month, ...(gstin ? { gstin } : {}), format: 'csv', table },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return {
    blob: answer.data,
    filename: filenameOf(answer.headers.get('content-disposition')) ?? gstr1FileName(table, month),
  };
}

/**
 * Fetches the month's whole GSTR-1 of one seller GSTIN (the store's when not given) in the portal's JSON format, as
 * a Blob to save.
 */
export async function fetchGstr1Json(month: string, gstin?: string): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/admin/gst-report', {
    query: { month, ...(gstin ? { gstin } : {}), format: 'gstr1-json' },
    responseType: 'blob',
    headers: { accept: 'application/json' },
  });
  return {
    blob: answer.data,
    filename: filenameOf(answer.headers.get('content-disposition')) ?? gstr1JsonFileName(gstin ?? 'GSTIN', month),
  };
}

export const { useGetGstReportQuery } = gstReportApi;
