/**
 * Bank transfer with an advance (docs/shop-rules.md#bank-transfer): an order's terms, transfers and the store's bank
 * details, read by its buyer and by the orders area alike, and the buyer's record of a transfer. The back office's
 * decisions (confirm, reject, terms) are in admin/orders/bank-admin-api.ts. Injected into the one api of
 * api/shop-api.ts.
 */
import type { BankTransferDto, OrderTransfersResponse, RecordTransferBody } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const bankApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderTransfers: build.query<OrderTransfersResponse, string>({
      query: (orderId) => ({
        url: `/payments/bank/orders/${encodeURIComponent(orderId)}`,
        contract: 'orderTransfersResponse',
      }),
      providesTags: ['BankTransfers'],
      onQueryStarted: logFailure('bank transfers'),
    }),
    /** The buyer records a transfer they made; the server answers 409 for a reused UTR or too much. */
    recordTransfer: build.mutation<
      { message: string; transfer: BankTransferDto },
      { orderId: string; body: RecordTransferBody }
    >({
      query: ({ orderId, body }) => ({
        url: `/payments/bank/orders/${encodeURIComponent(orderId)}/transfers`,
        method: 'POST',
        body,
        contract: 'transferResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['BankTransfers', 'Orders', 'AdminOrders', 'Payments']),
    }),
  }),
});

export const { useGetOrderTransfersQuery, useRecordTransferMutation } = bankApi;
