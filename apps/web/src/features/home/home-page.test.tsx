import { MESSAGES } from '@pumpkart/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawProduct } from '../../shop/catalog/test-products';
import { searchChanged } from '../../store/filters-slice';
import { mockFetch, renderWithStore } from '../../test/render';
import { HomePage } from './home-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const dispensers = Array.from({ length: 4 }, (_, i) =>
  rawProduct({ title: `Dispenser ${i + 1}`, category: 'Fuel Dispensers' }),
);
const safety = [
  rawProduct({ title: 'Fire Extinguisher 9 kg', category: 'Fire Safety' }),
  rawProduct({ title: 'Sand Bucket', category: 'Fire Safety' }),
];

const homeView = {
  sections: [
    { category: 'Fuel Dispensers', total: 11, products: dispensers },
    { category: 'Fire Safety', total: 2, products: safety },
  ],
  total: 13,
};

/**
 * Answers the home view (view=home), a flat list (search results and filtered home) and the filter
 * lists; records the query of every product request.
 */
function serve(view: unknown = homeView, list: unknown[] = safety) {
  const queries: URLSearchParams[] = [];
  const fetch = mockFetch({
    'GET /api/products': (_init, url) => {
      queries.push(url.searchParams);
      if (url.searchParams.get('view') === 'home') return { body: view };
      return { body: list, headers: { 'x-total-count': String(list.length) } };
    },
    'GET /api/products/categories/list': { body: ['Fire Safety', 'Fuel Dispensers'] },
    'GET /api/products/brands/list': { body: ['Ceasefire', 'Tokheim'] },
  });
  return { fetch, queries };
}

