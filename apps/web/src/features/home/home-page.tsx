/**
 * Home (docs/shop-rules.md#home): the heading, the partner ad slider, the filter side panel and the
 * products grouped by category, 4 each, with View All when a category has more. The page asks the
 * server only for what it shows: the home view (view=home) with the applied filters and the shared
 * search term (docs/shop-rules.md#search), which waits ~300 ms after the last keystroke.
 */
import { MESSAGES, type Product } from '@pumpkart/shared';
import { useRef, useState } from 'react';
import { useGetHomeViewQuery, type HomeSection } from '../../api/shop-api';
import { FilterPanel, countFilters, type AppliedFilters } from '../../components/filter-panel';
import { ProductModal } from '../../components/product-modal';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { filtersApplied } from '../../store/filters-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CategorySection, CategorySectionSkeleton } from './category-section';
import { PartnerOffers } from './partner-offers';
import { useFilterOptions } from './use-filter-options';

const NO_SECTIONS: HomeSection[] = [];

export function HomePage() {
  const dispatch = useAppDispatch();
  const { search, category, brand, priceRange, availability } = useAppSelector((state) => state.filters);
  const [selected, setSelected] = useState<Product | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelWanted, setPanelWanted] = useState(false);
  const options = useFilterOptions(panelWanted);
  const funnelRef = useRef<HTMLButtonElement>(null);
  const searchTerm = useDebouncedValue(search.trim());
  // The sections stay on screen (dimmed) while another search or filter set loads.
  const home = useGetHomeViewQuery({ search: searchTerm, category, brand, priceRange, availability });
  const sections = home.data?.sections ?? NO_SECTIONS;
  const total = home.data?.total ?? 0;
  const status = home.isFetching ? 'loading' : home.isError ? 'failed' : home.isSuccess ? 'succeeded' : 'idle';

  const applied: AppliedFilters = { category, brand, priceRange, availability };
  const activeFilters = countFilters(applied);
  const homeLoaded = status === 'succeeded' || status === 'failed';
  const loading = status === 'loading';
  const showSkeleton = sections.length === 0 && !homeLoaded;

  const openPanel = () => {
    setPanelWanted(true);
    setPanelOpen(true);
  };

  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        One Stop Solution For Your Petrol Pump
      </h1>

      <PartnerOffers />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          {search.trim() ? (
            <>
              Results for <q>{search.trim()}</q>
            </>
          ) : (
            'Shop by category'
          )}
        </h2>
        <div className="flex items-center gap-3">
          {homeLoaded && (search.trim() || activeFilters > 0) && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {total} {total === 1 ? 'product' : 'products'} found
            </p>
          )}
          <button
            ref={funnelRef}
            type="button"
            onClick={openPanel}
            aria-haspopup="dialog"
            aria-expanded={panelOpen}
            aria-controls="filter-panel"
            aria-label={activeFilters > 0 ? `Filters, ${activeFilters} applied` : 'Filters'}
            className="relative inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
              <path d="M3 4.5A1.5 1.5 0 0 1 4.5 3h15a1.5 1.5 0 0 1 1.14 2.48L15 12.06V19a1 1 0 0 1-.55.9l-4 2A1 1 0 0 1 9 21v-8.94L3.36 5.48A1.5 1.5 0 0 1 3 4.5Z" />
            </svg>
            <span>Filters</span>
            {activeFilters > 0 && (
              <span
                aria-hidden="true"
                className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
              >
                {activeFilters}
              </span>
            )}
          </button>
        </div>
      </div>

      <FilterPanel
        id="filter-panel"
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        applied={applied}
        onApply={(next) => {
          dispatch(filtersApplied(next));
          setPanelOpen(false);
        }}
        categories={options.categories}
        brands={options.brands}
      />

      <div
        aria-busy={loading}
        className={`space-y-8 transition-opacity ${loading && !showSkeleton ? 'opacity-60' : ''}`}
      >
        {showSkeleton ? (
          <>
            <CategorySectionSkeleton />
            <CategorySectionSkeleton />
          </>
        ) : sections.length > 0 ? (
          sections.map((section, index) => (
            <CategorySection key={section.category} section={section} onOpen={setSelected} eager={index === 0} />
          ))
        ) : status === 'failed' ? (
          <div className="py-12 text-center">
            <button
              type="button"
              onClick={() => void home.refetch()}
              className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
            >
              Try again
            </button>
          </div>
        ) : (
          <p className="py-12 text-center text-slate-600">{MESSAGES.noProductsMatch}</p>
        )}
      </div>

      <ProductModal product={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
