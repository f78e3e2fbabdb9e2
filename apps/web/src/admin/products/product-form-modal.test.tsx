import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { GST_RATES, MESSAGES, PRODUCT_CHANGED_MESSAGE, TAX_DATA_MESSAGES } from '@pumpkart/shared';
import { rawProduct } from '../test-data';
import { RELOADED_NOTE, SAVE_FAILED } from './product-form-modal';
import { ProductsPage } from './products-page';

let urlCounter = 0;
const createObjectURL = vi.fn(() => `blob:preview-${++urlCounter}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  loginAs('admin');
  urlCounter = 0;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const image = (id: string) => ({ url: `/uploads/${id}.webp`, public_id: id, width: 800, height: 600, sizes: [] });
const catalog = [
  rawProduct('p1', { title: 'Fuel Dispenser Nozzle', images: [image('nozzle-1'), image('nozzle-2')] }),
  rawProduct('p3', {
    title: 'Dog Collar',
    description: 'Leather',
    category: 'Pet Supplies',
    brand: 'Petco',
    lowStockThreshold: 1,
    variants: [
      { _id: 'v1', size: 'S', price: 250, stock: 3 },
      { _id: 'v2', size: null, price: 300, stock: 0 },
    ],
    version: 7,
  }),
];

/** The multipart body of a call as [name, value] pairs, files as their names. */
function formEntries(init: RequestInit | undefined): [string, string][] {
  expect(init?.body).toBeInstanceOf(FormData);
  return [...(init!.body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : value.name,
  ]);
}

async function renderPage(extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ 'GET /api/products/admin/all': { body: catalog }, ...extra });
  const view = renderWithStore(<ProductsPage />, { route: '/admin/products' });
  await screen.findByRole('article', { name: 'Fuel Dispenser Nozzle' });
  return { fetchMock, user: userEvent.setup(), ...view };
}

const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByLabelText(name);
/** What a new product sends for its tax data when none is typed: the defaults (docs/shop-rules.md#tax-data). */
const DEFAULT_TAX_ENTRIES: [string, string][] = [
  ['hsnCode', ''],
  ['gstRate', '18'],
  ['countryOfOrigin', 'India'],
  ['manufacturer', ''],
  ['bisLicence', ''],
  ['pesoApproval', ''],
  ['legalMetrologyApproval', ''],
  ['complianceCategory', ''],
  ['extinguisherType', ''],
  ['warrantyMonths', ''],
  // The kind (docs/shop-rules.md#service-products), sent after the tax data.
  ['kind', 'goods'],
  ['taskKeys', ''],
];
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('Admin product form: category and Active switch', () => {
  it("offers the shop's categories and the admin list's, and warns before a new one is created", async () => {
    const { user } = await renderPage({
      'GET /api/products/categories/list': { body: ['Fire Safety', 'Pet Supplies'] },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const category = field('Category');
    await waitFor(() =>
      expect(
        Array.from(dialog().querySelectorAll('datalist option')).map((option) => option.getAttribute('value')),
      ).toEqual(['Dispensers', 'Fire Safety', 'Pet Supplies']),
    );
    expect(category).toHaveAttribute('list', dialog().querySelector('datalist')!.id);
    expect(within(dialog()).queryByTestId('new-category-hint')).not.toBeInTheDocument();

    await user.type(category, 'Pet Suplies');
    const hint = within(dialog()).getByTestId('new-category-hint');
    expect(hint).toHaveTextContent(MESSAGES.newCategoryHint('Pet Suplies'));
    expect(hint).toHaveTextContent('New category: Pet Suplies — it will be created.');
    expect(category).toHaveAccessibleDescription(MESSAGES.newCategoryHint('Pet Suplies'));

    await user.clear(category);
    await user.type(category, 'Fire Safety');
    expect(within(dialog()).queryByTestId('new-category-hint')).not.toBeInTheDocument();
    expect(category).not.toHaveAccessibleDescription();
  });

  it('shows an inactive product with its Active switch off; Space turns it on and it is sent', async () => {
    let sent: [string, string][] = [];
    const inactive = { ...catalog[1]!, active: false };
    const { user } = await renderPage({
      'GET /api/products/admin/all': { body: [catalog[0], inactive] },
      'PUT /api/products/p3': (init) => {
        sent = formEntries(init);
        return { body: { ...inactive, active: true } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Dog Collar' }));
    const active = within(dialog()).getByRole('switch', { name: 'Active' });
    expect(active).toHaveAttribute('aria-checked', 'false');
    active.focus();
    await user.keyboard(' ');
    expect(active).toHaveAttribute('aria-checked', 'true');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(sent).toContainEqual(['active', 'true']));
  });
});

describe('Admin product form: adding', () => {
  it('requires a title and a price on every variant, and sends nothing until they are given', async () => {
    const { user, fetchMock } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(dialog()).toHaveAccessibleName('Add Product');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(within(dialog()).getByText('Title is required.')).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Title'), 'Hose');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Variant' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(within(dialog()).queryByText('Title is required.')).not.toBeInTheDocument();
    expect(within(dialog()).getByText('Variant price is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('refuses a negative price or stock', async () => {
    const { user, fetchMock } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(field('Price (₹)')).toHaveAttribute('min', '0');
    expect(field('Stock')).toHaveAttribute('min', '0');
    await user.type(field('Title'), 'Hose');
    await user.type(field('Price (₹)'), '-5');
    await user.type(field('Stock'), '-1');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(within(dialog()).getByText('Price must be 0 or more.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Stock must be 0 or more.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('sends the defaults as numbers: 0 for empty price, stock and threshold, active true, no variants', async () => {
    let sent: [string, string][] = [];
    const { user } = await renderPage({
      'POST /api/products': (init) => {
        sent = formEntries(init);
        return { status: 201, body: rawProduct('p9', { title: 'Hose', price: 0, stock: 0 }) };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(field('Title'), '  Hose  ');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      ['title', 'Hose'],
      ['description', ''],
      ['category', ''],
      ['brand', ''],
      ['price', '0'],
      // Changed on purpose: the form now sends the MRP (empty: none), docs/shop-rules.md#mrp.
      ['mrp', ''],
      ['stock', '0'],
      ['lowStockThreshold', '0'],
      // Changed on purpose: order quantities (docs/shop-rules.md#business-prices) and price on request (#quotes).
      ['minOrderQty', '1'],
      ['packSize', '1'],
      ['quantityBreaks', ''],
      ['active', 'true'],
      ['priceOnRequest', 'false'],
      // Changed on purpose: the form now sends the tax data too.
      ...DEFAULT_TAX_ENTRIES,
    ]);
    expect(screen.getByRole('article', { name: 'Hose' })).toBeInTheDocument();
  });

  it('sends every field, the variants under the API field names and the chosen images, with previews', async () => {
    let sent: [string, string][] = [];
    const { user } = await renderPage({
      'POST /api/products': (init) => {
        sent = formEntries(init);
        return {
          status: 201,
          body: rawProduct('p10', {
            title: 'Diesel Hose',
            variants: [
              { _id: 'n1', size: '5 m', price: 1200, stock: 4 },
              { _id: 'n2', size: null, price: 900, stock: 0 },
            ],
          }),
        };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(
      Array.from(dialog().querySelectorAll('datalist option')).map((option) => option.getAttribute('value')),
    ).toEqual(['Dispensers', 'Pet Supplies']);

    await user.type(field('Title'), 'Diesel Hose');
    await user.type(field('Description'), 'Rubber hose');
    await user.type(field('Category'), 'Dispensers');
    await user.type(field('Brand'), 'Gilbarco');
    await user.type(field('Price (₹)'), '999.5');
    await user.type(field('Stock'), '7');
    await user.type(field('Low-stock threshold'), '3');
    const active = within(dialog()).getByRole('switch', { name: 'Active' });
    expect(active).toHaveAttribute('aria-checked', 'true');
    await user.click(active);
    expect(active).toHaveAttribute('aria-checked', 'false');

    await user.upload(field('Add images'), [png('front.png'), png('side.png')]);
    const previews = within(within(dialog()).getByRole('list', { name: 'New images' })).getAllByRole('img');
    expect(previews.map((img) => img.getAttribute('src'))).toEqual(['blob:preview-1', 'blob:preview-2']);
    expect(previews[0]).toHaveAccessibleName('Preview of front.png');

    await user.click(within(dialog()).getByRole('button', { name: 'Add Variant' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Add Variant' }));
    await user.type(field('Variant 1 size'), '5 m');
    await user.type(field('Variant 1 price'), '1200');
    await user.type(field('Variant 1 stock'), '4');
    await user.type(field('Variant 2 price'), '900');
    expect(within(dialog()).getByText('Not used: the variants set the price.')).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      ['title', 'Diesel Hose'],
      ['description', 'Rubber hose'],
      ['category', 'Dispensers'],
      ['brand', 'Gilbarco'],
      ['price', '999.5'],
      // Not used with variants: sent empty (each variant sends its own MRP).
      ['mrp', ''],
      ['stock', '7'],
      ['lowStockThreshold', '3'],
      // Changed on purpose: order quantities (docs/shop-rules.md#business-prices) and price on request (#quotes).
      ['minOrderQty', '1'],
      ['packSize', '1'],
      ['quantityBreaks', ''],
      ['active', 'false'],
      ['priceOnRequest', 'false'],
      ['variants[0][size]', '5 m'],
      ['variants[0][price]', '1200'],
      ['variants[0][mrp]', ''],
      ['variants[0][stock]', '4'],
      ['variants[1][price]', '900'],
      ['variants[1][mrp]', ''],
      ['variants[1][stock]', '0'],
      // Changed on purpose: the form now sends the tax data too.
      ...DEFAULT_TAX_ENTRIES,
      ['images', 'front.png'],
      ['images', 'side.png'],
    ]);
    // The previews' object URLs are released when the modal closes.
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    expect(screen.getByRole('article', { name: 'Diesel Hose' })).toBeInTheDocument();
  });

  it('drops a chosen image before saving and releases its preview', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.upload(field('Add images'), [png('front.png'), png('side.png')]);
    await user.click(within(dialog()).getByRole('button', { name: 'Drop front.png' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    const previews = within(within(dialog()).getByRole('list', { name: 'New images' })).getAllByRole('img');
    expect(previews).toHaveLength(1);
    expect(previews[0]).toHaveAccessibleName('Preview of side.png');
  });

  it("shows the server's message in the modal when the save fails and keeps the form as typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderPage({
      'POST /api/products': { status: 413, body: { message: 'An uploaded file is larger than the 5 MB limit.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(field('Title'), 'Gold Nozzle');
    await user.type(field('Price (₹)'), '9999999');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'An uploaded file is larger than the 5 MB limit.',
    );
    expect(field('Title')).toHaveValue('Gold Nozzle');
    expect(field('Price (₹)')).toHaveValue(9999999);
    expect(within(dialog()).getByRole('button', { name: 'Save Product' })).toBeEnabled();
  });

  it('applies the limits of the shared product form schema before sending', async () => {
    const { user, fetchMock } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(field('Title'), 'Gold Nozzle');
    await user.type(field('Price (₹)'), '99999999');
    await user.type(field('Stock'), '1.5');
    await user.type(field('Low-stock threshold'), '-1');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(within(dialog()).getByText('Price must be at most 10000000.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Stock must be a whole number.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Low-stock threshold must be 0 or more.')).toBeInTheDocument();
    expect(field('Price (₹)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('shows a fallback message when the server gives none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderPage({
      'POST /api/products': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(field('Title'), 'Gold Nozzle');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(SAVE_FAILED);
  });

  it('closes on Cancel, on Escape and on a backdrop click', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Admin product form: editing', () => {
  it('fills the form and keeps existing variants by their _id; a variant without a size sends none', async () => {
    let sent: [string, string][] = [];
    const { user } = await renderPage({
      'PUT /api/products/p3': (init) => {
        sent = formEntries(init);
        return { body: rawProduct('p3', { ...catalog[1], title: 'Leather Dog Collar' }) };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Dog Collar' }));
    expect(dialog()).toHaveAccessibleName('Edit Product');
    expect(field('Title')).toHaveValue('Dog Collar');
    expect(field('Category')).toHaveValue('Pet Supplies');
    expect(within(dialog()).getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    expect(field('Variant 1 size')).toHaveValue('S');
    expect(field('Variant 2 size')).toHaveValue('');

    await user.clear(field('Title'));
    await user.type(field('Title'), 'Leather Dog Collar');
    await user.clear(field('Variant 1 price'));
    await user.type(field('Variant 1 price'), '275');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Variant' }));
    await user.type(field('Variant 3 size'), 'L');
    await user.type(field('Variant 3 price'), '350');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(sent.filter(([name]) => name.startsWith('variants'))).toEqual([
      ['variants[0][_id]', 'v1'],
      ['variants[0][size]', 'S'],
      ['variants[0][price]', '275'],
      ['variants[0][mrp]', ''],
      ['variants[0][stock]', '3'],
      ['variants[1][_id]', 'v2'],
      ['variants[1][price]', '300'],
      ['variants[1][mrp]', ''],
      ['variants[1][stock]', '0'],
      ['variants[2][size]', 'L'],
      ['variants[2][price]', '350'],
      ['variants[2][mrp]', ''],
      ['variants[2][stock]', '0'],
    ]);
    expect(sent).toContainEqual(['title', 'Leather Dog Collar']);
    expect(sent).toContainEqual(['lowStockThreshold', '1']);
    expect(sent).toContainEqual(['version', '7']);
    expect(sent.some(([name]) => name === 'images')).toBe(false);
    expect(screen.getByRole('article', { name: 'Leather Dog Collar' })).toBeInTheDocument();
  });

  it('removes a variant row so it is not sent', async () => {
    let sent: [string, string][] = [];
    const { user } = await renderPage({
      'PUT /api/products/p3': (init) => {
        sent = formEntries(init);
        return { body: catalog[1] };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Dog Collar' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove variant 1' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter(([name]) => name.startsWith('variants'))).toEqual([
      ['variants[0][_id]', 'v2'],
      ['variants[0][price]', '300'],
      ['variants[0][mrp]', ''],
      ['variants[0][stock]', '0'],
    ]);
  });

  it('removes an existing image through the server', async () => {
    const { user, fetchMock } = await renderPage({
      'POST /api/products/remove-image': { body: { ...catalog[0], images: [image('nozzle-2')] } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Fuel Dispenser Nozzle' }));
    const current = within(dialog()).getByRole('list', { name: 'Current images' });
    expect(within(current).getAllByRole('img')).toHaveLength(2);
    await user.click(within(dialog()).getByRole('button', { name: 'Remove current image 1' }));
    await waitFor(() => expect(within(current).getAllByRole('img')).toHaveLength(1));
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/products/remove-image'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ productId: 'p1', public_id: 'nozzle-1' });
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    const card = screen.getByRole('article', { name: 'Fuel Dispenser Nozzle' });
    expect(within(card).getByRole('img')).toHaveAttribute('src', '/uploads/nozzle-2.webp');
  });

  it("saves with the version the form's own image removal made, but not past another change", async () => {
    const sent: [string, string][][] = [];
    const { user } = await renderPage({
      'POST /api/products/remove-image': { body: { ...catalog[0], images: [image('nozzle-2')], version: 2 } },
      'PUT /api/products/p1': (init) => {
        sent.push(formEntries(init));
        return { body: { ...catalog[0], images: [image('nozzle-2')], version: 3 } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Fuel Dispenser Nozzle' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove current image 1' }));
    await waitFor(() =>
      expect(within(dialog()).getAllByRole('button', { name: /^Remove current image/ })).toHaveLength(1),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Loaded at version 1; the removal made it 2 and nothing else moved it.
    expect(sent[0]).toContainEqual(['version', '2']);
  });

  it('reloads the product into the form when the server says it changed since it was opened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fresh = rawProduct('p3', {
      ...catalog[1],
      description: 'Leather, now padded',
      variants: [
        { _id: 'v1', size: 'S', price: 250, stock: 1 },
        { _id: 'v2', size: null, price: 300, stock: 0 },
      ],
      stock: 1,
      version: 9,
    });
    const sent: [string, string][][] = [];
    const { user, fetchMock } = await renderPage({
      'PUT /api/products/p3': (init) => {
        sent.push(formEntries(init));
        return sent.length === 1
          ? { status: 409, body: { message: PRODUCT_CHANGED_MESSAGE } }
          : { body: { ...fresh, title: 'Padded Dog Collar', version: 10 } };
      },
      'GET /api/products/admin/p3': { body: fresh },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Dog Collar' }));
    await user.clear(field('Description'));
    await user.type(field('Description'), 'Leather, new text');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(PRODUCT_CHANGED_MESSAGE);
    await waitFor(() => expect(field('Description')).toHaveValue('Leather, now padded'));
    expect(alert).toHaveTextContent(RELOADED_NOTE);
    expect(field('Variant 1 stock')).toHaveValue(1);
    expect(sent[0]).toContainEqual(['version', '7']);
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/products/admin/p3'))).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Save Product' })).toBeEnabled();

    // Saved again from the reloaded values: the fresh version and stock go with it.
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Padded Dog Collar');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]).toContainEqual(['version', '9']);
    expect(sent[1]).toContainEqual(['variants[0][stock]', '1']);
    expect(sent[1]).toContainEqual(['description', 'Leather, now padded']);
    expect(screen.getByRole('article', { name: 'Padded Dog Collar' })).toBeInTheDocument();
  });

  it('keeps the form as typed on another 409 (a size that open orders hold)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = 'Size "S" has open orders and cannot be removed yet. Set its stock to 0 instead.';
    const { user, fetchMock } = await renderPage({
      'PUT /api/products/p3': { status: 409, body: { message: refusal } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Dog Collar' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove variant 1' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).not.toHaveTextContent(RELOADED_NOTE);
    expect(within(dialog()).queryByLabelText('Variant 2 size')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/products/admin/p3'))).toBe(false);
  });
});

describe('Admin product form: tax data', () => {
  const taxed = rawProduct('p5', {
    title: 'Fuel Dispenser',
    hsnCode: '84131100',
    gstRate: 18,
    countryOfOrigin: 'India',
    manufacturer: 'Tokheim India Pvt Ltd, Pune',
    bisLicence: null,
    pesoApproval: 'P/HQ/MH/15/1234',
    legalMetrologyApproval: 'IND/09/2019/123',
    version: 3,
  });

  async function renderTaxed(extra: Parameters<typeof mockFetch>[0] = {}) {
    const fetchMock = mockFetch({ 'GET /api/products/admin/all': { body: [...catalog, taxed] }, ...extra });
    renderWithStore(<ProductsPage />, { route: '/admin/products' });
    await screen.findByRole('article', { name: 'Fuel Dispenser' });
    return { fetchMock, user: userEvent.setup() };
  }

  it('sends the typed HSN code, GST rate, origin, manufacturer and certificates of a new product', async () => {
    let sent: [string, string][] = [];
    const { user } = await renderPage({
      'POST /api/products': (init) => {
        sent = formEntries(init);
        return { status: 201, body: rawProduct('p9', { title: 'Dip Rod' }) };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(field('Title'), 'Dip Rod');
    expect(field('GST rate')).toHaveValue('18');
    expect(
      within(field('GST rate'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(GST_RATES.map(String));
    expect(field('Country of origin')).toHaveValue('India');
    await user.type(field('HSN code'), '9017 80 10');
    await user.selectOptions(field('GST rate'), '5');
    await user.clear(field('Country of origin'));
    await user.type(field('Country of origin'), 'Germany');
    await user.type(field('Manufacturer'), 'Messtechnik GmbH, Hamburg');
    await user.type(field('BIS licence'), 'CM/L-1234567');
    await user.type(field('PESO approval'), 'P/HQ/1');
    await user.type(field('Legal Metrology approval'), 'IND/13/2020/77');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.slice(-12, -2)).toEqual([
      ['hsnCode', '9017 80 10'],
      ['gstRate', '5'],
      ['countryOfOrigin', 'Germany'],
      ['manufacturer', 'Messtechnik GmbH, Hamburg'],
      ['bisLicence', 'CM/L-1234567'],
      ['pesoApproval', 'P/HQ/1'],
      ['legalMetrologyApproval', 'IND/13/2020/77'],
      ['complianceCategory', ''],
      ['extinguisherType', ''],
      ['warrantyMonths', ''],
    ]);
  });

  it("fills an edit with the product's tax data and sends all of it; an emptied field is sent empty (cleared)", async () => {
    let sent: [string, string][] = [];
    const { user } = await renderTaxed({
      'PUT /api/products/p5': (init) => {
        sent = formEntries(init);
        return { body: taxed };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Fuel Dispenser' }));
    expect(field('HSN code')).toHaveValue('84131100');
    expect(field('GST rate')).toHaveValue('18');
    expect(field('Manufacturer')).toHaveValue('Tokheim India Pvt Ltd, Pune');
    expect(field('BIS licence')).toHaveValue('');
    expect(field('PESO approval')).toHaveValue('P/HQ/MH/15/1234');
    await user.selectOptions(field('GST rate'), '12');
    await user.clear(field('Legal Metrology approval'));
    // Equipment (docs/shop-rules.md#assets): the type waits for a fire extinguisher.
    expect(field('Extinguisher type')).toBeDisabled();
    await user.selectOptions(field('Compliance category'), 'fire-extinguisher');
    await user.selectOptions(field('Extinguisher type'), 'dry-powder');
    await user.type(field('Warranty (months)'), '24');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      sent.filter(([name]) => !['title', 'description', 'category', 'brand'].includes(name)).slice(-12, -2),
    ).toEqual([
      ['hsnCode', '84131100'],
      ['gstRate', '12'],
      ['countryOfOrigin', 'India'],
      ['manufacturer', 'Tokheim India Pvt Ltd, Pune'],
      ['bisLicence', ''],
      ['pesoApproval', 'P/HQ/MH/15/1234'],
      ['legalMetrologyApproval', ''],
      ['complianceCategory', 'fire-extinguisher'],
      ['extinguisherType', 'dry-powder'],
      ['warrantyMonths', '24'],
    ]);
  });

  it('names a malformed HSN code under its field and sends nothing', async () => {
    const { user, fetchMock } = await renderTaxed();
    await user.click(screen.getByRole('button', { name: 'Edit Fuel Dispenser' }));
    await user.clear(field('HSN code'));
    await user.type(field('HSN code'), '84131');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(field('HSN code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('HSN code')).toHaveAccessibleDescription(TAX_DATA_MESSAGES.hsnCodeFormat);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('an edit of a product whose answer carried no tax data sends only the tax fields typed', async () => {
    let sent: [string, string][] = [];
    const { user } = await renderPage({
      'PUT /api/products/p3': (init) => {
        sent = formEntries(init);
        return { body: catalog[1] };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Dog Collar' }));
    expect(field('GST rate')).toHaveValue('');
    await user.type(field('HSN code'), '42010000');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter(([name]) => DEFAULT_TAX_ENTRIES.some(([tax]) => tax === name))).toEqual([
      ['hsnCode', '42010000'],
    ]);
  });
});
