import { MESSAGES, SEARCH_COUNT_CAP } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawProduct } from '../../shop/catalog/test-products';
import { listingSearch, parseListingState, type ListingState } from '../../shop/catalog/listing-state';
import { mockFetch, renderWithStore } from '../../test/render';
import { HomePage } from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The home page at an address holding this list state (shop/catalog/listing-state.ts). */
const withFilters = (filters: Partial<ListingState>) => ({ route: `/${listingSearch(filters)}`, path: '/' });

/** The list state in the router's address now. */
const addressOf = (router: { state: { location: { search: string } } }) =>
  parseListingState(new URLSearchParams(router.state.location.search));

const nozzles = (count: number) =>
  Array.from({ length: count }, (_, i) => rawProduct({ title: `Nozzle ${i + 1}`, price: 100 + i }));

/**
 * Answers the flat list with `total` in X-Total-Count (and the home view for view=home); records the
 * query of every product request.
 */
function serve(list: unknown[], total = list.length, status = 200) {
  const queries: URLSearchParams[] = [];
  mockFetch({
    'GET /api/products': (_init, url) => {
      queries.push(url.searchParams);
      if (url.searchParams.get('view') === 'home') {
        return { body: { sections: [{ category: 'Fire Safety', total: 1, products: [rawProduct()] }], total: 1 } };
      }
      if (status !== 200) return { status, body: { message: 'boom' } };
      return { body: list, headers: { 'x-total-count': String(total) } };
    },
    'GET /api/products/categories/list': { body: ['Safety'] },
    'GET /api/products/brands/list': { body: ['Karam'] },
  });
  return queries;
}

const resultsHeading = () => screen.findByTestId('results-heading');

