import { MESSAGES } from '@pumpkart/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawProduct } from '../../shop/catalog/test-products';
import { searchChanged } from '../../store/filters-slice';
import { mockFetch, renderWithStore } from '../../test/render';
import { CATEGORY_PAGE_SIZE, CategoryPage } from './category-page';

afterEach(() => vi.unstubAllGlobals());

const route = (name: string) => ({ route: `/category/${encodeURIComponent(name)}`, path: '/category/:categoryName' });

/** Serves `count` products of the category, a page at a time, with X-Total-Count. */
function serve(count: number, category = 'Safety Gear & Uniforms') {
  const all = Array.from({ length: count }, (_, i) => rawProduct({ title: `Item ${i + 1}`, category }));
  const queries: URLSearchParams[] = [];
  mockFetch({
    'GET /api/products': (_init, url) => {
      queries.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return {
        body: all.slice((page - 1) * limit, page * limit),
        headers: { 'x-total-count': String(all.length) },
      };
    },
  });
  return queries;
}

describe('CategoryPage', () => {
  it('lists the products of the URL-decoded category, each card a link to its product view', async () => {
    const queries = serve(3);
    renderWithStore(<CategoryPage />, route('Safety Gear & Uniforms'));
    expect(screen.getByRole('heading', { level: 1, name: 'Safety Gear & Uniforms' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
    expect(queries[0]!.get('category')).toBe('Safety Gear & Uniforms');
    expect(queries[0]!.get('page')).toBe('1');
    expect(queries[0]!.get('limit')).toBe(String(CATEGORY_PAGE_SIZE));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Item 2' }).getAttribute('href')).toMatch(/^\/product\/[\w-]+$/);
  });

  it("says 'No products available in this category.' when it is empty", async () => {
    serve(0);
    renderWithStore(<CategoryPage />, route('Water Coolers'));
    expect(await screen.findByText(MESSAGES.noProductsInCategory)).toBeInTheDocument();
  });

  it('loads the next page with Load more while X-Total-Count says there are more', async () => {
    const queries = serve(CATEGORY_PAGE_SIZE + 5);
    renderWithStore(<CategoryPage />, route('Safety Gear & Uniforms'));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(CATEGORY_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(CATEGORY_PAGE_SIZE + 5));
    expect(queries.at(-1)!.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('applies the shared search term', async () => {
    const queries = serve(2);
    const { store } = renderWithStore(<CategoryPage />, route('Fire Safety'));
    await screen.findAllByTestId('product-card');
    store.dispatch(searchChanged('extinguisher'));
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('extinguisher'));
    expect(queries.at(-1)!.get('category')).toBe('Fire Safety');
    expect(queries.at(-1)!.get('page')).toBe('1');
  });

  it('goes back to the previous page with Back, or home when there is none', async () => {
    serve(1);
    const { router } = renderWithStore(<CategoryPage />, {
      ...route('Fire Safety'),
      extraRoutes: [{ path: '/', element: <p>Home page</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    await router.navigate('/category/Fire%20Safety');
    await userEvent.click(await screen.findByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('a search on a category page', () => {
  it('says it looks in the category only and, finding nothing, offers the same search over every product', async () => {
    const queries = serve(0, 'Fire Safety');
    const { router } = renderWithStore(<CategoryPage />, {
      ...route('Fire Safety'),
      extraRoutes: [{ path: '/', element: <p>Home</p> }],
      preloadedState: { filters: { search: 'cooler' } },
    });
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent(MESSAGES.noProductsMatch);
    expect(queries.at(-1)!.get('category')).toBe('Fire Safety');
    expect(queries.at(-1)!.get('search')).toBe('cooler');
    expect(screen.getByText(/^Searching in Fire Safety only\./)).toBeInTheDocument();
    const everywhere = screen.getAllByRole('link', { name: "Search all products for 'cooler'" });
    expect(everywhere).toHaveLength(2);
    for (const link of everywhere) expect(link).toHaveAttribute('href', '/?q=cooler');
    await userEvent.click(everywhere[1]!);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?q=cooler');
  });
});
