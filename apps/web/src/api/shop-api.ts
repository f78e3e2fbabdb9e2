/**
 * The web app's one data layer: every server read and write, as an RTK Query api over the HTTP
 * clients of http.ts (which keep the bearer token, the 401 handling and the shared client's 10 s
 * time-out). Screens use the generated hooks; nothing else builds URLs.
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
  auditListResponseSchema,
  staffChangeResponseSchema,
  staffListResponseSchema,
  cartLineKey,
  cartResponseSchema,
  changePasswordResponseSchema,
  checkoutConfigSchema,
  codPaidResponseSchema,
  createOrderResponseSchema,
  createPaymentResponseSchema,
  clampQuantity,
  favoritesResponseSchema,
  gstReportSchema,
  keyOfLine,
  homeViewResponseSchema,
  loginResponseSchema,
  lowStockResponseSchema,
  mailDetailResponseSchema,
  mailListResponseSchema,
  messageSchema,
  myOrdersResponseSchema,
  normalizeProduct,
  orderListResponseSchema,
  orderResponseSchema,
  paymentListResponseSchema,
  pincodeResponseSchema,
  productDeletedResponseSchema,
  productListResponseSchema,
  productSchema,
  PRODUCTS_MAX_LIMIT,
  registerResponseSchema,
  searchTotalIsCapped,
  statsResponseSchema,
  storeSettingsSchema,
  stringListSchema,
  TOTAL_COUNT_HEADER,
  CORRECTED_SEARCH_HEADER,
  suggestionsResponseSchema,
  updateProfileResponseSchema,
  variantChoiceOf,
  verifyPaymentResponseSchema,
  type Availability,
  type CartLine,
  type CartResponse,
  type CatalogSort,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type CheckoutConfig,
  type CreateOrderBody,
  type CreatePaymentResponse,
  type HomeView,
  type LoginResponse,
  type OrderDto,
  type PincodeResponse,
  type PriceRange,
  type Product,
  type Suggestions,
  type ProductDto,
  type StoreSettingsDto,
  type UpdateProfileBody,
  type UpdateProfileResponse,
  type VerifyPaymentBody,
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

const hasSession = (state: unknown) => Boolean((state as { session?: { token?: string | null } }).session?.token);

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

const distinctCount = (pages: readonly ProductPage[]) =>
  new Set(pages.flatMap((page) => page.items.map((product) => product._id))).size;

const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** The shared contract of every answer the app reads (zod schemas of packages/shared). */
const CONTRACTS = {
  auditActorsResponse: auditActorsResponseSchema,
  auditListResponse: auditListResponseSchema,
  staffChangeResponse: staffChangeResponseSchema,
  staffListResponse: staffListResponseSchema,
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
  message: messageSchema,
  myOrdersResponse: myOrdersResponseSchema,
  orderListResponse: orderListResponseSchema,
  orderResponse: orderResponseSchema,
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

export interface CatalogFilters {
  search?: string;
  category?: string;
  brand?: string;
  priceRange?: PriceRange | '';
  /** Whole rupees, inclusive (docs/shop-rules.md#filters). */
  minPrice?: number;
  maxPrice?: number;
  availability?: Availability | '';
}

/** A flat list of matches (search results, the filtered home, a category page), a page at a time. */
export interface CatalogListArgs extends CatalogFilters {
  /** The search exactly as typed, never its corrected words (docs/shop-rules.md#search). */
  exact?: boolean;
  /** The order (docs/shop-rules.md#filters); the server's default is newest first. */
  sort?: CatalogSort;
  limit: number;
}

export interface HomeSection {
  category: string;
  total: number;
  products: Product[];
}

/** One page of a list, and how many products match in all (X-Total-Count). */
export interface ProductPage {
  items: Product[];
  total: number;
  /** The corrected words the page was found for, when the typed ones found nothing (docs/shop-rules.md#search). */
  correctedSearch?: string;
}

export interface AddToCartArgs {
  product: Product;
  variant: { _id: string; size: string; price: number; stock: number } | null;
  quantity: number;
}

export interface CartLineArgs {
  productId: string;
  variantId: string | null;
}

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
] as const;

