/**
 * A category's products (docs/shop-rules.md#filters): /category/{name}, the name URL-encoded. The
 * server sends one page at a time (24) with the total in X-Total-Count; 'Load more' asks for the
 * next page. The shared search term applies here too. A Back button returns to the previous page
 * (or home).
 */
import { MESSAGES, type Product } from '@pumpkart/shared';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PRODUCT_GRID_CLASS, ProductCard, ProductCardSkeleton } from '../../components/product-card';
import { ProductModal } from '../../components/product-modal';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fetchCategoryProducts } from '../../store/products-slice';

export const CATEGORY_PAGE_SIZE = 24;
/** Cards in the first row on the widest grid: their images load at once, the rest lazily. */
const FIRST_ROW = 4;

export function CategoryPage() {
  const { categoryName = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => state.filters.search);
  const { items, total, status, view, category } = useAppSelector((state) => state.products);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Product | null>(null);
  const [retries, setRetries] = useState(0);
  const searchTerm = useDebouncedValue(search.trim());

  // A new category or search starts again from page 1 (state adjusted while rendering, not in an effect).
  const queryKey = `${categoryName}\n${searchTerm}`;
  const [shownKey, setShownKey] = useState(queryKey);
  if (shownKey !== queryKey) {
    setShownKey(queryKey);
    setPage(1);
  }

  useEffect(() => {
    const request = dispatch(
      fetchCategoryProducts({
        category: categoryName,
        page,
        limit: CATEGORY_PAGE_SIZE,
        filters: { search: searchTerm },
      }),
    );
    request.then((action) => {
      if (fetchCategoryProducts.rejected.match(action) && !action.meta.aborted) {
        console.error('Failed to load products', action.error);
      }
    });
    return () => request.abort();
  }, [dispatch, categoryName, searchTerm, page, retries]);

  const current = view === 'category' && category === categoryName;
  const products = current ? items : [];
  const loading = !current || status === 'loading';
  const firstLoad = products.length === 0 && loading;
  const hasMore = current && products.length < total;

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
        {current && status === 'succeeded' && total > 0 && (
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
            onClick={() => setRetries((n) => n + 1)}
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
          {(hasMore || (loading && page > 1)) && (
            <div className="flex justify-center">
              <button
                type="button"
                onClick={() => setPage((n) => n + 1)}
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
