/**
 * The Payments screens' server calls (docs/shop-rules.md#admin-lists, #cod), added to the one api of
 * api/shop-api.ts from the admin's chunk; the order detail marks COD cash paid with it too.
 */
import type { PaymentListParams, PaymentListResponse } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const paymentsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of payments, filtered and sorted (docs/shop-rules.md#admin-lists). */
    getPayments: build.query<PaymentListResponse, PaymentListParams>({
      query: ({ page, limit, status, mode, from, to, search, sort }) => ({
        url: '/payments',
        query: { page, limit, status, mode, from, to, search, sort },
        shared: true,
        contract: 'paymentListResponse',
      }),
      providesTags: ['Payments'],
      onQueryStarted: logFailure('payments'),
    }),
    /** The cash of a COD order was collected. */
    markCodPaid: build.mutation<unknown, string>({
      query: (orderId) => ({
        url: `/payments/${orderId}/cod`,
        method: 'PATCH',
        shared: true,
        contract: 'codPaidResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['AdminOrders', 'Orders', 'Payments', 'Stats']),
    }),
  }),
});

export const { useGetPaymentsQuery, useMarkCodPaidMutation } = paymentsApi;