export const shopApi = createApi({
  reducerPath: 'shopApi',
  baseQuery: httpBaseQuery,
  tagTypes: [
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
  ],
  keepUnusedDataFor: 0,
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    // --- Catalog (docs/shop-rules.md#catalog, #filters, #home) ---------------------------------
    /** The home view: each category's 4 newest matches and its total, plus the overall total. */
    getHomeView: build.query<{ sections: HomeSection[]; total: number }, CatalogFilters>({
      query: (filters) => ({ url: '/products', query: { ...filters, view: 'home' }, contract: 'homeViewResponse' }),
      transformResponse: (answer: HomeView) => ({
        total: answer.total,
        sections: answer.sections.map((section) => ({ ...section, products: section.products.map(normalizeProduct) })),
      }),
      providesTags: ['Products'],
      onQueryStarted: logFailure('products'),
    }),
    /**
     * Matching products in the asked order, a page at a time (search results, the filtered home, a
     * category page); a product that moved between pages shows once.
     */
    getCatalogPages: build.infiniteQuery<ProductPage, CatalogListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        // A search's total may be its cap's lower bound (docs/shop-rules.md#search): there is more while pages come full.
        getNextPageParam: (lastPage, allPages, lastPageParam, _pageParams, { search, limit }) =>
          distinctCount(allPages) < lastPage.total ||
          (search && searchTotalIsCapped(lastPage.total) && lastPage.items.length === limit)
            ? lastPageParam + 1
            : undefined,
      },
      query: ({
        queryArg: { search, exact, category, brand, priceRange, minPrice, maxPrice, availability, sort, limit },
        pageParam,
      }) => ({
        url: '/products',
        query: {
          search,
          exact: exact && search ? 1 : undefined,
          category,
          brand,
          priceRange,
          minPrice,
          maxPrice,
          availability,
          sort,
          page: pageParam,
          limit,
        },
        contract: 'productListResponse',
      }),
      transformResponse: (items: ProductDto[], meta: ApiMeta | undefined) => {
        const corrected = meta?.headers.get(CORRECTED_SEARCH_HEADER);
        return {
          items: items.map(normalizeProduct),
          total: Number(meta?.headers.get(TOTAL_COUNT_HEADER) ?? items.length),
          ...(corrected ? { correctedSearch: decodeURIComponent(corrected) } : {}),
        };
      },
      providesTags: ['Products'],
      onQueryStarted: logFailure('products'),
    }),
    /** The products with these ids (the favorites page), at most PRODUCTS_MAX_LIMIT. */
    getProductsByIds: build.query<Product[], string[]>({
      query: (ids) => ({
        url: '/products',
        query: { limit: PRODUCTS_MAX_LIMIT, ids: ids.slice(0, PRODUCTS_MAX_LIMIT).join(',') },
        contract: 'productListResponse',
      }),
      transformResponse: (items: ProductDto[]) => items.map(normalizeProduct),
      providesTags: ['Products'],
      onQueryStarted: logFailure('favorite products'),
    }),
    /** One active product (the product view); 404 'Product not found.' for an unknown or inactive one. */
    getProduct: build.query<Product, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, contract: 'product' }),
      transformResponse: normalizeProduct,
      providesTags: ['Products'],
      // A card primes this entry with the product it shows (the view opens at once); kept a minute.
      keepUnusedDataFor: 60,
    }),
    /** The category names of active products (navbar and filter panel). */
    /** What the navbar's search box suggests for a typed term (docs/shop-rules.md#search). */
    /** On a category page, that category's products only (as its results are). */
    getSuggestions: build.query<Suggestions, { q: string; category?: string }>({
      query: ({ q, category }) => ({
        url: '/products/suggest',
        query: { q, category },
        contract: 'suggestionsResponse',
      }),
      providesTags: ['Products'],
      onQueryStarted: logFailure('suggestions'),
    }),
    getCategories: build.query<string[], void>({
      query: () => ({ url: '/products/categories/list', contract: 'stringList' }),
      providesTags: ['Products'],
      onQueryStarted: logFailure('categories'),
    }),
    /** The brand names of active products (filter panel). */
    getBrands: build.query<string[], void>({
      query: () => ({ url: '/products/brands/list', contract: 'stringList' }),
      providesTags: ['Products'],
      onQueryStarted: logFailure('brands'),
    }),

    // --- Cart and favorites (docs/shop-rules.md#cart) ------------------------------------------
    /** The cart's lines; empty without a session. */
    getCart: build.query<CartLine[], void>({
      async queryFn(_arg, { dispatch, getState }, _extra, baseQuery) {
        if (!hasSession(getState())) return { data: [] };
        const answer = await baseQuery({ url: '/cart', contract: 'cartResponse' });
        if (answer.error) return { error: answer.error };
        // A change still on its way will answer with a newer list: keep the one on screen.
        const shown = cartChanges(dispatch).inFlight > 0 ? cachedCart(getState()) : undefined;
        return { data: shown ?? (answer.data as CartResponse).items };
      },
      keepUnusedDataFor: 60,
      providesTags: ['Cart'],
    }),
    /**
     * Adds at once (capped at the stock), then shows the server's list. An add the server will refuse
     * (a product with variants needs one of its own, a product without takes none) shows nothing.
     */
    addToCart: build.mutation<CartLine[], AddToCartArgs>({
      queryFn: ({ product, variant, quantity }, { dispatch }, _extra, baseQuery) =>
        cartChange(dispatch, baseQuery, {
          url: '/cart/add',
          method: 'POST',
          body: { productId: product._id, variantId: variant?._id ?? null, quantity },
        }),
      onQueryStarted: (args, lifecycle) =>
        trackCartChange(lifecycle, (items) => {
          if (variantChoiceOf(args.product.variants, args.variant?._id, (variant) => variant._id).problem) return items;
          const line = optimisticLine(args);
          const existing = items.find((item) => keyOfLine(item) === keyOfLine(line));
          if (!existing) return [...items, line];
          return items.map((item) =>
            item === existing ? { ...item, quantity: Math.min(item.quantity + args.quantity, line.stock) } : item,
          );
        }),
    }),
    /** Changes the quantity at once (clamped between 1 and the stock), then shows the server's list. */
    updateCartItem: build.mutation<CartLine[], CartLineArgs & { quantity: number }>({
      queryFn: ({ productId, variantId, quantity }, { dispatch }, _extra, baseQuery) =>
        cartChange(dispatch, baseQuery, {
          url: '/cart/update',
          method: 'PUT',
          body: { productId, variantId, quantity },
        }),
      onQueryStarted: (args, lifecycle) =>
        trackCartChange(lifecycle, (items) =>
          items.map((item) =>
            keyOfLine(item) === cartLineKey(args.productId, args.variantId)
              ? { ...item, quantity: clampQuantity(args.quantity, item.variant?.stock ?? item.stock) }
              : item,
          ),
        ),
    }),
    /** Drops the line at once, then shows the server's list. */
    removeFromCart: build.mutation<CartLine[], CartLineArgs>({
      queryFn: ({ productId, variantId }, { dispatch }, _extra, baseQuery) =>
        cartChange(dispatch, baseQuery, { url: '/cart/remove', method: 'DELETE', body: { productId, variantId } }),
      onQueryStarted: (args, lifecycle) =>
        trackCartChange(lifecycle, (items) =>
          items.filter((item) => keyOfLine(item) !== cartLineKey(args.productId, args.variantId)),
        ),
    }),
    /** Empties the cart at once, then asks for it again. */
    clearCart: build.mutation<null, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const answer = await inOrder(dispatch, async () => baseQuery({ url: '/cart/clear', method: 'DELETE' }));
        return answer.error ? { error: answer.error } : { data: null };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        dispatch(setCart([]));
        await queryFulfilled.catch(() => undefined);
        await dispatch(refreshCart());
      },
    }),
    /** The ids of the buyer's favorite products, newest first; empty without a session. */
    getFavorites: build.query<string[], void>({
      async queryFn(_arg, { getState }, _extra, baseQuery) {
        if (!hasSession(getState())) return { data: [] };
        const answer = await baseQuery({ url: '/favorites/', contract: 'favoritesResponse' });
        return answer.error ? { error: answer.error } : { data: (answer.data as { ids: string[] }).ids };
      },
      keepUnusedDataFor: 60,
      providesTags: ['Favorites'],
    }),
    /** Adds or removes one product; the server's list replaces the ids. */
    toggleFavorite: build.mutation<string[], string>({
      query: (productId) => ({
        url: `/favorites/${productId}/toggle`,
        method: 'POST',
        contract: 'favoritesResponse',
      }),
      transformResponse: (answer: { ids: string[] }) => answer.ids,
      async onQueryStarted(_productId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(shopApi.util.upsertQueryEntries([{ endpointName: 'getFavorites', arg: undefined, value: data }]));
        } catch {
          // The caller logs the failure; the ids stay as they were.
        }
      },
    }),

    // --- Orders and checkout (docs/shop-rules.md#orders, #payments, docs/architecture.md#checkout) --
    /** The buyer's own orders. */
    getMyOrders: build.query<OrderDto[], void>({
      query: () => ({ url: '/orders/me', contract: 'myOrdersResponse' }),
      transformResponse: (answer: { orders: OrderDto[] }) => answer.orders,
      providesTags: ['Orders'],
      onQueryStarted: logFailure('orders'),
    }),
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
    /** The buyer cancels an order (or the checkout cancels an unpaid one); answers the server's message. */
    cancelOrder: build.mutation<{ message?: string }, string>({
      query: (orderId) => ({ url: `/orders/${orderId}/cancel`, method: 'PATCH', contract: 'orderResponse' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Orders', 'AdminOrders', 'Payments', 'Stats']),
    }),
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
    verifyPayment: build.mutation<unknown, VerifyPaymentBody>({
      query: (body) => ({ url: '/payments/verify', method: 'POST', body, contract: 'verifyPaymentResponse' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Orders', 'AdminOrders', 'Payments', 'Stats']),
    }),
    /**
     * The postal-code lookup: the server answers the public service's shape from a bundled dataset,
     * so it works offline. The first post office's district and state, or null.
     */
    lookupPincode: build.query<{ city: string; state: string } | null, string>({
      query: (code) => ({ url: `/pincode/${code}`, shared: true, contract: 'pincodeResponse' }),
      transformResponse: (answer: PincodeResponse) => {
        const office = answer[0]?.PostOffice?.[0];
        return office ? { city: office.District, state: office.State } : null;
      },
    }),

    // --- One order (the buyer's order page; the admin's detail view after a change) ---------------
    /** One order as it is now. */
    getOrder: build.query<OrderDto, string>({
      query: (id) => ({ url: `/orders/${id}`, shared: true, contract: 'orderResponse' }),
      transformResponse: (answer: { data: OrderDto }) => answer.data,
    }),

    // --- Store settings (docs/shop-rules.md#store-settings) -------------------------------------
    /**
     * The store's business details (public): the footer, the contact page and the admin's Settings page
     * show them; 404 until the owner enters them. Kept an hour after no screen shows them: they change rarely.
     */
    getStoreSettings: build.query<StoreSettingsDto, void>({
      query: () => ({ url: '/settings/store', contract: 'storeSettings' }),
      providesTags: ['StoreSettings'],
      keepUnusedDataFor: 60 * 60,
    }),
    // The admin area's endpoints are added by its own chunk (admin/admin-api.ts), which no buyer downloads.

    // --- Session -------------------------------------------------------------------------------
    login: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, contract: 'loginResponse' }),
    }),
    register: build.mutation<unknown, { name: string; email: string; phone: string; password: string }>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body, contract: 'registerResponse' }),
    }),
    /** Carries `token` when the e-mail or password changed: the earlier one is then revoked. */
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileBody>({
      query: (body) => ({
        url: '/auth/update-profile',
        method: 'PUT',
        body,
        shared: true,
        contract: 'updateProfileResponse',
      }),
    }),
    /** Revokes every earlier token of the account; answers this session's new one. */
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body, contract: 'changePasswordResponse' }),
    }),
    /** Revokes every token of the account, this one included. */
    logoutAll: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST', contract: 'message' }),
    }),
    /** Password reset (docs/shop-rules.md#password-reset): the same answer whether or not the account exists. */
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body, contract: 'message' }),
    }),
    /** Sets the new password with the e-mailed link's token; logs nobody in. */
    resetPassword: build.mutation<{ message: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body, contract: 'message' }),
    }),
  }),
});

