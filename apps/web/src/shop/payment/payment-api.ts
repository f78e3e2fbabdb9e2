/**
 * The payment window's server calls (docs/shop-rules.md#payments, docs/architecture.md#checkout): which script to
 * load, a payment for an order or for an instalment of a bank-terms order, and its verification. Injected into the one api of api/shop-api.ts.
 */
import type { CheckoutConfig, CreatePaymentResponse, VerifyPaymentBody } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

export const paymentApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** Which payment script to load, and whether cash on delivery is offered: asked once per page life. */
    getPaymentsConfig: build.query<CheckoutConfig, void>({
      query: () => ({ url: '/payments/config', contract: 'checkoutConfig' }),
      keepUnusedDataFor: 24 * 60 * 60,
    }),
    createPayment: build.mutation<CreatePaymentResponse, string>({
      query: (orderId) => ({
        url: '/payments/create',
        method: 'POST',
        body: { orderId },
        contract: 'createPaymentResponse',
      }),
    }),
    /** A gateway order for the amount due now on a bank-terms order (docs/shop-rules.md#bank-transfer). */
    createInstalmentPayment: build.mutation<CreatePaymentResponse, string>({
      query: (orderId) => ({
        url: `/payments/bank/orders/${orderId}/online`,
        method: 'POST',
        contract: 'createPaymentResponse',
      }),
    }),
    verifyPayment: build.mutation<unknown, VerifyPaymentBody>({
      query: (body) => ({ url: '/payments/verify', method: 'POST', body, contract: 'verifyPaymentResponse' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Orders', 'AdminOrders', 'Payments', 'Stats']),
    }),
  }),
});

export const {
  useGetPaymentsConfigQuery,
  useCreatePaymentMutation,
  useCreateInstalmentPaymentMutation,
  useVerifyPaymentMutation,
} = paymentApi;