describe('HomePage', () => {
  it('shows the heading, the 4 partner banners opening in a new tab, and the products by category', async () => {
    const { queries } = serve();
    renderWithStore(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'One Stop Solution For Your Petrol Pump' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fuel Dispensers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fire Safety' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);

    await waitFor(() => expect(screen.getByTestId('ad-slider')).toBeInTheDocument());
    const slider = screen.getByTestId('ad-slider');
    const links = within(slider).getAllByRole('link', { hidden: true }); // the banners not shown are inert
    const hosts = new Set(links.map((link) => new URL(link.getAttribute('href')!).host));
    expect(hosts.size).toBe(4);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(queries[0]!.get('view')).toBe('home');
  });

  it('mounts the first two sections with the answer and the others in the tasks after it, in order', async () => {
    const categories = ['Air Machines', 'Fire Safety', 'Fuel Dispensers', 'Pet Supplies', 'Water Coolers'];
    serve({
      sections: categories.map((category) => ({
        category,
        total: 1,
        products: [rawProduct({ title: `${category} item`, category })],
      })),
      total: categories.length,
    });
    renderWithStore(<HomePage />);
    await screen.findByRole('heading', { name: 'Air Machines' });
    await waitFor(() => expect(screen.getAllByTestId('category-section')).toHaveLength(categories.length));
    const names = screen.getAllByTestId('category-section').map((section) => section.getAttribute('aria-labelledby'));
    expect(names.map((id) => document.getElementById(id!)?.textContent)).toEqual(categories);
    expect(screen.getAllByTestId('product-card')).toHaveLength(categories.length);
  });

  it('links View All to the category page only when the category has more than 4 products', async () => {
    serve();
    renderWithStore(<HomePage />);
    const viewAll = await screen.findAllByRole('link', { name: 'View All' });
    expect(viewAll).toHaveLength(1);
    expect(viewAll[0]).toHaveAttribute('href', '/category/Fuel%20Dispensers');
    const safetySection = screen.getByRole('region', { name: 'Fire Safety' });
    expect(within(safetySection).queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
  });

  it("says 'No products match your search or filters.' when nothing matches", async () => {
    serve({ sections: [], total: 0 });
    renderWithStore(<HomePage />);
    expect(await screen.findByText(MESSAGES.noProductsMatch)).toBeInTheDocument();
  });

  it('shows skeleton cards while the products load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithStore(<HomePage />);
    expect(screen.getAllByTestId('product-card-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.noProductsMatch)).not.toBeInTheDocument();
  });

  it('links each card to its product view (features/product opens it over this page)', async () => {
    serve();
    renderWithStore(<HomePage />);
    const link = await screen.findByRole('link', { name: 'Sand Bucket' });
    expect(link.getAttribute('href')).toMatch(/^\/product\/[\w-]+$/);
  });

  it('applies the filter panel only on Apply Filters, then closes it and gives focus back', async () => {
    const { queries } = serve();
    renderWithStore(<HomePage />);
    await screen.findByRole('heading', { name: 'Fire Safety' });
    const user = userEvent.setup();
    const funnel = screen.getByRole('button', { name: 'Filters' });
    await user.click(funnel);
    const panel = screen.getByRole('dialog', { name: 'Filters' });
    const category = within(panel).getByLabelText('Category');
    expect(category).toHaveFocus();
    await within(panel).findByRole('option', { name: 'Fuel Dispensers' });
    await within(panel).findByRole('option', { name: 'Tokheim' });
    expect(
      within(panel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['All', '0-500', '500-1000', '1000+', 'In Stock', 'Out of Stock']));

    const before = queries.length;
    await user.selectOptions(category, 'Fire Safety');
    await user.selectOptions(within(panel).getByLabelText('Brand'), 'Tokheim');
    await user.selectOptions(within(panel).getByLabelText('Price Range'), '500-1000');
    await user.selectOptions(within(panel).getByLabelText('Availability'), 'In Stock');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(queries.length).toBe(before);

    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBe(before + 1));
    const query = queries.at(-1)!;
    // With a filter applied the home page lists the matches (docs/shop-rules.md#filters), newest first.
    expect(query.get('view')).toBeNull();
    expect(query.get('sort')).toBe('newest');
    expect(query.get('category')).toBe('Fire Safety');
    expect(query.get('brand')).toBe('Tokheim');
    expect(query.get('priceRange')).toBe('500-1000');
    expect(query.get('availability')).toBe('In Stock');
    expect(screen.getByRole('button', { name: 'Filters 4 applied' })).toHaveFocus();
  });

  it('applies a minimum and a maximum price from the panel: in the address, the request and one chip', async () => {
    const { queries } = serve();
    const { router } = renderWithStore(<HomePage />);
    await screen.findByRole('heading', { name: 'Fire Safety' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('dialog', { name: 'Filters' });
    await user.type(within(panel).getByLabelText('Minimum'), '20000');
    await user.type(within(panel).getByLabelText('Maximum'), '500');
    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    // Refused, saying why, with the focus on the field in error; nothing applied.
    expect(within(panel).getByLabelText('Maximum')).toHaveAccessibleDescription(
      'The maximum price must not be below the minimum.',
    );
    expect(within(panel).getByLabelText('Maximum')).toHaveFocus();
    expect(router.state.location.search).toBe('');
    await user.clear(within(panel).getByLabelText('Maximum'));
    await user.type(within(panel).getByLabelText('Maximum'), '5,95,000');
    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=20000&maxPrice=595000'));
    await waitFor(() => expect(queries.at(-1)!.get('minPrice')).toBe('20000'));
    expect(queries.at(-1)!.get('maxPrice')).toBe('595000');
    expect(screen.getByRole('button', { name: 'Remove filter Price: ₹20,000–5,95,000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters 1 applied' })).toHaveFocus();
  });

  it('closes the filter panel on Escape and on an overlay click without applying', async () => {
    const { queries } = serve();
    const { router } = renderWithStore(<HomePage />);
    await screen.findByRole('heading', { name: 'Fire Safety' });
    const user = userEvent.setup();
    const funnel = screen.getByRole('button', { name: 'Filters' });

    await user.click(funnel);
    await user.selectOptions(screen.getByLabelText('Availability'), 'Out of Stock');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(funnel).toHaveFocus();

    await user.click(funnel);
    expect(screen.getByLabelText('Availability')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Availability'), 'Out of Stock');
    fireEvent.click(screen.getByTestId('filter-overlay'));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();

    expect(router.state.location.search).toBe('');
    expect(queries.every((q) => !q.has('availability'))).toBe(true);
  });

  it('sends the shared search term once typing pauses (~300 ms), not on every keystroke', async () => {
    const { queries } = serve();
    const { store } = renderWithStore(<HomePage />);
    await screen.findByRole('heading', { name: 'Fire Safety' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = queries.length;
    for (const text of ['n', 'no', 'noz', 'nozz']) {
      act(() => {
        store.dispatch(searchChanged(text));
      });
      act(() => {
        vi.advanceTimersByTime(100);
      });
    }
    expect(queries.length).toBe(before);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    vi.useRealTimers();
    await waitFor(() => expect(queries.length).toBe(before + 1));
    expect(queries.at(-1)!.get('search')).toBe('nozz');
    // Search results are a flat list, most relevant first.
    expect(queries.at(-1)!.get('view')).toBeNull();
    expect(queries.at(-1)!.get('sort')).toBe('relevance');
    expect(await screen.findByRole('heading', { level: 2, name: "2 results for 'nozz'" })).toBeInTheDocument();
  });
});
