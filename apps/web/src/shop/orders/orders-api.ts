/**
 * One order as it is now (the buyer's confirmation page, the admin's detail view after a change), and an order's
 * tax documents (docs/shop-rules.md#invoices). Injected into the one api of api/shop-api.ts.
 */
import type { OrderDto } from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, shopApi, type DownloadedDocument } from '../../api/shop-api';

export const ordersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** One order as it is now. */
    getOrder: build.query<OrderDto, string>({
      query: (id) => ({ url: `/orders/${id}`, shared: true, contract: 'orderResponse' }),
      transformResponse: (answer: { data: OrderDto }) => answer.data,
    }),
  }),
});

export const { useLazyGetOrderQuery } = ordersApi;

/** The tax documents of an order (docs/shop-rules.md#invoices): its invoice, and its credit note once cancelled. */
export type OrderDocumentKind = 'invoice' | 'credit-note';

/**
 * Fetches an order's invoice or credit note as a PDF Blob through the bearer-token client (a Blob is no store
 * data, so this is not an RTK Query endpoint). Throws the client's HttpError (404 with the server's message
 * when none was issued) or NoResponseError.
 */
export async function fetchOrderDocument(orderId: string, kind: OrderDocumentKind): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>(`/orders/${encodeURIComponent(orderId)}/${kind}`, {
    responseType: 'blob',
    headers: { accept: 'application/pdf, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}
