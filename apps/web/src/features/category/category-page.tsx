/**
 * A category's products (docs/shop-rules.md#filters): /category/{name}, the name URL-encoded, under
 * the breadcrumbs Home › {name}; the heading says how many products there are. The server sends one
 * page at a time (24) in the chosen order with the total in X-Total-Count; 'Load more' asks for the
 * next page. Sort by is kept in the address (?sort=price_asc), so a reload or a shared link keeps
 * it. The shared search term applies here too, to this category's products only (as the suggestions do), which the
 * page says, with a link to the same search over every product. A Back button returns to the previous page (or home). The
 * document's title and description are the category's (docs/shop-rules.md#seo).
 */
import { categoryPageHead, MESSAGES, type CatalogSort } from '@pumpkart/shared';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { EmptyState } from '../../ui/page-states';
import { LISTING_PAGE_SIZE } from '../../shop/catalog/catalog-api';
import { ProductListing, useCatalogListing } from '../../shop/catalog/product-listing';
import { listingSearch, useListingState } from '../../shop/catalog/listing-state';
import { effectiveSort, SortSelect } from '../../shop/catalog/sort-select';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { usePageHead } from '../../ui/use-page-head';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';

export const CATEGORY_PAGE_SIZE = LISTING_PAGE_SIZE;

export function CategoryPage() {
  const { categoryName = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [address, setAddress] = useListingState();
  const search = useAppSelector((state) => state.filters.search);
  const searchTerm = useDebouncedValue(search.trim());
  const order = effectiveSort(address.sort, searchTerm !== '');
  const listing = useCatalogListing({ category: categoryName, search: searchTerm, sort: order });
  usePageHead(categoryPageHead(categoryName));
  const total = listing.firstLoad || listing.failed ? undefined : listing.total;

  // The order replaces the address's entry: Back leaves the category rather than undoing a sort.
  const chooseSort = (sort: CatalogSort) => setAddress({ sort });

  const goBack = () => {
    // With no earlier page in this tab (a shared link), Back goes to the home page.
    if (location.key === 'default') void navigate(paths.home);
    else void navigate(-1);
  };

  return (
    <div className="space-y-5">
      <Breadcrumbs items={[{ label: 'Home', to: paths.home }, { label: categoryName }]} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={goBack}
          className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
        >
          <span aria-hidden="true">←</span> Back
        </button>
        <h1 className="min-w-0 break-words text-2xl font-bold text-slate-900">
          {categoryName}
          {total !== undefined && ' '}
          {total !== undefined && (
            <span className="text-base font-medium text-slate-600">
              ({MESSAGES.productCount(total)}
              {searchTerm && (
                <>
                  {' '}
                  matching <q>{searchTerm}</q>
                </>
              )}
              )
            </span>
          )}
        </h1>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {searchTerm && (
          <p className="mr-auto text-sm text-slate-700">
            {MESSAGES.searchingInCategory(categoryName)} <SearchAllLink term={searchTerm} />
          </p>
        )}
        <SortSelect value={order} hasSearch={searchTerm !== ''} onChange={chooseSort} />
      </div>

      {/* The cards' titles are h3: their section heading, for assistive technology. */}
      <h2 className="sr-only">Products in {categoryName}</h2>
      <ProductListing
        listing={listing}
        label={`Products in ${categoryName}`}
        empty={
          searchTerm ? (
            <EmptyState message={MESSAGES.noProductsMatch}>
              <SearchAllLink term={searchTerm} button />
            </EmptyState>
          ) : (
            <EmptyState message={MESSAGES.noProductsInCategory} />
          )
        }
      />
    </div>
  );
}

/** The same search over the whole catalog: the home page's results for it (shop/catalog/listing-state.ts). */
function SearchAllLink({ term, button = false }: { term: string; button?: boolean }) {
  return (
    <Link
      to={`${paths.home}${listingSearch({ search: term })}`}
      className={
        button
          ? 'inline-block rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800'
          : 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800'
      }
    >
      {MESSAGES.searchAllProductsFor(term)}
    </Link>
  );
}
