/**
 * The catalog's server reads (docs/shop-rules.md#catalog, #filters, #search): the product lists a page at a time,
 * one product, the search box's suggestions and the category and brand names. Injected into the one api of
 * api/shop-api.ts; the home view and the favorites page's products are their screens' own (features/home,
 * features/favorites).
 */
import {
  CORRECTED_SEARCH_HEADER,
  normalizeProduct,
  searchTotalIsCapped,
  TOTAL_COUNT_HEADER,
  type Availability,
  type CatalogSort,
  type PriceRange,
  type Product,
  type ProductDto,
  type Suggestions,
} from '@pumpkart/shared';
import { logFailure, shopApi, type ApiMeta, type ProductPage } from '../../api/shop-api';

/** Products a page of a list holds: the category page's shell (shell/page-data.ts) asks for the same first page. */
export const LISTING_PAGE_SIZE = 24;

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

const distinctCount = (pages: readonly ProductPage[]) =>
  new Set(pages.flatMap((page) => page.items.map((product) => product._id))).size;

export const catalogApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
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
    /** One active product (the product view); 404 'Product not found.' for an unknown or inactive one. */
    getProduct: build.query<Product, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, contract: 'product' }),
      transformResponse: normalizeProduct,
      providesTags: ['Products'],
      // A card primes this entry with the product it shows (the view opens at once); kept a minute.
      keepUnusedDataFor: 60,
    }),
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
    /** The category names of active products (navbar and filter panel). */
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
  }),
});

export const {
  useGetCatalogPagesInfiniteQuery,
  useGetProductQuery,
  useGetSuggestionsQuery,
  useGetCategoriesQuery,
  useGetBrandsQuery,
} = catalogApi;