/**
 * The cart's changes in flight, per store (keyed by its dispatch). Quick clicks (plus, plus, minus)
 * must not race: a change is sent only once the one before it has been answered, and the server's
 * list replaces the one on screen only when no other change is still on its way, since an older
 * answer would otherwise overwrite a newer quantity shown at once (and the next click would count
 * from it).
 */
const cartQueues = new WeakMap<object, { tail: Promise<unknown>; running: number; inFlight: number }>();
function cartChanges(dispatch: object) {
  let queue = cartQueues.get(dispatch);
  if (!queue) {
    queue = { tail: Promise.resolve(), running: 0, inFlight: 0 };
    cartQueues.set(dispatch, queue);
  }
  return queue;
}

/** Starts the task at once when no cart change is running, else after the last one has been answered. */
function inOrder<T>(dispatch: object, task: () => Promise<T>): Promise<T> {
  const queue = cartChanges(dispatch);
  const run = queue.running === 0 ? task() : queue.tail.then(task, task);
  queue.running += 1;
  const done = () => {
    queue.running -= 1;
  };
  queue.tail = run.then(done, done);
  return run;
}

type BaseQuery = (args: RequestArgs) => ReturnType<typeof httpBaseQuery>;

async function cartChange(dispatch: object, baseQuery: BaseQuery, args: RequestArgs) {
  const answer = await inOrder(dispatch, async () => baseQuery({ ...args, contract: 'cartResponse' }));
  return answer.error ? { error: answer.error } : { data: (answer.data as CartResponse).items };
}

