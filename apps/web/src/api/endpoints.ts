/**
 * Every server call, typed with the contracts of @pumpkart/shared. Screens and slices call these;
 * nothing else builds URLs. Products are normalised by the shared normalizeProduct.
 */
import {
  normalizeProduct,
  type Address,
  type OrderDto,
  type OrderStatus,
  type PaymentDto,
  type StatsResponse,
} from '@pumpkart/shared';
import { sharedApi } from './http';

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

export const ordersApi = {
  all: async () => ordersOf((await sharedApi.get<unknown>('/orders')).data),
  get: async (id: string) => (await sharedApi.get<{ data: OrderDto }>(`/orders/${id}`)).data.data,
  setStatus: async (id: string, status: OrderStatus) =>
    (await sharedApi.put<unknown>(`/orders/${id}/status`, { status })).data,
};

export const paymentsApi = {
  all: async () => asList((await sharedApi.get<unknown>('/payments')).data) as PaymentDto[],
  markCodPaid: async (orderId: string) => (await sharedApi.patch<unknown>(`/payments/${orderId}/cod`)).data,
};

export type { Address };
