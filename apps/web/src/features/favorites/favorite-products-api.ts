/** The favorites page's own read: the products behind the favorite ids. Injected into the one api of api/shop-api.ts. */
import { normalizeProduct, PRODUCTS_MAX_LIMIT, type Product, type ProductDto } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const favoriteProductsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The products with these ids, at most PRODUCTS_MAX_LIMIT. */
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
  }),
});

export const { useGetProductsByIdsQuery } = favoriteProductsApi;