function cachedCart(state: unknown): CartLine[] | undefined {
  return shopApi.endpoints.getCart.select()(state as Parameters<ReturnType<typeof shopApi.endpoints.getCart.select>>[0])
    .data;
}

/** The tax documents of an order (docs/shop-rules.md#invoices): its invoice, and its credit note once cancelled. */
export type OrderDocumentKind = 'invoice' | 'credit-note';

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

/**
 * Fetches an order's invoice or credit note as a PDF Blob through the bearer-token client (a Blob is no store
 * data, so this is not an RTK Query endpoint). Throws the client's HttpError (404 with the server's message
 * when none was issued) or NoResponseError.
 */
export async function fetchOrderDocument(orderId: string, kind: OrderDocumentKind): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>(`/orders/${encodeURIComponent(orderId)}/${kind}`, {
    responseType: 'blob',
    headers: { accept: 'application/pdf, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}

/** Asks the server for the cart again (after a payment, or to undo a failed change). */
export const refreshCart = () =>
  shopApi.endpoints.getCart.initiate(undefined, { subscribe: false, forceRefetch: true });

/** Replaces the cart on screen (creating the cache entry when the cart was never loaded). */
const setCart = (items: CartLine[]) =>
  shopApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: undefined, value: items }]);

/**
 * Shows a cart change at once, then the server's list once no other change is on its way; a failed
 * change brings back the cart the server holds.
 */
