/**
 * Home (docs/shop-rules.md#home, #filters): the heading, the partner offers, the filter side panel
 * and the products grouped by category, 4 each, with View All when a category has more. While a
 * search term (docs/shop-rules.md#search, sent ~300 ms after the last keystroke) or any filter is
 * active, the results come first instead: a heading saying what is shown, the active filters as
 * removable chips with Clear all, Sort by, and one flat list a page at a time; the partner offers
 * move below them. The page asks the server only for what it shows. The search term, the filters and the order
 * are in the page's address (shop/catalog/listing-state.ts): a reload, Back and a shared link keep them.
 */
import { MESSAGES } from '@pumpkart/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useGetHomeViewQuery, type HomeSection } from './home-api';
import { FilterPanel } from '../../shop/catalog/filter-panel';
import {
  countFilters,
  EMPTY_LISTING,
  NO_FILTERS,
  useIsPageInBackground,
  useListingState,
  type AppliedFilters,
} from '../../shop/catalog/listing-state';
import { EmptyState, LoadFailed } from '../../ui/page-states';
import { ProductListing, useCatalogListing } from '../../shop/catalog/product-listing';
import { effectiveSort, SortSelect } from '../../shop/catalog/sort-select';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useRevealedCount } from '../../ui/use-revealed-count';
import { searchChanged } from '../../store/filters-slice';
import type { AppDispatch } from '../../store';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ActiveFilterChips, activeChips, ResultsHeading } from './active-filters';
import { CategorySection, CategorySectionSkeleton } from './category-section';
import { PartnerOffers } from './partner-offers';
import { useFilterOptions } from './use-filter-options';

const NO_SECTIONS: HomeSection[] = [];

/**
 * Sections mounted with the answer: as many as the skeletons stood for; the others follow one per task
 * (useRevealedCount), below the fold on a phone.
 */
const FIRST_SECTIONS = 2;

/**
 * The search box's words (the store, every keystroke) and the address's term kept together: words typed go to the
 * address once typing pauses (a cleared box at once); an address that changes (Back, a link, a chip, Clear all)
 * puts its term in the box. Opened with a term, the address wins; without one, words already in the box (typed
 * on another page, or into the page shell before the app ran) are searched for.
 */
function useSearchInAddress(addressTerm: string, write: (search: string) => void, dispatch: AppDispatch) {
  const typed = useAppSelector((state) => state.filters.search).trim();
  const debounced = useDebouncedValue(typed);
  const typedTerm = typed === '' ? '' : debounced;
  const seen = useRef<{ address: string; typed: string } | null>(null);
  const inBackground = useIsPageInBackground();
  useEffect(() => {
    // Behind a product opened over it, the page's address is the background's: neither side is adopted.
    if (inBackground) return;
    const last = seen.current;
    if (last === null || addressTerm !== last.address) {
      const adopt = last !== null || addressTerm !== '';
      seen.current = { address: addressTerm, typed: adopt ? typedTerm : '' };
      if (adopt) {
        if (typed !== addressTerm) dispatch(searchChanged(addressTerm));
        return;
      }
    }
    if (typedTerm !== seen.current!.typed) {
      // The address this writes is not one to put back into the box (words typed since would be lost).
      seen.current = { address: typedTerm, typed: typedTerm };
      if (typedTerm !== addressTerm) write(typedTerm);
    }
  });
}

