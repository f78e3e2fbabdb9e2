/**
 * The GST report's server calls (docs/shop-rules.md#gst-report), added to the one api of api/shop-api.ts from the
 * admin's chunk.
 */
import type { GstReport, Gstr1Table } from '@pumpkart/shared';
import { gstr1FileName } from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, logFailure, shopApi, type DownloadedDocument } from '../../api/shop-api';

export const gstReportApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The month's totals of tax invoices and credit notes (admin only); month is 'YYYY-MM'. */
    getGstReport: build.query<GstReport, string>({
      query: (month) => ({ url: '/admin/gst-report', query: { month }, shared: true, contract: 'gstReport' }),
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
export async function fetchGstr1Csv(month: string, table: Gstr1Table): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/admin/gst-report', {
    query: { month, format: 'csv', table },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return {
    blob: answer.data,
    filename: filenameOf(answer.headers.get('content-disposition')) ?? gstr1FileName(table, month),
  };
}

export const { useGetGstReportQuery } = gstReportApi;