async function trackCartChange(
  {
    dispatch,
    getState,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<{ data: CartLine[] }> },
  change: (items: CartLine[]) => CartLine[],
) {
  const queue = cartChanges(dispatch);
  queue.inFlight += 1;
  dispatch(setCart(change(cachedCart(getState()) ?? [])));
  try {
    const { data } = await queryFulfilled;
    queue.inFlight -= 1;
    if (queue.inFlight === 0) dispatch(setCart(data));
  } catch {
    queue.inFlight -= 1;
    void dispatch(refreshCart());
  }
}

/** The line an add shows before the server answers. */
function optimisticLine({ product, variant, quantity }: AddToCartArgs): CartLine {
  const stock = variant?.stock ?? product.stock;
  return {
    _id: `pending-${cartLineKey(product._id, variant?._id ?? null)}`,
    product: {
      _id: product._id,
      title: product.title,
      brand: product.brand,
      category: product.category,
      price: product.price,
      stock: product.stock,
      active: product.active,
      images: product.images.map((image) => ({
        url: image.url,
        public_id: image.public_id ?? '',
        width: image.width ?? null,
        height: image.height ?? null,
        sizes: image.sizes ?? [],
      })),
    },
    variant: variant
      ? { _id: variant._id, size: variant.size, price: variant.price, mrp: null, stock: variant.stock }
      : null,
    variantId: variant?._id ?? null,
    quantity: Math.min(quantity, stock),
    price: variant?.price ?? product.price,
    stock,
  };
}

export const {
  useLazyGetOrderQuery,
  useGetMyOrdersQuery,
  useCreateOrderMutation,
  useCancelOrderMutation,
  useGetPaymentsConfigQuery,
  useCreatePaymentMutation,
  useVerifyPaymentMutation,
  useLazyLookupPincodeQuery,
  useGetHomeViewQuery,
  useGetCatalogPagesInfiniteQuery,
  useGetProductsByIdsQuery,
  useGetProductQuery,
  useGetCategoriesQuery,
  useGetSuggestionsQuery,
  useGetBrandsQuery,
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveFromCartMutation,
  useGetFavoritesQuery,
  useToggleFavoriteMutation,
  useLoginMutation,
  useRegisterMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useLogoutAllMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGetStoreSettingsQuery,
} = shopApi;