describe('home search results', () => {
  it("puts 'N results for <term>' first, above the partner offers, with the flat list of matches", async () => {
    const queries = serve(nozzles(12));
    renderWithStore(<HomePage />, withFilters({ search: 'nozzle' }));
    await waitFor(async () => expect(await resultsHeading()).toHaveTextContent("12 results for 'nozzle'"));
    const heading = screen.getByRole('heading', { level: 2, name: "12 results for 'nozzle'" });
    expect(within(screen.getByRole('list', { name: 'Matching products' })).getAllByTestId('product-card')).toHaveLength(
      12,
    );
    expect(screen.queryAllByTestId('category-section')).toHaveLength(0);
    // The heading comes before the partner offers in the page (and so on screen).
    const partner = screen.getByRole('region', { name: 'Partner offers' });
    expect(heading.compareDocumentPosition(partner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const query = queries.at(-1)!;
    expect(query.get('search')).toBe('nozzle');
    expect(query.get('view')).toBeNull();
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('24');
  });

  it("says '1 result' for one match, and 'N products' with filters only", async () => {
    serve(nozzles(1));
    const { unmount } = renderWithStore(<HomePage />, withFilters({ search: 'nozzle' }));
    await waitFor(async () => expect(await resultsHeading()).toHaveTextContent("1 result for 'nozzle'"));
    unmount();

    serve(nozzles(3), 30);
    renderWithStore(<HomePage />, withFilters({ category: 'Safety' }));
    await waitFor(async () => expect(await resultsHeading()).toHaveTextContent(/^30 products$/));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it("says '1,000+ results' when the search's count stopped at its cap, and offers more", async () => {
    serve(nozzles(24), SEARCH_COUNT_CAP + 1);
    const { unmount } = renderWithStore(<HomePage />, withFilters({ search: 'nozzle' }));
    await waitFor(async () => expect(await resultsHeading()).toHaveTextContent(/^1,000\+ results for 'nozzle'$/));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    unmount();

    // Exactly the cap is a count like any other.
    serve(nozzles(24), SEARCH_COUNT_CAP);
    renderWithStore(<HomePage />, withFilters({ search: 'nozzle' }));
    await waitFor(async () => expect(await resultsHeading()).toHaveTextContent(/^1000 results for 'nozzle'$/));
  });

  it('shows every active filter as a chip; removing one asks again without it and keeps the others', async () => {
    const queries = serve(nozzles(2));
    const { store, router } = renderWithStore(
      <HomePage />,
      withFilters({
        search: 'vest',
        category: 'Safety',
        brand: 'Karam',
        priceRange: '0-500',
        availability: 'In Stock',
      }),
    );
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Remove filter Search: vest',
      'Remove filter Category: Safety',
      'Remove filter Brand: Karam',
      'Remove filter Price: ₹0–500',
      'Remove filter In Stock',
    ]);
    expect(within(chips).getByRole('button', { name: 'Remove filter Category: Safety' })).toHaveTextContent(
      'Category: Safety',
    );
    await waitFor(() => expect(queries.at(-1)!.get('category')).toBe('Safety'));
    const before = queries.length;

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Category: Safety' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
    const query = queries.at(-1)!;
    expect(query.has('category')).toBe(false);
    expect(query.get('brand')).toBe('Karam');
    expect(query.get('priceRange')).toBe('0-500');
    expect(query.get('availability')).toBe('In Stock');
    expect(query.get('search')).toBe('vest');
    expect(addressOf(router).category).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove filter Category: Safety' })).not.toBeInTheDocument();
    // Focus stays in the row, on the chip now in its place.
    expect(screen.getByRole('button', { name: 'Remove filter Brand: Karam' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Filters 3 applied' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Search: vest' }));
    await waitFor(() => expect(queries.at(-1)!.has('search')).toBe(false));
    expect(store.getState().filters.search).toBe('');
    expect(addressOf(router).search).toBe('');
  });

  it('Clear all clears the search and every filter and brings back the grouped home', async () => {
    const queries = serve(nozzles(2));
    const { store, router } = renderWithStore(
      <HomePage />,
      withFilters({ search: 'vest', category: 'Safety', availability: 'Out of Stock' }),
    );
    expect(store.getState().filters.search).toBe('vest');
    await waitFor(async () => expect(await resultsHeading()).toHaveTextContent("2 results for 'vest'"));
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('');
    expect(store.getState().filters.search).toBe('');
    await screen.findByRole('heading', { name: 'Fire Safety' });
    expect(screen.queryByTestId('results-heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(queries.at(-1)!.get('view')).toBe('home');
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it("says 'No products match your search or filters.' with Clear all when nothing matches", async () => {
    serve([]);
    const { store } = renderWithStore(<HomePage />, withFilters({ search: 'zzz' }));
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent(MESSAGES.noProductsMatch);
    expect(screen.getByTestId('results-heading')).toHaveTextContent("0 results for 'zzz'");
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear all' }));
    expect(store.getState().filters.search).toBe('');
  });

  it('says the load failed, with Try again, and never that nothing matches', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queries = serve([], 0, 500);
    renderWithStore(<HomePage />, withFilters({ search: 'nozzle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productsLoadFailed);
    expect(screen.queryByText(MESSAGES.noProductsMatch)).not.toBeInTheDocument();
    const before = queries.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries.length).toBe(before + 1));
  });

  it('shows card skeletons while the first page of results loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithStore(<HomePage />, withFilters({ search: 'nozzle' }));
    expect(screen.getByTestId('product-grid-skeleton')).toHaveTextContent(MESSAGES.loadingProducts);
    expect(screen.getAllByTestId('product-card-skeleton').length).toBeGreaterThan(0);
    expect(screen.getByTestId('results-heading')).toHaveTextContent("Searching for 'nozzle'...");
    expect(screen.queryByText(MESSAGES.noProductsMatch)).not.toBeInTheDocument();
  });
});

describe('home results: Sort by', () => {
  const optionLabels = () =>
    within(screen.getByLabelText('Sort by'))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers Relevance only with a search term, as the default, and sends the chosen sort', async () => {
    const queries = serve(nozzles(2));
    renderWithStore(<HomePage />, withFilters({ search: 'nozzle' }));
    await resultsHeading();
    expect(optionLabels()).toEqual(['Relevance', 'Price: low to high', 'Price: high to low', 'Newest']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('relevance'));

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('price_asc'));
    expect(queries.at(-1)!.get('search')).toBe('nozzle');
    expect(queries.at(-1)!.get('page')).toBe('1');
  });

  it('without a search term offers no Relevance and defaults to Newest', async () => {
    const queries = serve(nozzles(2));
    renderWithStore(<HomePage />, withFilters({ brand: 'Karam' }));
    await resultsHeading();
    expect(optionLabels()).toEqual(['Price: low to high', 'Price: high to low', 'Newest']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('newest'));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('price_desc'));
  });

  it('falls back to Newest when a chosen Relevance loses its search term', async () => {
    const queries = serve(nozzles(2));
    renderWithStore(<HomePage />, withFilters({ search: 'vest', brand: 'Karam', sort: 'relevance' }));
    await resultsHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Search: vest' }));
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('newest'));
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });
});
