/**
 * Placing an order (docs/shop-rules.md#orders, docs/architecture.md#checkout), safe to retry with one idempotency
 * key per checkout attempt. Injected into the one api of api/shop-api.ts.
 */
import type { CreateOrderBody, OrderDto } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

/** The header that makes placing an order safe to retry: one key per checkout attempt. */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A fresh random key for one checkout attempt (a UUID v4). crypto.randomUUID exists only in secure
 * contexts (https, localhost); getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const checkoutApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Places an order. With an idempotency key, a repeated call with the same key answers the order
     * the first one placed.
     */
    createOrder: build.mutation<OrderDto, { order: CreateOrderBody; idempotencyKey?: string }>({
      query: ({ order, idempotencyKey }) => ({
        url: '/orders',
        method: 'POST',
        body: order,
        headers: idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined,
        contract: 'createOrderResponse',
      }),
      transformResponse: (answer: { order: OrderDto }) => answer.order,
      invalidatesTags: (_order, error) => (error ? [] : ['Orders', 'AdminOrders', 'Payments', 'Stats']),
    }),
  }),
});

export const { useCreateOrderMutation } = checkoutApi;
