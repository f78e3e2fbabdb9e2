import { MESSAGES } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../components/notices';
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
  const view = renderWithStore(
    <>
      <ProductsPage />
      <Notices />
    </>,
    { route: '/admin/products' },
  );
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

  it('toggles a product with its Active switch (role switch, aria-checked; a click or Space flips it)', async () => {
    const { fetchMock } = await renderProducts({
      'PUT /api/products/p1': (init) => ({
        body: { ...catalog[0], active: JSON.parse(String(init?.body)).active },
      }),
      'PUT /api/products/p4': (init) => ({
        body: { ...catalog[3], active: JSON.parse(String(init?.body)).active },
      }),
    });
    const user = userEvent.setup();
    const nozzle = within(card('Fuel Dispenser Nozzle')).getByRole('switch', { name: 'Active' });
    expect(nozzle).toHaveAttribute('aria-checked', 'true');
    await user.click(nozzle);
    await waitFor(() =>
      expect(within(card('Fuel Dispenser Nozzle')).getByRole('switch', { name: 'Active' })).toHaveAttribute(
        'aria-checked',
        'false',
      ),
    );
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/products/p1')[0]![1]!.body))).toEqual({ active: false });

    const air = within(card('Air Machine')).getByRole('switch', { name: 'Active' });
    expect(air).toHaveAttribute('aria-checked', 'false');
    air.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(within(card('Air Machine')).getByRole('switch', { name: 'Active' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/products/p4')[0]![1]!.body))).toEqual({ active: true });
  });

  it('only logs a failed toggle', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderProducts({ 'PUT /api/products/p1': { status: 500, body: { message: 'nope' } } });
    await userEvent.setup().click(within(card('Fuel Dispenser Nozzle')).getByRole('switch', { name: 'Active' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(within(card('Fuel Dispenser Nozzle')).getByRole('switch', { name: 'Active' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
  });
});

describe('Admin products: delete', () => {
  // The confirmation and the outcome are on the page (confirm dialog, notices), not the browser's
  // confirm and alert boxes.
  const confirmDialog = () => screen.findByRole('dialog', { name: 'Delete Safety Helmet?' });

  it('asks first in a dialog and does nothing when the admin declines', async () => {
    const { fetchMock } = await renderProducts();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent(MESSAGES.confirmDeleteProduct);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/products/p2/destroy')).toHaveLength(0);
    expect(card('Safety Helmet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Safety Helmet' })).toHaveFocus();
  });

  it('deletes permanently after the confirmation and says so in a notice', async () => {
    const { fetchMock } = await renderProducts({
      'DELETE /api/products/p2/destroy': { body: { _id: 'p2', message: 'Deleted' } },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.productDeleted)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.productDeleted);
    expect(callsTo(fetchMock, 'DELETE', '/api/products/p2/destroy')).toHaveLength(1);
    expect(callsTo(fetchMock, 'DELETE', '/api/products/p2')).toHaveLength(0);
    expect(screen.queryByRole('article', { name: 'Safety Helmet' })).not.toBeInTheDocument();
  });

  it("shows the server's message in an error notice when the delete fails", async () => {
    await renderProducts({
      'DELETE /api/products/p2/destroy': { status: 409, body: { message: 'This product is in open orders.' } },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This product is in open orders.'));
    expect(card('Safety Helmet')).toBeInTheDocument();
  });

  it('shows the fallback message when the server gives none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderProducts({
      'DELETE /api/products/p2/destroy': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.productDeleteFailed));
  });

  it('never uses the browser confirm or alert boxes', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const alert = vi.spyOn(window, 'alert');
    await renderProducts({ 'DELETE /api/products/p2/destroy': { body: { _id: 'p2', message: 'Deleted' } } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Safety Helmet' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    await screen.findByText(MESSAGES.productDeleted);
    expect(confirm).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });
});
