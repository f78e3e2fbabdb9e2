/**
 * Every server call, typed with the contracts of @pumpkart/shared. Screens and slices call these;
 * nothing else builds URLs. Products are normalised by the shared normalizeProduct.
 */
import {
  normalizeProduct,
  type Address,
  type CheckoutConfig,
  type CreateOrderBody,
  type CreatePaymentResponse,
  type OrderDto,
  type OrderStatus,
  type PaymentDto,
  type PincodeResponse,
  type StatsResponse,
  type VerifyPaymentBody,
} from '@pumpkart/shared';
import { api, sharedApi } from './http';

const asList = (data: unknown): unknown[] => (Array.isArray(data) ? data : []);

/** Orders as a bare list, or under `orders` or `data`. */
function ordersOf(data: unknown): OrderDto[] {
  if (Array.isArray(data)) return data as OrderDto[];
  const body = (data ?? {}) as { orders?: OrderDto[]; data?: OrderDto[] };
  return body.orders ?? body.data ?? [];
}

export const adminCatalogApi = {
  all: async () => asList((await sharedApi.get<unknown>('/products/admin/all')).data).map(normalizeProduct),
  /** One product, inactive too, as it is now (the edit form reloads it after a 409). */
  get: async (id: string) => normalizeProduct((await sharedApi.get<unknown>(`/products/admin/${id}`)).data),
  create: async (form: FormData) => normalizeProduct((await sharedApi.post<unknown>('/products', form)).data),
  update: async (id: string, form: FormData) =>
    normalizeProduct((await sharedApi.put<unknown>(`/products/${id}`, form)).data),
  setActive: async (id: string, active: boolean) =>
    normalizeProduct((await sharedApi.put<unknown>(`/products/${id}`, { active })).data),
  removeImage: async (productId: string, publicId: string) =>
    normalizeProduct(
      (await sharedApi.post<unknown>('/products/remove-image', { productId, public_id: publicId })).data,
    ),
  destroy: async (id: string) =>
    (await sharedApi.delete<{ _id: string; message: string }>(`/products/${id}/destroy`)).data,
  stats: async () => (await sharedApi.get<StatsResponse>('/products/stats')).data,
};

/** The order creation payload (docs/shop-rules.md#orders; paymentMode from the checkout modal). */
export type OrderPayload = CreateOrderBody;

/** The header that makes placing an order safe to retry: one key per checkout attempt. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

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

export const ordersApi = {
  /**
   * Answers the created order, read from `order`, `data` or the object itself. With
   * an idempotency key, a repeated call with the same key answers the order the first one placed.
   */
  async create(payload: OrderPayload, options: { idempotencyKey?: string } = {}): Promise<OrderDto> {
    const headers = options.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey } : undefined;
    const data = (
      await api.post<{ order?: OrderDto; data?: OrderDto } & Partial<OrderDto>>('/orders', payload, { headers })
    ).data;
    return (data.order ?? data.data ?? data) as OrderDto;
  },
  mine: async () => ordersOf((await api.get<unknown>('/orders/me')).data),
  cancel: async (id: string) => (await api.patch<{ message?: string }>(`/orders/${id}/cancel`)).data,
  all: async () => ordersOf((await sharedApi.get<unknown>('/orders')).data),
  get: async (id: string) => (await sharedApi.get<{ data: OrderDto }>(`/orders/${id}`)).data.data,
  setStatus: async (id: string, status: OrderStatus) =>
    (await sharedApi.put<unknown>(`/orders/${id}/status`, { status })).data,
};

export const paymentsApi = {
  config: async () => (await api.get<CheckoutConfig>('/payments/config')).data,
  create: async (orderId: string) => (await api.post<CreatePaymentResponse>('/payments/create', { orderId })).data,
  verify: async (body: VerifyPaymentBody) => (await api.post<unknown>('/payments/verify', body)).data,
  all: async () => asList((await sharedApi.get<unknown>('/payments')).data) as PaymentDto[],
  markCodPaid: async (orderId: string) => (await sharedApi.patch<unknown>(`/payments/${orderId}/cod`)).data,
};

/**
 * The postal-code lookup: the server answers the public service's shape from a bundled dataset, so
 * it works offline. Returns the first post office's district and state, or null.
 */
export async function lookupPincode(code: string): Promise<{ city: string; state: string } | null> {
  const res = await sharedApi.get<PincodeResponse>(`/pincode/${code}`);
  const office = res.data[0]?.PostOffice?.[0];
  return office ? { city: office.District, state: office.State } : null;
}

export type { Address };
