import { MESSAGES } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
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

  it('sends the search to the server when it is sent, and keeps it in the address', async () => {
    const { fetchMock, router } = await renderProducts({
      'GET /api/products/admin/all': (_init, url) =>
        url.searchParams.get('search') === 'NOZZLE'
          ? { body: [catalog[0]], headers: { 'x-total-count': '1' } }
          : { body: catalog },
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'NOZZLE{Enter}');
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
        'Fuel Dispenser Nozzle',
      ]),
    );
    expect(router.state.location.search).toBe('?search=NOZZLE');
    expect(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x').searchParams.get('search')).toBe('NOZZLE');
  });

  it('searches as one types, once typing pauses, with one request for the whole word', async () => {
    const { fetchMock, router } = await renderProducts({
      'GET /api/products/admin/all': (_init, url) =>
        url.searchParams.get('search') === 'nozzle'
          ? { body: [catalog[0]], headers: { 'x-total-count': '1' } }
          : { body: catalog },
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'nozzle');
    await waitFor(() => expect(router.state.location.search).toBe('?search=nozzle'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    const searched = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/api/products/admin/all')
      .map((url) => url.searchParams.get('search'))
      .filter(Boolean);
    expect(searched).toEqual(['nozzle']);
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

describe('Admin products: what a product on sale needs (docs/shop-rules.md#on-sale)', () => {
  const dialog = () => screen.getByRole('dialog');

  it('shows every error of the form at once, in a list by the Save button', { timeout: 20_000 }, async () => {
    const { fetchMock } = await renderProducts();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(within(dialog()).getByLabelText('Price (₹)'), '-5');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Variant' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    const summary = await within(dialog()).findByTestId('form-errors');
    expect(summary).toHaveTextContent(/^Fix these 3 things before saving:/);
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Title: Title is required.',
      'Price: Price must be 0 or more.',
      'Variant 1: Variant price is required.',
    ]);
    expect(callsTo(fetchMock, 'POST', '/api/products')).toHaveLength(0);
  });

  it('says a save saved, and says what a product kept as a draft lacks', { timeout: 20_000 }, async () => {
    let answer = rawProduct('p20', { title: 'Bare', category: 'Uncategorized', price: 0, active: false });
    await renderProducts({ 'POST /api/products': () => ({ status: 201, body: answer }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(within(dialog()).getByLabelText('Title'), 'Bare');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '"Bare" was saved as a draft (not on sale): it needs a price above ₹0, a category (not Uncategorized) and a ' +
        'picture before it can be active.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answer = rawProduct('p21', {
      title: 'Complete',
      images: [{ url: '/uploads/c.webp', public_id: 'c', width: 800, height: 600, sizes: [] }],
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(within(dialog()).getByLabelText('Title'), 'Complete');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.getAllByRole('status').at(-1)).toHaveTextContent('Saved "Complete".'));
  });

  it("shows the server's refusal to switch on a product that lacks them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = '"Air Machine" cannot be active yet: it needs a price above ₹0 and a picture.';
    await renderProducts({ 'PUT /api/products/p4': { status: 409, body: { message: refusal } } });
    await userEvent.click(within(card('Air Machine')).getByRole('switch'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
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

/** A fake server: 45 products, paged, filtered by `active` and `stock`, in the order `sort` names. */
const many = Array.from({ length: 45 }, (_, index) =>
  rawProduct(`m${index + 1}`, { title: `Pump ${index + 1}`, stock: index, active: index % 2 === 0 }),
);
function fakeServer(url: URL) {
  const params = url.searchParams;
  let rows = many;
  if (params.get('active')) rows = rows.filter((row) => String(row.active) === params.get('active'));
  if (params.get('stock') === 'out') rows = rows.filter((row) => row.stock === 0);
  if (params.get('sort') === 'stock_desc') rows = [...rows].sort((a, b) => b.stock - a.stock);
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit'));
  return {
    body: rows.slice((page - 1) * limit, page * limit),
    headers: { 'x-total-count': String(rows.length) },
  };
}

function renderPaged(route = '/admin/products', extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ 'GET /api/products/admin/all': (_init, url) => fakeServer(url), ...extra });
  return { fetchMock, ...renderWithStore(<ProductsPage />, { route }) };
}

const lastListQuery = (fetchMock: ReturnType<typeof mockFetch>) =>
  Object.fromEntries(
    new URL(String(callsTo(fetchMock, 'GET', '/api/products/admin/all').at(-1)![0]), 'http://x').searchParams.entries(),
  );

describe('Admin products: paged from the server, the state in the address', () => {
  it('asks for 20 a page, pages with Next and Previous, and keeps the page in the address', async () => {
    const { fetchMock, router } = renderPaged();
    expect(await screen.findByRole('article', { name: 'Pump 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(lastListQuery(fetchMock)).toEqual({ page: '1', limit: '20' });
    // The pager is drawn again under each page.
    const pager = () => screen.getByRole('navigation', { name: 'Pages of products' });
    expect(pager()).toHaveTextContent('1–20 of 45 products');
    expect(pager()).toHaveTextContent('Page 1 of 3');
    const user = userEvent.setup();
    await user.click(within(pager()).getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('article', { name: 'Pump 21' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await user.click(within(pager()).getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('article', { name: 'Pump 45' })).toBeInTheDocument();
    expect(pager()).toHaveTextContent('41–45 of 45 products');
    expect(within(pager()).getByRole('button', { name: /Next/ })).toBeDisabled();
    // Back shows the page before.
    await router.navigate(-1);
    expect(await screen.findByRole('article', { name: 'Pump 21' })).toBeInTheDocument();
  });

  it('reads filters, sort, page and view from the address, and sends them', async () => {
    const { fetchMock } = renderPaged('/admin/products?active=true&sort=stock_desc&view=table&page=2');
    const table = await screen.findByRole('region', { name: 'Products on this page' });
    expect(lastListQuery(fetchMock)).toEqual({ page: '2', limit: '20', active: 'true', sort: 'stock_desc' });
    // 23 active products, stock 44, 42, ... : page 2 starts at stock 4.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // The heading counts the rows it heads, not every match (the pager says that).
    expect(within(table).getByRole('heading', { level: 2 })).toHaveTextContent(/^Products on this page \(3\)$/);
    expect(within(table).getByRole('button', { name: 'Pump 5' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('true');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('stock_desc');
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('applies a filter or a sort at once, from the first page, and leaves out a value the server would refuse', async () => {
    const { fetchMock, router } = renderPaged('/admin/products?page=2&stock=bogus&sort=cheapest');
    await screen.findByRole('article', { name: 'Pump 21' });
    expect(lastListQuery(fetchMock)).toEqual({ page: '2', limit: '20' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stock level' }), 'Out of stock');
    expect(await screen.findByRole('article', { name: 'Pump 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(router.state.location.search).toBe('?stock=out');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Stock: high to low');
    expect(await screen.findByRole('article', { name: 'Pump 45' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=stock_desc');
  });

  it('shows a table (thumbnail, title, category, price, stock, active) with the Grid/Table toggle', async () => {
    const { router } = renderPaged('/admin/products', {
      'GET /api/products/admin/all': { body: catalog, headers: { 'x-total-count': '4' } },
    });
    await screen.findByRole('article', { name: 'Fuel Dispenser Nozzle' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(router.state.location.search).toBe('?view=table');
    const table = await screen.findByRole('region', { name: 'Products on this page' });
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Image', 'Title', 'Category', 'Price', 'Stock', 'Active', 'Actions']);
    const nozzle = within(table).getByRole('button', { name: 'Fuel Dispenser Nozzle' }).closest('tr')!;
    expect(nozzle).toHaveTextContent('Dispensers');
    expect(nozzle).toHaveTextContent('₹1,500.00');
    expect(within(nozzle).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    const helmet = within(table).getByRole('button', { name: 'Safety Helmet' }).closest('tr')!;
    expect(helmet).toHaveTextContent('Out of stock');
    const air = within(table).getByRole('button', { name: 'Air Machine' }).closest('tr')!;
    expect(within(air).getByRole('switch', { name: 'Inactive' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });

  it('opens the edit form from the table, and from the address (?edit=) when the product is not on the page', async () => {
    const { router } = renderPaged('/admin/products?view=table', {
      'GET /api/products/admin/all': { body: catalog, headers: { 'x-total-count': '4' } },
      'GET /api/products/admin/far-away': {
        body: rawProduct('far-away', { title: 'Distant Gauge' }),
      },
    });
    const table = await screen.findByRole('region', { name: 'Products on this page' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Safety Helmet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Safety Helmet');
    expect(router.state.location.search).toBe('?view=table&edit=p2');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?view=table');

    await router.navigate('/admin/products?edit=far-away');
    const far = await screen.findByRole('dialog');
    expect(within(far).getByLabelText(/^Title/)).toHaveValue('Distant Gauge');
  });
});