export function HomePage() {
  const dispatch = useAppDispatch();
  const [listing, setListing] = useListingState();
  useSearchInAddress(listing.search, (search) => setListing({ search, exact: false }), dispatch);
  const { search: searchTerm, exact, sort } = listing;
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelWanted, setPanelWanted] = useState(false);
  const options = useFilterOptions(panelWanted);
  const funnelRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const applied: AppliedFilters = {
    category: listing.category,
    brand: listing.brand,
    priceRange: listing.priceRange,
    minPrice: listing.minPrice,
    maxPrice: listing.maxPrice,
    availability: listing.availability,
  };
  const activeFilters = countFilters(applied);
  const searching = searchTerm !== '' || activeFilters > 0;
  const order = effectiveSort(sort, searchTerm !== '');

  // The grouped view when nothing is active; the flat results otherwise. Only one is asked for.
  const home = useGetHomeViewQuery({}, { skip: searching });
  const results = useCatalogListing({ search: searchTerm, exact, ...applied, sort: order }, { skip: !searching });

  const openPanel = () => {
    setPanelWanted(true);
    setPanelOpen(true);
  };

  const filtersButton = (
    <button
      ref={funnelRef}
      type="button"
      onClick={openPanel}
      aria-haspopup="dialog"
      aria-expanded={panelOpen}
      aria-controls="filter-panel"
      className="relative inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
        <path d="M3 4.5A1.5 1.5 0 0 1 4.5 3h15a1.5 1.5 0 0 1 1.14 2.48L15 12.06V19a1 1 0 0 1-.55.9l-4 2A1 1 0 0 1 9 21v-8.94L3.36 5.48A1.5 1.5 0 0 1 3 4.5Z" />
      </svg>
      {/* The name is the text shown, then what its number means: "Filters 2 applied" (WCAG 2.5.3, label in name). */}
      <span>Filters</span>
      {activeFilters > 0 && (
        <>
          {' '}
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
            {activeFilters}
          </span>{' '}
          <span className="sr-only">applied</span>
        </>
      )}
    </button>
  );

  // Keyed blocks in one list: switching between the views moves the partner offers without
  // remounting them, and the toolbar (with the Filters button, which may hold focus) stays put.
  const partner = <PartnerOffers key="partner" />;
  const toolbar = (
    <div key="toolbar" className="flex flex-wrap items-center justify-between gap-3">
      {searching ? (
        <SortSelect value={order} hasSearch={searchTerm !== ''} onChange={(next) => setListing({ sort: next })} />
      ) : (
        <h2 className="text-xl font-semibold text-slate-900">Shop by category</h2>
      )}
      {filtersButton}
    </div>
  );
  const blocks: ReactNode[] = searching
    ? [
        <div key="results-top" className="space-y-3">
          <ResultsHeading
            ref={headingRef}
            search={searchTerm}
            correctedSearch={results.correctedSearch}
            total={results.firstLoad ? undefined : results.total}
          />
          {results.correctedSearch && (
            <p className="text-sm text-slate-700">
              <button
                type="button"
                onClick={() => setListing({ exact: true })}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {MESSAGES.searchInsteadFor(searchTerm)}
              </button>
            </p>
          )}
          <ActiveFilterChips
            chips={activeChips(searchTerm, applied)}
            onRemove={(key) =>
              setListing(
                key === 'search'
                  ? { search: '', exact: false }
                  : key === 'price'
                    ? { minPrice: undefined, maxPrice: undefined }
                    : { [key]: NO_FILTERS[key] },
              )
            }
            onClearAll={() => setListing(EMPTY_LISTING)}
            onEmptied={() => funnelRef.current?.focus()}
          />
        </div>,
        toolbar,
        <section key="results" aria-label="Search results" className="space-y-6">
          <ProductListing
            listing={results}
            label="Matching products"
            empty={
              <EmptyState message={MESSAGES.noProductsMatch}>
                <button
                  type="button"
                  onClick={() => {
                    funnelRef.current?.focus();
                    setListing(EMPTY_LISTING);
                  }}
                  className="inline-block rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
                >
                  Clear all
                </button>
              </EmptyState>
            }
          />
        </section>,
        partner,
      ]
    : [partner, toolbar, <GroupedHome key="grouped" home={home} />];

  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        One Stop Solution For Your Petrol Pump
      </h1>

      {blocks}

      <FilterPanel
        id="filter-panel"
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        applied={applied}
        onApply={(next) => {
          setListing(next);
          setPanelOpen(false);
        }}
        categories={options.categories}
        brands={options.brands}
      />
    </div>
  );
}

/** The unfiltered home page: every category with its 4 newest products. */
function GroupedHome({
  home,
}: {
  home: {
    data?: { sections: HomeSection[] };
    isFetching: boolean;
    isError: boolean;
    isSuccess: boolean;
    refetch: () => unknown;
  };
}) {
  const sections = home.data?.sections ?? NO_SECTIONS;
  const loading = home.isFetching;
  const revealed = useRevealedCount(sections.length, FIRST_SECTIONS);

  // Sections already shown stay (dimmed while they reload); a failure never shows the empty text.
  if (sections.length > 0) {
    return (
      <div aria-busy={loading} className={`space-y-8 transition-opacity ${loading ? 'opacity-60' : ''}`}>
        {sections.slice(0, revealed).map((section, index) => (
          <CategorySection key={section.category} section={section} eager={index === 0} />
        ))}
      </div>
    );
  }
  if (!loading && home.isError) {
    return <LoadFailed message={MESSAGES.productsLoadFailed} onRetry={() => void home.refetch()} />;
  }
  if (!loading && home.isSuccess) return <p className="py-12 text-center text-slate-600">{MESSAGES.noProductsMatch}</p>;
  return (
    <div aria-busy="true" className="space-y-8">
      {Array.from({ length: FIRST_SECTIONS }, (_, index) => (
        <CategorySectionSkeleton key={index} />
      ))}
    </div>
  );
}
