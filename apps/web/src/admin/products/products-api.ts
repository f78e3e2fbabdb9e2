/**
 * The Products screens' server calls (the admin list, one product, the low-stock card, the writes), added to the one
 * api of api/shop-api.ts from the admin's chunk (docs/decisions/0016-storefront-weight.md): same cache,
 * same tags, so a storefront change still refreshes the admin's lists and back.
 */
import type { AdminProductListParams, LowStockItem, Product, ProductDto } from '@pumpkart/shared';
import { normalizeProduct, TOTAL_COUNT_HEADER } from '@pumpkart/shared';
import { logFailure, shopApi, type ApiMeta, type ProductPage } from '../../api/shop-api';

export const productsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

/** Changes the cached pages of the admin product list (those whose query `which` accepts) in place. */
function forEachAdminPage(
  dispatch: (action: unknown) => unknown,
  getState: () => unknown,
  change: (page: ProductPage, args: AdminProductListParams) => void,
): void {
  const state = getState() as Parameters<typeof productsApi.util.selectCachedArgsForQuery>[0];
  for (const args of productsApi.util.selectCachedArgsForQuery(state, 'getAdminProducts')) {
    dispatch(productsApi.util.updateQueryData('getAdminProducts', args, (page) => change(page, args)));
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
  useGetAdminProductsQuery,
  useGetLowStockQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetProductActiveMutation,
  useRemoveProductImageMutation,
  useDestroyProductMutation,
  useLazyGetAdminProductQuery,
  useLazyGetAdminProductsQuery,
} = productsApi;
