/**
 * The web app's one RTK Query api: the base query over the HTTP clients of http.ts (which keep the bearer token,
 * the 401 handling and the shared client's 10 s time-out), the cache tags, and the plumbing the endpoints share.
 * The endpoints themselves live beside the screens and widgets that use them, each area's file adding its own with
 * `shopApi.injectEndpoints` (shop/catalog/catalog-api.ts, shop/cart/cart-api.ts, features/auth/auth-api.ts, ...,
 * admin/admin-api.ts from the admin's chunk): a screen's hooks come from that file, which injects them on import.
 *
 * In development and tests every answer is checked against the shared zod contract of its route,
 * so a test fixture that drifts from what the server sends fails its test.
 *
 * Caching follows what the screens showed before RTK Query: a screen asks again whenever it is
 * mounted (refetchOnMountOrArgChange) and what no screen shows is dropped at once
 * (keepUnusedDataFor 0), except the cart and the favorites, which the storefront frame keeps, and
 * the payments config, which is asked once per page life.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import {
  auditActorsResponseSchema,
  businessChangeResponseSchema,
  myBusinessResponseSchema,
  outletRegisterSchema,
  assetResponseSchema,
  taskRecordResponseSchema,
  calendarFeedSchema,
  auditListResponseSchema,
  staffChangeResponseSchema,
  staffListResponseSchema,
  priceListBusinessesSchema,
  priceListDtoSchema,
  priceListSummariesSchema,
  complianceScheduleSchema,
  scheduleTaskDtoSchema,
  dueViewSchema,
  amcVisitsDueSchema,
  amcVisitDoneResponseSchema,
  reminderRunSchema,
  cartResponseSchema,
  changePasswordResponseSchema,
  checkoutConfigSchema,
  codPaidResponseSchema,
  createOrderResponseSchema,
  createPaymentResponseSchema,
  favoritesResponseSchema,
  gstReportSchema,
  homeViewResponseSchema,
  loginResponseSchema,
  lowStockResponseSchema,
  mailDetailResponseSchema,
  mailListResponseSchema,
  einvoiceListSchema,
  einvoiceSchema,
  messageSchema,
  myOrdersResponseSchema,
  customerDetailSchema,
  customerListResponseSchema,
  quickOrderResponseSchema,
  reorderResponseSchema,
  orderListResponseSchema,
  orderResponseSchema,
  orderTransfersResponseSchema,
  termsResponseSchema,
  transferResponseSchema,
  paymentListResponseSchema,
  pincodeResponseSchema,
  productDeletedResponseSchema,
  productListResponseSchema,
  productSchema,
  registerResponseSchema,
  statsResponseSchema,
  storeSettingsSchema,
  stringListSchema,
  suggestionsResponseSchema,
  updateProfileResponseSchema,
  verifyPaymentResponseSchema,
  type Product,
  type StoreSettingsDto,
} from '@pumpkart/shared';
import { api, sharedApi, toApiFailure, type ApiFailure, type HttpClient, type RequestOptions } from './http';

/** What the answer of a route must look like (a zod schema of packages/shared). */
interface ResponseSchema {
  safeParse(data: unknown): { success: boolean; error?: unknown };
}

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: RequestOptions['query'];
  headers?: Record<string, string>;
  /** Through the second client: 10 s time-out, and its 401 also forgets the stored user details. */
  shared?: boolean;
  /** The shared contract of the answer, checked in development and tests. */
  contract?: Contract;
}

export interface ApiMeta {
  status: number;
  headers: Headers;
}

/** Whether the store holds a session (the cart and the favorites are empty without one). */
export const hasSession = (state: unknown) =>
  Boolean((state as { session?: { token?: string | null } }).session?.token);

/** Logs a failed load (a screen shows its own text for it). */
export const logFailure =
  (what: string) =>
  async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
    try {
      await queryFulfilled;
    } catch (failure) {
      const error = (failure as { error?: ApiFailure | { name?: string } }).error;
      const aborted =
        error &&
        (('status' in error && error.status === 'ABORTED') || ('name' in error && error.name === 'AbortError'));
      if (!aborted) console.error(`Failed to load ${what}`, error ?? failure);
    }
  };

