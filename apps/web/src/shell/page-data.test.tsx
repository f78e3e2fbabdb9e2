/**
 * A category page that came with its first page of cards (docs/decisions/0016-storefront-weight.md): the data the
 * server put beside the shell, in the cache before the first render, makes that render show the same cards and
 * count at once, without skeletons and without asking the server again; another order, or a search, asks as before.
 */
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES, type ProductDto } from '@pumpkart/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawProduct } from '../shop/catalog/test-products';
import { CategoryPage } from '../features/category/category-page';
import { createStore } from '../store';
import { searchChanged } from '../store/filters-slice';
import { mockFetch, renderWithStore } from '../test/render';
import { ProductRoute } from '../features/product/product-route';
import {
  PAGE_DATA_ID,
  readPageData,
  seedCategoryPage,
  seedPageData,
  type CategoryPageData,
  type ProductPageData,
} from './page-data';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(PAGE_DATA_ID)?.remove();
});

const CATEGORY = 'Fire & "Safety"';
const route = (query = '') => ({
  route: `/category/${encodeURIComponent(CATEGORY)}${query}`,
  path: '/category/:categoryName',
});

function serve() {
  const queries: URLSearchParams[] = [];
  mockFetch({
    'GET /api/products': (_init, url) => {
      queries.push(url.searchParams);
      return {
        body: [rawProduct({ title: 'From the server', category: CATEGORY })],
        headers: { 'x-total-count': '1' },
      };
    },
  });
  return queries;
}

const DATA: CategoryPageData = {
  category: CATEGORY,
  items: [
    rawProduct({ title: 'First Extinguisher', category: CATEGORY }) as ProductDto,
    rawProduct({ title: 'Second Extinguisher', category: CATEGORY }) as ProductDto,
  ],
  total: 7,
};

function seededStore() {
  const store = createStore();
  seedCategoryPage(store.dispatch, DATA);
  return store;
}

describe('a category page with its first page in the page', () => {
  it('shows those cards and the count at its first render, and does not ask for them again', async () => {
    const queries = serve();
    renderWithStore(<CategoryPage />, { ...route(), store: seededStore() });
    // At once: no skeleton in between.
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('product-card').map((card) => card.getAttribute('aria-label'))).toEqual([
      'First Extinguisher',
      'Second Extinguisher',
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${CATEGORY} (7 products)`);
    expect(screen.getByTestId('product-listing')).toHaveAttribute('aria-busy', 'false');
    // The rest of the category follows with Load more.
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries).toEqual([]);
    expect(screen.getByTestId('product-listing')).toHaveAttribute('aria-busy', 'false');
  });

  it('asks the server for another order, and for a search', async () => {
    const queries = serve();
    renderWithStore(<CategoryPage />, { ...route('?sort=price_asc'), store: seededStore() });
    expect(screen.getByTestId('product-grid-skeleton')).toBeInTheDocument();
    expect(await screen.findByText('From the server')).toBeInTheDocument();
    expect(queries.at(-1)!.get('sort')).toBe('price_asc');

    const { store } = renderWithStore(<CategoryPage />, { ...route(), store: seededStore() });
    store.dispatch(searchChanged('foam'));
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('foam'));
  });

  it("reads the page's data element, and nothing else", () => {
    expect(readPageData(document)).toBeUndefined();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ID;
    script.textContent = JSON.stringify(DATA);
    document.body.append(script);
    expect(readPageData(document)).toEqual(DATA);
    script.textContent = '{"category":"x"}';
    expect(readPageData(document)).toBeUndefined();
    script.textContent = '</script>';
    expect(readPageData(document)).toBeUndefined();
  });
});

describe('a product page with its product in the page', () => {
  const PRODUCT: ProductPageData = { product: rawProduct({ title: 'Page Nozzle', category: CATEGORY }) as ProductDto };

  it('shows the product at its first render on a phone, and keeps it while it is refreshed', async () => {
    const requests: string[] = [];
    mockFetch({
      [`GET /api/products/${PRODUCT.product._id}`]: (_init, url) => {
        requests.push(url.pathname);
        return { body: PRODUCT.product };
      },
    });
    vi.stubGlobal('innerWidth', 360);
    const store = createStore();
    seedPageData(store.dispatch, PRODUCT);
    renderWithStore(<ProductRoute />, {
      route: `/product/${PRODUCT.product._id}`,
      path: '/product/:productId',
      store,
    });
    // At once: the page with its picture, no loading placeholder in between.
    expect(screen.getByRole('heading', { level: 1, name: 'Page Nozzle' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadingProduct)).not.toBeInTheDocument();
    // Refreshed on mount as a card's product is (refetchOnMountOrArgChange), without a placeholder meanwhile.
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Page Nozzle' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadingProduct)).not.toBeInTheDocument();
  });

  it("reads a product page's data element", () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ID;
    script.textContent = JSON.stringify(PRODUCT);
    document.body.append(script);
    expect(readPageData(document)).toEqual(PRODUCT);
    script.textContent = '{"product":{}}';
    expect(readPageData(document)).toBeUndefined();
  });
});
