/**
 * The admin area's server calls: RTK Query endpoints added to the one api of api/shop-api.ts (same cache, same
 * tags, so a storefront change still refreshes the admin's lists and back) from the admin's own chunk. A buyer's
 * page never downloads them, nor pays for building their hooks when the app starts
 * (docs/decisions/0016-storefront-weight.md, fifth part).
 */
import type {
  AdminOrderExportParams,
  AdminOrderListParams,
  AdminProductListParams,
  AuditActorDto,
  AuditListQuery,
  AuditListResponse,
  ChangeStaffRoleBody,
  GstReport,
  Gstr1Table,
  InviteStaffBody,
  LowStockItem,
  MailDetail,
  MailListQuery,
  MailListResponse,
  OrderListResponse,
  OrderStatus,
  PaymentListParams,
  PaymentListResponse,
  Product,
  ProductDto,
  ShipmentInput,
  StaffChangeResponse,
  StaffMember,
  StatsResponse,
  StoreSettingsDto,
  StoreSettingsInput,
} from '@pumpkart/shared';
import { gstr1FileName, normalizeProduct, TOTAL_COUNT_HEADER } from '@pumpkart/shared';
import { api } from '../api/http';
import {
  filenameOf,
  logFailure,
  shopApi,
  type ApiMeta,
  type DownloadedDocument,
  type ProductPage,
} from '../api/shop-api';

