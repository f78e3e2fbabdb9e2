/**
 * Buying again's calls (docs/shop-rules.md#buying-again): "Order again" and the quick order form, injected into the
 * one api of api/shop-api.ts. Both change the cart on the server, so the cart is read again after them.
 */
import type { QuickOrderResponse, ReorderResponse } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

export const buyAgainApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    reorder: build.mutation<ReorderResponse, string>({
      query: (orderId) => ({ url: '/cart/reorder', method: 'POST', body: { orderId }, contract: 'reorderResponse' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Cart']),
    }),
    /** Checks the lines; with `add`, adds the valid ones (checked again). */
    quickOrder: build.mutation<QuickOrderResponse, { text: string; add: boolean }>({
      query: (body) => ({ url: '/cart/quick-order', method: 'POST', body, contract: 'quickOrderResponse' }),
      invalidatesTags: (_answer, error, { add }) => (error || !add ? [] : ['Cart']),
    }),
  }),
});

export const { useReorderMutation, useQuickOrderMutation } = buyAgainApi;