const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** The shared contract of every answer the app reads (zod schemas of packages/shared). */
const CONTRACTS = {
  auditActorsResponse: auditActorsResponseSchema,
  businessChangeResponse: businessChangeResponseSchema,
  myBusinessResponse: myBusinessResponseSchema,
  outletRegister: outletRegisterSchema,
  assetResponse: assetResponseSchema,
  taskRecordResponse: taskRecordResponseSchema,
  calendarFeed: calendarFeedSchema,
  auditListResponse: auditListResponseSchema,
  staffChangeResponse: staffChangeResponseSchema,
  staffListResponse: staffListResponseSchema,
  priceList: priceListDtoSchema,
  priceLists: priceListSummariesSchema,
  priceListBusinesses: priceListBusinessesSchema,
  complianceSchedule: complianceScheduleSchema,
  complianceTask: scheduleTaskDtoSchema,
  dueView: dueViewSchema,
  amcVisitsDue: amcVisitsDueSchema,
  amcVisitDone: amcVisitDoneResponseSchema,
  reminderRun: reminderRunSchema,
  cartResponse: cartResponseSchema,
  changePasswordResponse: changePasswordResponseSchema,
  checkoutConfig: checkoutConfigSchema,
  codPaidResponse: codPaidResponseSchema,
  createOrderResponse: createOrderResponseSchema,
  createPaymentResponse: createPaymentResponseSchema,
  favoritesResponse: favoritesResponseSchema,
  gstReport: gstReportSchema,
  homeViewResponse: homeViewResponseSchema,
  loginResponse: loginResponseSchema,
  lowStockResponse: lowStockResponseSchema,
  mailDetailResponse: mailDetailResponseSchema,
  mailListResponse: mailListResponseSchema,
  einvoice: einvoiceSchema,
  einvoiceList: einvoiceListSchema,
  message: messageSchema,
  myOrdersResponse: myOrdersResponseSchema,
  customerDetail: customerDetailSchema,
  customerListResponse: customerListResponseSchema,
  quickOrderResponse: quickOrderResponseSchema,
  reorderResponse: reorderResponseSchema,
  orderListResponse: orderListResponseSchema,
  orderResponse: orderResponseSchema,
  orderTransfersResponse: orderTransfersResponseSchema,
  termsResponse: termsResponseSchema,
  transferResponse: transferResponseSchema,
  paymentListResponse: paymentListResponseSchema,
  pincodeResponse: pincodeResponseSchema,
  productDeletedResponse: productDeletedResponseSchema,
  productListResponse: productListResponseSchema,
  product: productSchema,
  suggestionsResponse: suggestionsResponseSchema,
  registerResponse: registerResponseSchema,
  statsResponse: statsResponseSchema,
  storeSettings: storeSettingsSchema,
  stringList: stringListSchema,
  updateProfileResponse: updateProfileResponseSchema,
  verifyPaymentResponse: verifyPaymentResponseSchema,
} satisfies Record<string, ResponseSchema>;
type Contract = keyof typeof CONTRACTS;

/** The contracts checked: all of them in development and tests, none in a production build (not even bundled). */
const CHECKED: Partial<Record<Contract, ResponseSchema>> = CHECK_RESPONSES ? CONTRACTS : {};

/** Runs one call through the HTTP clients; failures become plain ApiFailure data. */
export const httpBaseQuery: BaseQueryFn<RequestArgs, unknown, ApiFailure, object, ApiMeta> = async (
  { url, method = 'GET', body, query, headers, shared, contract },
  { signal },
) => {
  const client: HttpClient = shared ? sharedApi : api;
  const options: RequestOptions = { query, headers, signal };
  let response;
  try {
    if (method === 'GET') response = await client.get<unknown>(url, options);
    else if (method === 'POST') response = await client.post<unknown>(url, body, options);
    else if (method === 'PUT') response = await client.put<unknown>(url, body, options);
    else if (method === 'PATCH') response = await client.patch<unknown>(url, body, options);
    else response = await client.delete<unknown>(url, body, options);
  } catch (error) {
    return { error: toApiFailure(error) };
  }
  const schema = contract && CHECKED[contract];
  if (schema) {
    const checked = schema.safeParse(response.data);
    if (!checked.success) {
      const message = `${method} ${url}: the answer does not match the shared contract`;
      console.error(message, checked.error);
      return { error: { status: 'SCHEMA_MISMATCH', message } };
    }
  }
  return { data: response.data, meta: { status: response.status, headers: response.headers } };
};

/** One page of a list, and how many products match in all (X-Total-Count). */
export interface ProductPage {
  items: Product[];
  total: number;
  /** The corrected words the page was found for, when the typed ones found nothing (docs/shop-rules.md#search). */
  correctedSearch?: string;
}

/** Data only a logged-in user sees: dropped (or asked again) when the session ends. */
export const USER_TAGS = [
  'Cart',
  'Favorites',
  'Orders',
  'AdminProducts',
  'AdminOrders',
  'Payments',
  'Stats',
  'Emails',
  'Einvoices',
  'Quotes',
  'Business',
  'Register',
  'BankTransfers',
] as const;

export const shopApi = createApi({
  reducerPath: 'shopApi',
  baseQuery: httpBaseQuery,
  tagTypes: [
    'ComplianceSchedule',
    'DueView',
    'Cart',
    'Favorites',
    'Orders',
    'Products',
    'AdminProducts',
    'AdminOrders',
    'Payments',
    'Stats',
    'StoreSettings',
    'Emails',
    'Staff',
    'Einvoices',
    'PriceLists',
    'Quotes',
    'Business',
    'Register',
    'BankTransfers',
  ],
  keepUnusedDataFor: 0,
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    // Store settings (docs/shop-rules.md#store-settings): here, not in a feature's file, since the storefront's
    // frame reads them and the admin's save (admin/admin-api.ts) writes this entry.
    /**
     * The store's business details (public): the footer, the contact page and the admin's Settings page
     * show them; 404 until the owner enters them. Kept an hour after no screen shows them: they change rarely.
     */
    getStoreSettings: build.query<StoreSettingsDto, void>({
      query: () => ({ url: '/settings/store', contract: 'storeSettings' }),
      providesTags: ['StoreSettings'],
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetStoreSettingsQuery } = shopApi;

export interface DownloadedDocument {
  blob: Blob;
  /** From the answer's Content-Disposition, e.g. 'Invoice-PK-26-27-000123.pdf'; null when it names none. */
  filename: string | null;
}

/** The file name of a Content-Disposition header (`attachment; filename="..."`), or null. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"|filename=([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}
