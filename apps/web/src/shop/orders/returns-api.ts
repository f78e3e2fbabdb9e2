/**
 * An order's returns and debit notes (docs/shop-rules.md#returns, #debit-notes): read them, ask for a return (a
 * multipart form: the request as JSON and the photos), the owner's steps and debit notes, and one note's PDF by id.
 * Used by the order's page (the buyer) and the admin's order detail. Injected into the one api of api/shop-api.ts.
 */
import type { DebitNoteInput, OrderReturns, ReturnRequest } from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, shopApi, type DownloadedDocument } from '../../api/shop-api';

type Answer = { message?: string; data: OrderReturns };
export type ReturnAction =
  | { action: 'approve' }
  | { action: 'refuse'; reason: string }
  | { action: 'receive'; restock: boolean }
  | { action: 'refund' };

export const returnsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderReturns: build.query<OrderReturns, string>({
      query: (orderId) => ({ url: `/orders/${orderId}/returns` }),
      transformResponse: (answer: Answer) => answer.data,
    }),
    requestReturn: build.mutation<Answer, { orderId: string; request: ReturnRequest; photos: File[] }>({
      query: ({ orderId, request, photos }) => {
        const form = new FormData();
        form.append('request', JSON.stringify(request));
        for (const photo of photos) form.append('photos', photo, photo.name);
        return { url: `/orders/${orderId}/returns`, method: 'POST', body: form };
      },
    }),
    returnStep: build.mutation<Answer, { orderId: string; returnId: string; step: ReturnAction }>({
      query: ({ orderId, returnId, step: { action, ...body } }) => ({
        url: `/orders/${orderId}/returns/${returnId}/${action}`,
        method: 'POST',
        body: Object.keys(body).length > 0 ? body : undefined,
      }),
    }),
    issueDebitNote: build.mutation<Answer, { orderId: string; input: DebitNoteInput }>({
      query: ({ orderId, input }) => ({ url: `/orders/${orderId}/debit-notes`, method: 'POST', body: input }),
    }),
  }),
});

export const { useGetOrderReturnsQuery, useRequestReturnMutation, useReturnStepMutation, useIssueDebitNoteMutation } =
  returnsApi;

/** A return's credit note or a debit note as a PDF, by its id. */
export async function fetchNoteDocument(orderId: string, documentId: string): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>(`/orders/${encodeURIComponent(orderId)}/documents/${documentId}`, {
    responseType: 'blob',
    headers: { accept: 'application/pdf, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}
