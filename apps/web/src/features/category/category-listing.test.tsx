import { MESSAGES } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawProduct } from '../../shop/catalog/test-products';
import type { FiltersState } from '../../store/filters-slice';
import { mockFetch, renderWithStore } from '../../test/render';
import { CategoryPage } from './category-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CATEGORY = 'Safety Gear & Uniforms';
const at = (query = '') => ({
  route: `/category/${encodeURIComponent(CATEGORY)}${query}`,
  path: '/category/:categoryName',
});

function serve(count: number, status = 200) {
  const queries: URLSearchParams[] = [];
  mockFetch({
    'GET /api/products': (_init, url) => {
      queries.push(url.searchParams);
      if (status !== 200) return { status, body: { message: 'boom' } };
      const items = Array.from({ length: count }, (_, i) => rawProduct({ title: `Item ${i + 1}`, category: CATEGORY }));
      return { body: items, headers: { 'x-total-count': String(count) } };
    },
  });
  return queries;
}

const sortSelect = () => screen.getByLabelText('Sort by');
const optionLabels = () =>
  within(sortSelect())
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('CategoryPage: breadcrumbs, count, sort and states', () => {
  it('shows the breadcrumbs Home › <category> and a heading that says how many products', async () => {
    serve(3);
    renderWithStore(<CategoryPage />, at());
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText(CATEGORY)).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: `${CATEGORY} (3 products)` })).toBeInTheDocument();
  });

  it('says "1 product" for one', async () => {
    serve(1);
    renderWithStore(<CategoryPage />, at());
    expect(await screen.findByRole('heading', { level: 1, name: `${CATEGORY} (1 product)` })).toBeInTheDocument();
  });

  it('sorts newest first by default, offers no Relevance without a search, and keeps the chosen sort in the address', async () => {
    const queries = serve(3);
    const { router } = renderWithStore(<CategoryPage />, at());
    await screen.findAllByTestId('product-card');
    expect(optionLabels()).toEqual(['Price: low to high', 'Price: high to low', 'Newest']);
    expect(sortSelect()).toHaveValue('newest');
    expect(queries.at(-1)!.get('sort')).toBe('newest');

    await userEvent.selectOptions(sortSelect(), 'Price: low to high');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('price_asc'));
    expect(queries.at(-1)!.get('category')).toBe(CATEGORY);
    expect(queries.at(-1)!.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?sort=price_asc');
    expect(sortSelect()).toHaveValue('price_asc');
  });

  it('reads the sort from the address (a reload or a shared link), and ignores an unknown one', async () => {
    const queries = serve(2);
    const { unmount } = renderWithStore(<CategoryPage />, at('?sort=price_desc'));
    await screen.findAllByTestId('product-card');
    expect(sortSelect()).toHaveValue('price_desc');
    expect(queries.every((query) => query.get('sort') === 'price_desc')).toBe(true);
    unmount();

    const others = serve(2);
    renderWithStore(<CategoryPage />, at('?sort=cheapest'));
    await screen.findAllByTestId('product-card');
    expect(sortSelect()).toHaveValue('newest');
    expect(others.at(-1)!.get('sort')).toBe('newest');
  });

  it('with a search term offers Relevance, as the default', async () => {
    const queries = serve(2);
    const filters: FiltersState = { search: 'vest' };
    renderWithStore(<CategoryPage />, { ...at(), preloadedState: { filters } });
    await screen.findAllByTestId('product-card');
    expect(optionLabels()).toEqual(['Relevance', 'Price: low to high', 'Price: high to low', 'Newest']);
    expect(sortSelect()).toHaveValue('relevance');
    expect(queries.at(-1)!.get('sort')).toBe('relevance');
    expect(queries.at(-1)!.get('search')).toBe('vest');
  });

  it('shows card skeletons while loading, and a failure with Try again (never the empty text)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queries = serve(0, 500);
    renderWithStore(<CategoryPage />, at());
    expect(screen.getAllByTestId('product-card-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productsLoadFailed);
    expect(screen.queryByText(MESSAGES.noProductsInCategory)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: CATEGORY })).toBeInTheDocument();
    const before = queries.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries.length).toBe(before + 1));
  });

  it('shows the empty text with Continue shopping when the category is empty', async () => {
    serve(0);
    renderWithStore(<CategoryPage />, at());
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent(MESSAGES.noProductsInCategory);
    expect(within(empty).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });
});
