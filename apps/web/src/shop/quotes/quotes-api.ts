/**
 * Requests for quote (docs/shop-rules.md#quotes): the buyer's calls under /quotes, injected into the one api of
 * api/shop-api.ts (the back office's are in admin/quotes/admin-quotes-api.ts); and the proforma's PDF.
 */
import type { QuoteAcceptBody, QuoteDetail, QuoteListQuery, QuoteRequestBody, QuoteSummary } from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, shopApi, type DownloadedDocument } from '../../api/shop-api';

export type One = { message?: string; data: QuoteDetail };
export type QuotePage = { data: QuoteSummary[]; pagination: { page: number; limit: number; total: number } };
export type ListParams = Partial<QuoteListQuery>;

export const quotesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getQuotes: build.query<QuotePage, ListParams>({
      query: ({ page, limit, status, search }) => ({ url: '/quotes', query: { page, limit, status, search } }),
      providesTags: ['Quotes'],
    }),
    getQuote: build.query<QuoteDetail, { id: string }>({
      query: ({ id }) => ({ url: `/quotes/${encodeURIComponent(id)}` }),
      transformResponse: (answer: One) => answer.data,
      providesTags: ['Quotes'],
    }),
    requestQuote: build.mutation<One, QuoteRequestBody>({
      query: (body) => ({ url: '/quotes', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Quotes']),
    }),
    quoteMessage: build.mutation<One, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: `/quotes/${encodeURIComponent(id)}/messages`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Quotes']),
    }),
    closeQuote: build.mutation<One, { id: string }>({
      query: ({ id }) => ({
        url: `/quotes/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Quotes']),
    }),
    acceptQuote: build.mutation<
      { message: string; data: { quote: QuoteDetail; orderId: string } },
      { id: string } & QuoteAcceptBody
    >({
      query: ({ id, ...body }) => ({ url: `/quotes/${encodeURIComponent(id)}/accept`, method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Quotes', 'Orders', 'Cart']),
    }),
  }),
});

export const {
  useGetQuotesQuery,
  useGetQuoteQuery,
  useRequestQuoteMutation,
  useQuoteMessageMutation,
  useCloseQuoteMutation,
  useAcceptQuoteMutation,
} = quotesApi;

/** The proforma invoice of the quote's current version. */
export async function fetchQuotePdf(id: string): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>(`/quotes/${encodeURIComponent(id)}/pdf`, {
    responseType: 'blob',
    headers: { accept: 'application/pdf, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}
