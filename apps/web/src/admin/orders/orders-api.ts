/**
 * The Orders screens' server calls (docs/shop-rules.md#admin-lists, #order-status, #orders-csv), added to the one
 * api of api/shop-api.ts from the admin's chunk. Marking COD cash paid is the payments' (payments/payments-api.ts).
 */
import type {
  AdminOrderExportParams,
  AdminOrderListParams,
  OrderListResponse,
  OrderStatus,
  ShipmentInput,
} from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, logFailure, shopApi, type DownloadedDocument } from '../../api/shop-api';

export const ordersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of orders, filtered and sorted (docs/shop-rules.md#admin-lists). */
    getAdminOrders: build.query<OrderListResponse, AdminOrderListParams>({
      query: ({ page, limit, search, status, paymentMode, paymentStatus, from, to, sort, view }) => ({
        url: '/orders',
        query: { page, limit, search, status, paymentMode, paymentStatus, from, to, sort, view },
        shared: true,
        contract: 'orderListResponse',
      }),
      providesTags: ['AdminOrders'],
      onQueryStarted: logFailure('orders'),
    }),
    setOrderStatus: build.mutation<
      unknown,
      { id: string; status: OrderStatus; shipment?: ShipmentInput; reason?: string }
    >({
      query: ({ id, status, shipment, reason }) => ({
        url: `/orders/${id}/status`,
        method: 'PUT',
        body: { status, ...(shipment ? { shipment } : {}), ...(reason ? { reason } : {}) },
        shared: true,
        contract: 'orderResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['AdminOrders', 'Orders', 'Payments', 'Stats']),
    }),
  }),
});

/**
 * Fetches the admin's orders of the filters as a CSV Blob (GET /api/orders/export.csv, docs/shop-rules.md#orders-csv)
 * through the bearer-token client like the invoices, with the server's file name (orders-2026-11-25.csv).
 */
export async function fetchOrdersCsv({
  search,
  status,
  paymentMode,
  paymentStatus,
  from,
  to,
  view,
}: AdminOrderExportParams): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/orders/export.csv', {
    query: { search, status, paymentMode, paymentStatus, from, to, view },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}

/**
 * The files a shipment needs (docs/shop-rules.md#e-way-bills): the invoice's duplicate for the transporter (CGST
 * Rule 48(1)) as a PDF, and the e-way bill portal's bulk generation JSON of the invoice, with the server's names.
 */
export async function fetchShippingFile(
  orderId: string,
  file: 'transporter-copy' | 'eway-bill',
): Promise<DownloadedDocument> {
  const id = encodeURIComponent(orderId);
  const answer = await api.get<Blob>(file === 'eway-bill' ? `/orders/${id}/eway-bill.json` : `/orders/${id}/invoice`, {
    query: file === 'transporter-copy' ? { copy: 'transporter' } : undefined,
    responseType: 'blob',
    headers: { accept: file === 'eway-bill' ? 'application/json' : 'application/pdf, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}

export const { useGetAdminOrdersQuery, useSetOrderStatusMutation } = ordersApi;
