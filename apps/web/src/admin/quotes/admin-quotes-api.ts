/** The back office's calls for requests for quote (docs/shop-rules.md#quotes), under /admin/quotes. */
import type { QuoteAnswerBody, QuoteDetail } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';
import type { ListParams, One, QuotePage } from '../../shop/quotes/quotes-api';

export const adminQuotesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminQuotes: build.query<QuotePage, ListParams>({
      query: ({ page, limit, status, search }) => ({ url: '/admin/quotes', query: { page, limit, status, search } }),
      providesTags: ['Quotes'],
    }),
    getAdminQuote: build.query<QuoteDetail, { id: string }>({
      query: ({ id }) => ({ url: `/admin/quotes/${encodeURIComponent(id)}` }),
      transformResponse: (answer: One) => answer.data,
      providesTags: ['Quotes'],
    }),
    answerQuote: build.mutation<One, { id: string; body: QuoteAnswerBody }>({
      query: ({ id, body }) => ({ url: `/admin/quotes/${encodeURIComponent(id)}/versions`, method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Quotes']),
    }),
    adminQuoteMessage: build.mutation<One, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: `/admin/quotes/${encodeURIComponent(id)}/messages`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Quotes']),
    }),
    declineQuote: build.mutation<One, { id: string }>({
      query: ({ id }) => ({ url: `/admin/quotes/${encodeURIComponent(id)}/decline`, method: 'POST' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Quotes']),
    }),
  }),
});

export const {
  useGetAdminQuotesQuery,
  useGetAdminQuoteQuery,
  useAnswerQuoteMutation,
  useAdminQuoteMessageMutation,
  useDeclineQuoteMutation,
} = adminQuotesApi;
