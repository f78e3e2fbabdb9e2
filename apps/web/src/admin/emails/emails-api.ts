/**
 * The E-mails screens' server calls (docs/shop-rules.md#emails), added to the one api of api/shop-api.ts from the
 * admin's chunk.
 */
import type { MailDetail, MailListQuery, MailListResponse } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const emailsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the outbox, newest first, with the count of all that match (admin only). */
    getAdminEmails: build.query<MailListResponse, MailListQuery>({
      query: ({ page, limit, status, kind, to }) => ({
        url: '/admin/emails',
        query: { page, limit, status, kind, to },
        shared: true,
        contract: 'mailListResponse',
      }),
      providesTags: ['Emails'],
      onQueryStarted: logFailure('e-mails'),
    }),
    /** One message with its HTML, text and attachment names; 404 'E-mail not found.'. */
    getAdminEmail: build.query<MailDetail, string>({
      query: (id) => ({ url: `/admin/emails/${encodeURIComponent(id)}`, shared: true, contract: 'mailDetailResponse' }),
      transformResponse: (answer: { data: MailDetail }) => answer.data,
      providesTags: ['Emails'],
      onQueryStarted: logFailure('the e-mail'),
    }),
    /** Queues a failed or kept message again (409 otherwise); answers the server's message. */
    retryEmail: build.mutation<{ message: string }, string>({
      query: (id) => ({
        url: `/admin/emails/${encodeURIComponent(id)}/retry`,
        method: 'POST',
        shared: true,
        contract: 'message',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Emails']),
    }),
  }),
});

export const { useGetAdminEmailsQuery, useGetAdminEmailQuery, useRetryEmailMutation } = emailsApi;
