/**
 * The data a category page's shell was rendered from: the first page of the category's list as the app asks for
 * it first (newest first, no search), which the server puts into the page beside the shell as
 * `<script type="application/json" id="page-data">` (apps/server/src/modules/seo/routes.ts). The app puts it into
 * its RTK Query cache before its first render (main.tsx), and the server's renderer does the same before rendering
 * the shell (page-shells.tsx), so that the app's first render shows the very cards the shell painted instead of
 * turning them back into skeletons until the list arrives (docs/decisions/0016-storefront-weight.md).
 */
import { normalizeProduct, type ProductDto } from '@pumpkart/shared';
import { catalogApi, LISTING_PAGE_SIZE, type CatalogListArgs } from '../shop/catalog/catalog-api';
import type { AppDispatch } from '../store';
import { effectiveSort, parseSort } from '../shop/catalog/sort-select';

/** The id of the data's script element. */
export const PAGE_DATA_ID = 'page-data';

/** A category's first page: the answer of `GET /api/products` for `categoryFirstPageQuery`, and its total. */
export interface CategoryPageData {
  category: string;
  /** As the API answers them. */
  items: ProductDto[];
  /** X-Total-Count. */
  total: number;
}

/** A product page's product, as `GET /api/products/{id}` answers it: the phone's first render shows it at once. */
export interface ProductPageData {
  product: ProductDto;
}

/** What a page with a shell may carry: a category's first page or a product. */
export type PageData = CategoryPageData | ProductPageData;

/** The order a category page lists first (sort-select.tsx: newest without a search). */
const FIRST_SORT = effectiveSort(undefined, false);

/** The arguments of the category page's list (category-page.tsx) when it opens: no search, the default order. */
export const categoryFirstPageArgs = (category: string): CatalogListArgs => ({
  category,
  search: '',
  sort: FIRST_SORT,
  limit: LISTING_PAGE_SIZE,
});

/** The query the app sends for that list's first page (getCatalogPages in shop/catalog/catalog-api.ts): the server reads it. */
export const categoryFirstPageQuery = (category: string) => ({
  category,
  sort: FIRST_SORT,
  page: 1,
  limit: LISTING_PAGE_SIZE,
});

/** Whether a category page at an address with this `?sort=` opens on that first page (otherwise: its skeletons). */
export const opensOnFirstPage = (sort: string | null | undefined) =>
  effectiveSort(parseSort(sort), false) === FIRST_SORT;

/** Categories whose first page came with the page: their list need not be asked for again when it mounts. */
const fromPage = new Set<string>();

/**
 * The serialised arguments (keys sorted, as RTK Query keys its cache entries). Sorted by code unit: the first
 * `localeCompare` of a tab costs it 10 to 30 ms (the collator's data), and the keys are plain names.
 */
const keyOf = (args: CatalogListArgs) =>
  JSON.stringify(
    Object.entries(args)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** Whether the list with these arguments is the first page that came with the page (see seedCategoryPage). */
export function listCameWithPage(args: CatalogListArgs): boolean {
  return [...fromPage].some((category) => keyOf(categoryFirstPageArgs(category)) === keyOf(args));
}

/**
 * Puts a category's first page into the RTK Query cache as the list's first page, normalised as an answer of the
 * API is (getCatalogPages). Dispatched right before the first render: the entry is dropped again once nothing
 * shows it (keepUnusedDataFor), so it is held by a subscription of its own (which asks for nothing: the entry is
 * there) until the answered function is called, once the page's list has subscribed; the first render is
 * time-sliced (main.tsx) and the browser runs timers, the one that drops unused entries among them, between its
 * slices.
 */
export function seedCategoryPage(dispatch: AppDispatch, data: CategoryPageData): () => void {
  fromPage.add(data.category);
  dispatch(seed(data));
  const held = dispatch(
    catalogApi.endpoints.getCatalogPages.initiate(categoryFirstPageArgs(data.category), { forceRefetch: false }),
  );
  return () => held.unsubscribe();
}

const seed = (data: CategoryPageData) =>
  catalogApi.util.upsertQueryEntries([
    {
      endpointName: 'getCatalogPages',
      arg: categoryFirstPageArgs(data.category),
      value: { pages: [{ items: data.items.map(normalizeProduct), total: data.total }], pageParams: [1] },
    },
  ]);

/**
 * Puts a product page's product into the RTK Query cache as the answer of its getProduct, normalised as the API's
 * answer is, right before the first render. The entry outlives the render (kept a minute when unused), so nothing
 * holds it; the returned function is there to match seedCategoryPage's.
 */
export function seedProductPage(dispatch: AppDispatch, data: ProductPageData): () => void {
  dispatch(
    catalogApi.util.upsertQueryEntries([
      { endpointName: 'getProduct', arg: data.product._id, value: normalizeProduct(data.product) },
    ]),
  );
  return () => {};
}

/** Seeds the cache with the page's data, whichever page it is for (main.tsx, page-shells.tsx). */
export const seedPageData = (dispatch: AppDispatch, data: PageData): (() => void) =>
  'product' in data ? seedProductPage(dispatch, data) : seedCategoryPage(dispatch, data);

/** The page's data, when the server sent one that reads as a category's first page or a product. */
export function readPageData(document: Document): PageData | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<CategoryPageData & ProductPageData>;
    if (data.product && typeof data.product === 'object' && typeof data.product._id === 'string') {
      return { product: data.product };
    }
    return typeof data.category === 'string' && Array.isArray(data.items) && typeof data.total === 'number'
      ? { category: data.category, items: data.items, total: data.total }
      : undefined;
  } catch {
    return undefined;
  }
}