export const adminApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    // --- Admin area (docs/shop-rules.md#permissions: admin only) ------------------------------
    /** One page of every product, inactive ones too, filtered and sorted (docs/shop-rules.md#admin). */
    getAdminProducts: build.query<ProductPage, AdminProductListParams>({
      query: ({ page, limit, search, category, brand, active, stock, sort }) => ({
        url: '/products/admin/all',
        query: { page, limit, search, category, brand, active, stock, sort },
        shared: true,
        contract: 'productListResponse',
      }),
      transformResponse: (items: ProductDto[], meta: ApiMeta | undefined) => ({
        items: items.map(normalizeProduct),
        total: Number(meta?.headers.get(TOTAL_COUNT_HEADER) ?? items.length),
      }),
      providesTags: ['AdminProducts'],
      onQueryStarted: logFailure('products'),
    }),
    /** The dashboard's products and sizes at or below their low-stock threshold, worst first. */
    getLowStock: build.query<LowStockItem[], number | void>({
      query: (limit) => ({
        url: '/products/admin/low-stock',
        query: { limit: limit ?? undefined },
        shared: true,
        contract: 'lowStockResponse',
      }),
      transformResponse: (answer: { data: LowStockItem[] }) => answer.data,
      providesTags: ['AdminProducts'],
      onQueryStarted: logFailure('low stock'),
    }),
    /** One product, inactive too, as it is now (the edit form reloads it after a 409). */
    getAdminProduct: build.query<Product, string>({
      query: (id) => ({ url: `/products/admin/${id}`, shared: true, contract: 'product' }),
      transformResponse: normalizeProduct,
      onQueryStarted: showInAdminList(),
    }),
    createProduct: build.mutation<Product, FormData>({
      query: (form) => ({ url: '/products', method: 'POST', body: form, shared: true, contract: 'product' }),
      transformResponse: normalizeProduct,
      onQueryStarted: showInAdminList(true),
      invalidatesTags: (_product, error) => (error ? [] : ['Products']),
    }),
    updateProduct: build.mutation<Product, { id: string; form: FormData }>({
      query: ({ id, form }) => ({
        url: `/products/${id}`,
        method: 'PUT',
        body: form,
        shared: true,
        contract: 'product',
      }),
      transformResponse: normalizeProduct,
      onQueryStarted: showInAdminList(),
      invalidatesTags: (_product, error) => (error ? [] : ['Products']),
    }),
    setProductActive: build.mutation<Product, { id: string; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/products/${id}`,
        method: 'PUT',
        body: { active },
        shared: true,
        contract: 'product',
      }),
      transformResponse: normalizeProduct,
      onQueryStarted: showInAdminList(),
      invalidatesTags: (_product, error) => (error ? [] : ['Products']),
    }),
    removeProductImage: build.mutation<Product, { productId: string; publicId: string }>({
      query: ({ productId, publicId }) => ({
        url: '/products/remove-image',
        method: 'POST',
        body: { productId, public_id: publicId },
        shared: true,
        contract: 'product',
      }),
      transformResponse: normalizeProduct,
      onQueryStarted: showInAdminList(),
      invalidatesTags: (_product, error) => (error ? [] : ['Products']),
    }),
    /** Deletes a product permanently. */
    destroyProduct: build.mutation<{ _id: string; message: string }, string>({
      query: (id) => ({
        url: `/products/${id}/destroy`,
        method: 'DELETE',
        shared: true,
        contract: 'productDeletedResponse',
      }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        forEachAdminPage(dispatch, getState, (page) => {
          const before = page.items.length;
          page.items = page.items.filter((p) => p._id !== id);
          page.total -= before - page.items.length;
        });
      },
      invalidatesTags: (_answer, error) => (error ? [] : ['Products']),
    }),
    /** The dashboard's and analytics' figures. */
    getStats: build.query<StatsResponse, void>({
      query: () => ({ url: '/products/stats', shared: true, contract: 'statsResponse' }),
      providesTags: ['Stats'],
      onQueryStarted: logFailure('stats'),
    }),
    /** A page of orders, filtered and sorted (docs/shop-rules.md#admin-lists). */
    getAdminOrders: build.query<OrderListResponse, AdminOrderListParams>({
      query: ({ page, limit, search, status, paymentMode, paymentStatus, from, to, sort, view }) => ({
        url: '/orders',
        query: { page, limit, search, status, paymentMode, paymentStatus, from, to, sort, view },
        shared: true,
        contract: 'orderListResponse',
      }),
      providesTags: ['AdminOrders'],
      onQueryStarted: logFailure('orders'),
    }),
    setOrderStatus: build.mutation<
      unknown,
      { id: string; status: OrderStatus; shipment?: ShipmentInput; reason?: string }
    >({
      query: ({ id, status, shipment, reason }) => ({
        url: `/orders/${id}/status`,
        method: 'PUT',
        body: { status, ...(shipment ? { shipment } : {}), ...(reason ? { reason } : {}) },
        shared: true,
        contract: 'orderResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['AdminOrders', 'Orders', 'Payments', 'Stats']),
    }),
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

    /** Saves all of them (admin only); a 400 names every wrong field in its `details`. */
    saveStoreSettings: build.mutation<StoreSettingsDto, StoreSettingsInput>({
      query: (body) => ({ url: '/settings/store', method: 'PUT', body, shared: true, contract: 'storeSettings' }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            adminApi.util.upsertQueryEntries([{ endpointName: 'getStoreSettings', arg: undefined, value: data }]),
          );
        } catch {
          // The form shows the failure; the details on screen stay as they were.
        }
      },
    }),

    // --- GST report (docs/shop-rules.md#gst-report) ---------------------------------------------
    /** The month's totals of tax invoices and credit notes (admin only); month is 'YYYY-MM'. */
    getGstReport: build.query<GstReport, string>({
      query: (month) => ({ url: '/admin/gst-report', query: { month }, shared: true, contract: 'gstReport' }),
      // Issuing documents (payments, status changes, cancellations) invalidates the figures as it does the stats.
      providesTags: ['Stats'],
      onQueryStarted: logFailure('the GST report'),
    }),

    // --- E-mails (docs/shop-rules.md#emails) -----------------------------------------------------
    /** A page of the outbox, newest first, with the count of all that match (admin only). */
    getAdminEmails: build.query<MailListResponse, MailListQuery>({
      query: ({ page, limit, status, kind, to }) => ({
        url: '/admin/emails',
        query: { page, limit, status, kind, to },
        shared: true,
        contract: 'mailListResponse',
      }),
      providesTags: ['Emails'],
      onQueryStarted: logFailure('e-mails'),
    }),
    /** One message with its HTML, text and attachment names; 404 'E-mail not found.'. */
    getAdminEmail: build.query<MailDetail, string>({
      query: (id) => ({ url: `/admin/emails/${encodeURIComponent(id)}`, shared: true, contract: 'mailDetailResponse' }),
      transformResponse: (answer: { data: MailDetail }) => answer.data,
      providesTags: ['Emails'],
      onQueryStarted: logFailure('the e-mail'),
    }),
    /** Queues a failed or kept message again (409 otherwise); answers the server's message. */
    retryEmail: build.mutation<{ message: string }, string>({
      query: (id) => ({
        url: `/admin/emails/${encodeURIComponent(id)}/retry`,
        method: 'POST',
        shared: true,
        contract: 'message',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Emails']),
    }),

    // --- Audit trail (docs/shop-rules.md#audit) --------------------------------------------------
    /**
     * A page of the audit trail, newest first (admin only): one thing's history (entityType and entityId) or the
     * Activity page's filters. Asked again after the writes it records (their tags: products, orders).
     */
    getAudit: build.query<AuditListResponse, Partial<AuditListQuery>>({
      query: ({ page, limit, kind, entityType, entityId, actor }) => ({
        url: '/admin/audit',
        query: { page, limit, kind, entityType, entityId, actor },
        shared: true,
        contract: 'auditListResponse',
      }),
      providesTags: ['Products', 'AdminOrders', 'StoreSettings'],
      onQueryStarted: logFailure('the history'),
    }),
    /** The people who appear in the trail (the Activity page's filter). */
    getAuditActors: build.query<AuditActorDto[], void>({
      query: () => ({ url: '/admin/audit/actors', shared: true, contract: 'auditActorsResponse' }),
      transformResponse: (answer: { data: AuditActorDto[] }) => answer.data,
      onQueryStarted: logFailure('the people of the history'),
    }),

    // --- Staff (docs/shop-rules.md#staff) --------------------------------------------------------
    /** The staff accounts (owner only). */
    getStaff: build.query<StaffMember[], void>({
      query: () => ({ url: '/admin/staff', shared: true, contract: 'staffListResponse' }),
      transformResponse: (answer: { data: StaffMember[] }) => answer.data,
      providesTags: ['Staff'],
      onQueryStarted: logFailure('the staff'),
    }),
    /** Invites a person, or sends a pending invite again with a new link. */
    inviteStaff: build.mutation<StaffChangeResponse, InviteStaffBody>({
      query: (body) => ({ url: '/admin/staff', method: 'POST', body, shared: true, contract: 'staffChangeResponse' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Staff']),
    }),
    changeStaffRole: build.mutation<StaffChangeResponse, { id: string } & ChangeStaffRoleBody>({
      query: ({ id, role }) => ({
        url: `/admin/staff/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { role },
        shared: true,
        contract: 'staffChangeResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Staff']),
    }),
    removeStaff: build.mutation<{ message: string }, string>({
      query: (id) => ({
        url: `/admin/staff/${encodeURIComponent(id)}`,
        method: 'DELETE',
        shared: true,
        contract: 'message',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Staff']),
    }),
  }),
});

