/** My Orders' reads and writes (docs/shop-rules.md#orders, #cancellation), injected into the one api of api/shop-api.ts. */
import type { OrderDto } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const myOrdersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The buyer's own orders. */
    getMyOrders: build.query<OrderDto[], void>({
      query: () => ({ url: '/orders/me', contract: 'myOrdersResponse' }),
      transformResponse: (answer: { orders: OrderDto[] }) => answer.orders,
      providesTags: ['Orders'],
      onQueryStarted: logFailure('orders'),
    }),
    /** The buyer cancels an order (or the checkout cancels an unpaid one); answers the server's message. */
    cancelOrder: build.mutation<{ message?: string }, string>({
      query: (orderId) => ({ url: `/orders/${orderId}/cancel`, method: 'PATCH', contract: 'orderResponse' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Orders', 'AdminOrders', 'Payments', 'Stats']),
    }),
  }),
});

export const { useGetMyOrdersQuery, useCancelOrderMutation } = myOrdersApi;
