/**
 * A flat list of matching products a page at a time (docs/shop-rules.md#filters): the search
 * results and filtered home, and a category page. The server sends one page (24) in the asked order
 * with the total in X-Total-Count; 'Load more' asks for the next one. Its states are honest (the
 * page-states rule of ui/page-states.tsx): card skeletons while the first page loads, a
 * failure with Try again (never the empty text for a failure), the empty state when nothing matches.
 */
import { MESSAGES, type Product } from '@pumpkart/shared';
import { useMemo, type ReactNode } from 'react';
import { LISTING_PAGE_SIZE, useGetCatalogPagesInfiniteQuery, type CatalogListArgs } from './catalog-api';
import { listCameWithPage } from '../../shell/page-data';
import { LoadFailed } from '../../ui/page-states';
import { PRODUCT_GRID_CLASS, ProductCard, ProductCardSkeleton } from './product-card';

/**
 * Cards in the first row on the widest grid: their images load at once, the first with high priority (a page's
 * largest picture on a phone), the rest lazily.
 */
const FIRST_ROW = 4;

export interface CatalogListing {
  products: Product[];
  /** All matches (X-Total-Count) of the current arguments; undefined until their first page is in. */
  total: number | undefined;
  /** The corrected words the matches were found for, when the typed search found nothing (docs/shop-rules.md#search). */
  correctedSearch: string | undefined;
  /** The first page of the current arguments is on its way: nothing to show yet. */
  firstLoad: boolean;
  /** The first page failed: nothing to show, only Try again. */
  failed: boolean;
  /** A further page failed: the products stay, with Try again below them. */
  nextFailed: boolean;
  fetching: boolean;
  fetchingNext: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The current arguments' pages, merged (a product that moved between pages shows once). */
export function useCatalogListing(args: Omit<CatalogListArgs, 'limit'>, options: { skip?: boolean } = {}) {
  // A new search, filter set or order starts again from page 1 with nothing shown (its own cache entry).
  const listArgs = { ...args, limit: LISTING_PAGE_SIZE };
  const result = useGetCatalogPagesInfiniteQuery(listArgs, {
    skip: options.skip,
    // A category's first page that came with the page (shell/page-data.ts) is as fresh as the server's catalog
    // cache: asking again on mount would only dim the cards the shell painted while the same page comes back.
    refetchOnMountOrArgChange: listCameWithPage(listArgs) ? false : undefined,
  });
  const pages = result.currentData?.pages;
  const products = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? []).flatMap((page) => page.items).filter((p) => !seen.has(p._id) && Boolean(seen.add(p._id)));
  }, [pages]);
  const total = pages?.at(-1)?.total;
  const nextFailed = result.isFetchNextPageError && products.length > 0;
  const listing: CatalogListing = {
    products,
    total,
    correctedSearch: pages?.at(-1)?.correctedSearch,
    firstLoad: pages === undefined && !result.isError,
    failed: result.isError && !nextFailed,
    nextFailed,
    fetching: result.isFetching,
    fetchingNext: result.isFetchingNextPage,
    hasMore: total !== undefined && products.length < total,
    loadMore: () => void result.fetchNextPage(),
    retry: () => void (result.isFetchNextPageError ? result.fetchNextPage() : result.refetch()),
  };
  return listing;
}

/** Card skeletons of the grid's shape; `label` is read out instead. */
export function ProductGridSkeleton({ count = 8, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="product-grid-skeleton">
      <span className="sr-only">{label}</span>
      <div className={PRODUCT_GRID_CLASS} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

export function ProductListing({
  listing,
  empty,
  label,
}: {
  listing: CatalogListing;
  /** What to show when nothing matches (an EmptyState). */
  empty: ReactNode;
  /** The list's name for assistive technology, e.g. 'Search results'. */
  label: string;
}) {
  if (listing.firstLoad) return <ProductGridSkeleton label={MESSAGES.loadingProducts} />;
  if (listing.failed) return <LoadFailed message={MESSAGES.productsLoadFailed} onRetry={listing.retry} />;
  if (listing.products.length === 0) return <>{empty}</>;
  return (
    <>
      <ul
        aria-label={label}
        aria-busy={listing.fetching}
        data-testid="product-listing"
        className={`${PRODUCT_GRID_CLASS} transition-opacity ${
          listing.fetching && !listing.fetchingNext ? 'opacity-60' : ''
        }`}
      >
        {listing.products.map((product, index) => (
          <li key={product._id}>
            <ProductCard product={product} eager={index < FIRST_ROW} highPriority={index === 0} />
          </li>
        ))}
      </ul>
      {listing.nextFailed ? (
        <LoadFailed message={MESSAGES.productsLoadFailed} onRetry={listing.retry} />
      ) : (
        (listing.hasMore || listing.fetchingNext) && (
          <div className="flex justify-center">
            <button
              type="button"
              onClick={listing.loadMore}
              disabled={listing.fetching}
              className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {listing.fetchingNext ? 'Loading...' : 'Load more'}
            </button>
          </div>
        )
      )}
    </>
  );
}
