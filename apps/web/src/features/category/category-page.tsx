/**
 * A category's products (docs/shop-rules.md#filters): /category/{name}, the name URL-encoded. The
 * server sends one page at a time (24) with the total in X-Total-Count; 'Load more' asks for the
 * next page. The shared search term applies here too. A Back button returns to the previous page
 * (or home).
 */
import { MESSAGES, type Product } from '@pumpkart/shared';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useGetCategoryProductsInfiniteQuery } from '../../api/shop-api';
import { PRODUCT_GRID_CLASS, ProductCard, ProductCardSkeleton } from '../../components/product-card';
import { ProductModal } from '../../components/product-modal';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';

export const CATEGORY_PAGE_SIZE = 24;
/** Cards in the first row on the widest grid: their images load at once, the rest lazily. */
const FIRST_ROW = 4;

export function CategoryPage() {
  const { categoryName = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const search = useAppSelector((state) => state.filters.search);
  const [selected, setSelected] = useState<Product | null>(null);
  const searchTerm = useDebouncedValue(search.trim());
  // A new category or search starts again from page 1 with nothing shown (its own cache entry).
  const result = useGetCategoryProductsInfiniteQuery({
    category: categoryName,
    search: searchTerm,
    limit: CATEGORY_PAGE_SIZE,
  });
  const pages = result.currentData?.pages;
  const products = useMemo(() => {
    // A product may have moved between pages since the last one was read: show it once.
    const seen = new Set<string>();
    return (pages ?? []).flatMap((page) => page.items).filter((p) => !seen.has(p._id) && Boolean(seen.add(p._id)));
  }, [pages]);
  const total = pages?.at(-1)?.total ?? 0;
  const loading = result.isFetching;
  const status = loading ? 'loading' : result.isError ? 'failed' : result.isSuccess ? 'succeeded' : 'idle';
  const firstLoad = products.length === 0 && (loading || status === 'idle');
  const hasMore = products.length < total;
  const retry = () => void (result.isFetchNextPageError ? result.fetchNextPage() : result.refetch());

  const goBack = () => {
    // With no earlier page in this tab (a shared link), Back goes to the home page.
    if (location.key === 'default') void navigate(paths.home);
    else void navigate(-1);
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={goBack}
          className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
        >
          <span aria-hidden="true">←</span> Back
        </button>
        <h1 className="min-w-0 break-words text-2xl font-bold text-slate-900">{categoryName}</h1>
        {status === 'succeeded' && total > 0 && (
          <p className="text-sm text-slate-600">
            {total} {total === 1 ? 'product' : 'products'}
            {searchTerm && (
              <>
                {' '}
                matching <q>{searchTerm}</q>
              </>
            )}
          </p>
        )}
      </div>

      {firstLoad ? (
        <div className={PRODUCT_GRID_CLASS} aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : status === 'failed' ? (
        // A failed load is only logged; the visitor can ask again.
        <div className="py-12 text-center">
          <button
            type="button"
            onClick={retry}
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Try again
          </button>
        </div>
      ) : products.length === 0 ? (
        <p className="py-12 text-center text-slate-600">{MESSAGES.noProductsInCategory}</p>
      ) : (
        <>
          <ul className={PRODUCT_GRID_CLASS} aria-busy={loading}>
            {products.map((product, index) => (
              <li key={product._id}>
                <ProductCard product={product} onOpen={setSelected} eager={index < FIRST_ROW} />
              </li>
            ))}
          </ul>
          {(hasMore || result.isFetchingNextPage) && (
            <div className="flex justify-center">
              <button
                type="button"
                onClick={() => void result.fetchNextPage()}
                disabled={loading}
                className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {loading ? 'Loading...' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}

      <ProductModal product={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
