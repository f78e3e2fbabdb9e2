/**
 * The orders area's decisions on bank transfers (docs/shop-rules.md#bank-transfer): confirm or reject a recorded
 * transfer, change an unpaid order's advance. Added to the one api of api/shop-api.ts from the admin's chunk; the
 * order's transfers are read with shop/payment/bank-api.ts, which the buyer's page uses too.
 */
import type { BankTransferDto, OrderTransfersResponse } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

type Decided = { message: string; transfer: BankTransferDto };
const CHANGED = ['BankTransfers', 'AdminOrders', 'Orders', 'Payments', 'Stats'] as const;

export const bankAdminApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    confirmTransfer: build.mutation<Decided, string>({
      query: (transferId) => ({
        url: `/payments/bank/transfers/${encodeURIComponent(transferId)}/confirm`,
        method: 'POST',
        shared: true,
        contract: 'transferResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : [...CHANGED]),
    }),
    rejectTransfer: build.mutation<Decided, { transferId: string; reason: string }>({
      query: ({ transferId, reason }) => ({
        url: `/payments/bank/transfers/${encodeURIComponent(transferId)}/reject`,
        method: 'POST',
        body: { reason },
        shared: true,
        contract: 'transferResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : [...CHANGED]),
    }),
    setPaymentTerms: build.mutation<
      { message: string; terms: OrderTransfersResponse },
      { orderId: string; advancePercent: number }
    >({
      query: ({ orderId, advancePercent }) => ({
        url: `/payments/bank/orders/${encodeURIComponent(orderId)}/terms`,
        method: 'PUT',
        body: { advancePercent },
        shared: true,
        contract: 'termsResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : [...CHANGED]),
    }),
  }),
});

export const { useConfirmTransferMutation, useRejectTransferMutation, useSetPaymentTermsMutation } = bankAdminApi;