/** Changes the cached pages of the admin product list (those whose query `which` accepts) in place. */
function forEachAdminPage(
  dispatch: (action: unknown) => unknown,
  getState: () => unknown,
  change: (page: ProductPage, args: AdminProductListParams) => void,
): void {
  const state = getState() as Parameters<typeof adminApi.util.selectCachedArgsForQuery>[0];
  for (const args of adminApi.util.selectCachedArgsForQuery(state, 'getAdminProducts')) {
    dispatch(adminApi.util.updateQueryData('getAdminProducts', args, (page) => change(page, args)));
  }
}

/** The first page, newest first, without filters: where a new product shows. */
const isFirstNewestPage = ({ page, limit: _limit, sort, ...filters }: AdminProductListParams) =>
  (page ?? 1) === 1 && (sort ?? 'newest') === 'newest' && Object.values(filters).every((value) => !value);

/**
 * A product the admin saved or reloaded replaces its card in the admin list's cached pages; a created one
 * (`created`) comes first on the first page, newest first, without filters (other pages are read again when
 * shown, as the server places it).
 */
function showInAdminList(created = false) {
  return async (
    _arg: unknown,
    {
      dispatch,
      getState,
      queryFulfilled,
    }: { dispatch: (action: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<{ data: Product }> },
  ) => {
    let product: Product;
    try {
      product = (await queryFulfilled).data;
    } catch {
      return;
    }
    if (!product._id) return;
    forEachAdminPage(dispatch, getState, (page, args) => {
      const index = page.items.findIndex((p) => p._id === product._id);
      if (index >= 0) page.items[index] = product;
      else if (created && isFirstNewestPage(args)) {
        page.items.unshift(product);
        page.total += 1;
        if (args.limit && page.items.length > args.limit) page.items.pop();
      }
    });
  };
}

export const {
  useGetAdminProductQuery,
  useGetAdminProductsQuery,
  useGetLowStockQuery,
  useLazyGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetProductActiveMutation,
  useRemoveProductImageMutation,
  useDestroyProductMutation,
  useGetStatsQuery,
  useGetAdminOrdersQuery,
  useSetOrderStatusMutation,
  useGetPaymentsQuery,
  useMarkCodPaidMutation,
  useSaveStoreSettingsMutation,
  useGetGstReportQuery,
  useGetAdminEmailsQuery,
  useGetAdminEmailQuery,
  useRetryEmailMutation,
  useGetAuditQuery,
  useGetAuditActorsQuery,
  useGetStaffQuery,
  useInviteStaffMutation,
  useChangeStaffRoleMutation,
  useRemoveStaffMutation,
} = adminApi;

/**
 * Fetches one GSTR-1 table of a month's GST report as a CSV Blob (docs/shop-rules.md#gst-report), through the
 * bearer-token client like the invoices; the file name is the server's, else GSTR1-{table}-{month}.csv.
 */
export async function fetchGstr1Csv(month: string, table: Gstr1Table): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/admin/gst-report', {
    query: { month, format: 'csv', table },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return {
    blob: answer.data,
    filename: filenameOf(answer.headers.get('content-disposition')) ?? gstr1FileName(table, month),
  };
}

/**
 * Fetches the admin's orders of the filters as a CSV Blob (GET /api/orders/export.csv, docs/shop-rules.md#orders-csv)
 * through the bearer-token client like the invoices, with the server's file name (orders-2026-11-25.csv).
 */
export async function fetchOrdersCsv({
  search,
  status,
  paymentMode,
  paymentStatus,
  from,
  to,
  view,
}: AdminOrderExportParams): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/orders/export.csv', {
    query: { search, status, paymentMode, paymentStatus, from, to, view },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}
