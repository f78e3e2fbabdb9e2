import { MESSAGES } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { rawProduct } from '../test-data';
import { ProductsPage } from './products-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => loginAs('admin'));

const image = (id: string) => ({ url: `/uploads/${id}.webp`, public_id: id, width: 800, height: 600, sizes: [] });

const catalog = [
  rawProduct('p1', {
    title: 'Fuel Dispenser Nozzle',
    description: 'Automatic shut-off',
    images: [image('nozzle-1'), image('nozzle-2')],
  }),
  rawProduct('p2', {
    title: 'Safety Helmet',
    description: 'Bright YELLOW shell for pump attendants',
    brand: '',
    category: 'Safety Gear',
    stock: 0,
    availability: 'Out of Stock',
  }),
  rawProduct('p3', {
    title: 'Dog Collar',
    description: 'Leather',
    category: 'Pet Supplies',
    brand: 'Petco',
    price: 0,
    stock: 9,
    variants: [
      { _id: 'v1', size: 'S', price: 250, stock: 3 },
      { _id: 'v2', size: '', price: 300, stock: 0 },
    ],
  }),
  rawProduct('p4', { title: 'Air Machine', description: 'Digital', price: 0, active: false }),
];

const card = (title: string) => screen.getByRole('article', { name: title });

async function renderProducts(extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ 'GET /api/products/admin/all': { body: catalog }, ...extra });
  const view = renderWithStore(<ProductsPage />, { route: '/admin/products' });
  await screen.findByRole('article', { name: 'Fuel Dispenser Nozzle' });
  return { fetchMock, ...view };
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
  );

describe('Admin products: list', () => {
  it('shows a loading text, then every product including inactive ones', async () => {
    mockFetch({ 'GET /api/products/admin/all': { body: catalog } });
    renderWithStore(<ProductsPage />, { route: '/admin/products' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeInTheDocument();
  });

  it('searches title and description, ignoring case', async () => {
    await renderProducts();
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(search, 'NOZZLE');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Fuel Dispenser Nozzle']);
    await user.clear(search);
    await user.type(search, 'yellow');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Safety Helmet']);
    await user.clear(search);
    await user.type(search, 'no such thing');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.clear(search);
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('shows the price and stock text without variants, N/A for a missing price, and No Image', async () => {
    await renderProducts();
    const nozzle = card('Fuel Dispenser Nozzle');
    expect(nozzle).toHaveTextContent('Price: ₹1,500.00');
    expect(nozzle).toHaveTextContent('4 in stock');
    expect(within(nozzle).getByRole('img', { name: 'Fuel Dispenser Nozzle' })).toHaveAttribute(
      'src',
      '/uploads/nozzle-1.webp',
    );
    expect(nozzle).toHaveTextContent('Category: Dispensers');
    expect(nozzle).toHaveTextContent('Brand: Tokheim');

    const helmet = card('Safety Helmet');
    expect(helmet).toHaveTextContent('Out of stock');
    expect(helmet).toHaveTextContent('No Image');
    expect(helmet).toHaveTextContent('Brand: —');

    expect(card('Air Machine')).toHaveTextContent('Price: N/A');
  });

  it('lists variants (size or a dash, price, stock) instead of the price and stock text', async () => {
    await renderProducts();
    const collar = card('Dog Collar');
    const rows = within(within(collar).getByRole('list', { name: 'Variants' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['S₹250.00 · 3 in stock', '—₹300.00 · 0 in stock']);
    expect(collar).not.toHaveTextContent('Price:');
  });

  it('never cuts a long title or variant size short: nothing clipped on a tablet', async () => {
    await renderProducts();
    const collar = card('Dog Collar');
    const cutting = /\b(truncate|line-clamp-\d+|text-ellipsis|overflow-hidden)\b/;
    const title = within(collar).getByRole('heading', { name: 'Dog Collar' });
    expect(title.className).not.toMatch(cutting);
    expect(title).toHaveClass('break-words');
    const size = within(within(collar).getByRole('list', { name: 'Variants' })).getByText('S');
    expect(size.className).not.toMatch(cutting);
  });

  it('toggles a product between Active and Inactive', async () => {
    const { fetchMock } = await renderProducts({
      'PUT /api/products/p1': (init) => ({
        body: { ...catalog[0], active: JSON.parse(String(init?.body)).active },
      }),
      'PUT /api/products/p4': (init) => ({
        body: { ...catalog[3], active: JSON.parse(String(init?.body)).active },
      }),
    });
    const user = userEvent.setup();
    await user.click(within(card('Fuel Dispenser Nozzle')).getByRole('button', { name: 'Active' }));
    expect(await within(card('Fuel Dispenser Nozzle')).findByRole('button', { name: 'Inactive' })).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/products/p1')[0]![1]!.body))).toEqual({ active: false });

    await user.click(within(card('Air Machine')).getByRole('button', { name: 'Inactive' }));
    expect(await within(card('Air Machine')).findByRole('button', { name: 'Active' })).toBeInTheDocument();
  });

  it('only logs a failed toggle', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await renderProducts({ 'PUT /api/products/p1': { status: 500, body: { message: 'nope' } } });
    await userEvent.setup().click(within(card('Fuel Dispenser Nozzle')).getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(within(card('Fuel Dispenser Nozzle')).getByRole('button', { name: 'Active' })).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('Admin products: delete', () => {
  it('asks first and does nothing when the admin declines', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { fetchMock } = await renderProducts();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    expect(confirm).toHaveBeenCalledWith(MESSAGES.confirmDeleteProduct);
    expect(callsTo(fetchMock, 'DELETE', '/api/products/p2/destroy')).toHaveLength(0);
    expect(card('Safety Helmet')).toBeInTheDocument();
  });

  it('deletes permanently and alerts success', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { fetchMock } = await renderProducts({
      'DELETE /api/products/p2/destroy': { body: { _id: 'p2', message: 'Deleted' } },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.productDeleted));
    expect(callsTo(fetchMock, 'DELETE', '/api/products/p2/destroy')).toHaveLength(1);
    expect(callsTo(fetchMock, 'DELETE', '/api/products/p2')).toHaveLength(0);
    expect(screen.queryByRole('article', { name: 'Safety Helmet' })).not.toBeInTheDocument();
  });

  it("alerts the server's message when the delete fails", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await renderProducts({
      'DELETE /api/products/p2/destroy': { status: 409, body: { message: 'This product is in open orders.' } },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('This product is in open orders.'));
    expect(card('Safety Helmet')).toBeInTheDocument();
  });

  it('alerts the fallback message when the server gives none', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await renderProducts({
      'DELETE /api/products/p2/destroy': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.productDeleteFailed));
  });
});
