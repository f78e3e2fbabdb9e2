/** The home page's own read (docs/shop-rules.md#home), injected into the one api of api/shop-api.ts. */
import { normalizeProduct, type HomeView, type Product } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';
import type { CatalogFilters } from '../../shop/catalog/catalog-api';

export interface HomeSection {
  category: string;
  total: number;
  products: Product[];
}

export const homeApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useGetHomeViewQuery } = homeApi;
