import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { count, eq, inArray, like } from 'drizzle-orm';
import {
  importDoneLineSchema,
  importDryRunResponseSchema,
  importLineSchema,
  PRODUCT_CSV_COLUMNS,
  productSchema,
  toPaise,
  type ImportDryRunResponse,
  type ImportLine,
} from '@pumpkart/shared';
import { auditEvents, productImages, products, productVariants } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm, testPng } from '../../test/catalog-factories';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';
import { addTestPicture, createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { EXPORT_BATCH_SIZE, productCsvBatches } from './csv-export';

let t: TestApp;
let adminToken: string;
let customerToken: string;

const HEADER = PRODUCT_CSV_COLUMNS.join(',');

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  customerToken = (await createTestUser(t.app)).token;
});
afterAll(() => t.close());

/** The rows of a CSV answer (BOM dropped), each as cells by column. */
function rowsOf(body: string): Record<string, string>[] {
  return parse(body, { bom: true, columns: true }) as Record<string, string>[];
}

async function exportCsv(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products/export.csv${query}`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

function post(path: 'dry-run' | 'apply', body: string | Buffer, token = adminToken) {
  return t.app.inject({
    method: 'POST',
    url: `/api/products/import/${path}`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: body,
  });
}

async function dryRun(body: string | Buffer): Promise<ImportDryRunResponse> {
  const res = await post('dry-run', body);
  expect(res.statusCode, res.body).toBe(200);
  return importDryRunResponseSchema.parse(res.json());
}

async function apply(body: string | Buffer): Promise<ImportLine[]> {
  const res = await post('apply', body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  return res.body
    .trim()
    .split('\n')
    .map((line) => importLineSchema.parse(JSON.parse(line)));
}

const doneOf = (lines: ImportLine[]) => importDoneLineSchema.parse(lines.at(-1));

/** A file line from cells by column (the rest empty); cells with a comma or quote are quoted. */
function line(cells: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>): string {
  return PRODUCT_CSV_COLUMNS.map((column) => {
    const cell = cells[column] ?? '';
    return /[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }).join(',');
}
const file = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';
const plain = (title: string, extra: Parameters<typeof line>[0] = {}) =>
  line({ title, category: 'Csv Pumps', price: '100.00', stock: '5', active: 'true', ...extra });

describe('GET /api/products/export.csv', () => {
  let sizedId: string;

  beforeAll(async () => {
    const { product } = await createTestProduct(t.db, {
      title: 'Csv Nozzle',
      category: 'Csv Pumps',
      brand: 'Gilbarco',
      variants: [
        { size: 'Small', price: 1850, stock: 4 },
        { size: 'Large', price: 2199.5, stock: 0 },
      ],
    });
    sizedId = product.id;
    await t.db
      .update(products)
      .set({ hsnCode: '84131100', gstRate: 12, manufacturer: '=HYPERLINK("x")', bisLicence: 'CM/L-123' })
      .where(eq(products.id, sizedId));
    await createTestProduct(t.db, { title: 'Csv Hose', category: 'Csv Pumps', brand: 'Wayne', price: 499, stock: 7 });
    await createTestProduct(t.db, { title: 'Elsewhere', category: 'Other', price: 10 });
  });

  it('answers the filtered view, one row per size, rupees with two decimals, tax data, formulas made safe', async () => {
    const res = await exportCsv('?category=Csv%20Pumps&sort=title');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);
    const rows = rowsOf(res.body);
    expect(rows.map((row) => [row.title, row.variant_size, row.variant_price, row.price])).toEqual([
      ['Csv Hose', '', '', '499.00'],
      ['Csv Nozzle', 'Small', '1850.00', '1850.00'],
      ['Csv Nozzle', 'Large', '2199.50', '1850.00'],
    ]);
    const [hose, small] = rows;
    expect(hose).toMatchObject({ gst_rate: '18', country_of_origin: 'India', hsn_code: '', active: 'true' });
    expect(small).toMatchObject({
      id: sizedId,
      hsn_code: '84131100',
      gst_rate: '12',
      bis_licence: 'CM/L-123',
      manufacturer: `'=HYPERLINK("x")`,
      stock: '4',
      variant_stock: '4',
      brand: 'Gilbarco',
    });
  });

  it('refuses a customer (403) and a stranger (401)', async () => {
    const forCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/products/export.csv',
      headers: bearer(customerToken),
    });
    expect(forCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/export.csv' })).statusCode).toBe(401);
  });

  it('a file exported and imported again changes nothing', async () => {
    const exported = (await exportCsv('?category=Csv%20Pumps')).body;
    const report = await dryRun(exported);
    expect(report.summary).toMatchObject({ rows: 3, products: 2, unchanged: 2, refused: 0, create: 0, update: 0 });
  });
});

describe('the export of 3,000 products', () => {
  const COUNT = 3000;
  beforeAll(async () => {
    const rows = Array.from({ length: COUNT }, (_, index) => ({
      title: `Bulk ${String(index).padStart(4, '0')}`,
      category: 'Bulk Export',
      pricePaise: toPaise(10 + (index % 97)),
      stock: index % 13,
      createdAt: new Date(Date.UTC(2025, 0, 1) + (index % 50) * 1000),
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await t.db.insert(products).values(rows.slice(start, start + 500));
    }
  });

  it('arrives complete and in the order asked, for every sort', async () => {
    for (const sort of ['newest', 'title', 'price_desc', 'stock_asc']) {
      const rows = rowsOf((await exportCsv(`?category=Bulk%20Export&sort=${sort}`)).body);
      expect(rows).toHaveLength(COUNT);
      expect(new Set(rows.map((row) => row.id)).size).toBe(COUNT);
      if (sort === 'title') {
        expect(rows.map((row) => row.title)).toEqual([...rows.map((row) => row.title)].sort());
      }
      if (sort === 'price_desc') {
        const prices = rows.map((row) => Number(row.price));
        expect(prices).toEqual([...prices].sort((a, b) => b - a));
      }
      if (sort === 'stock_asc') {
        const stock = rows.map((row) => Number(row.stock));
        expect(stock).toEqual([...stock].sort((a, b) => a - b));
      }
    }
  });

  it(`is read ${EXPORT_BATCH_SIZE} products at a time, never all at once`, async () => {
    const sizes: number[] = [];
    for await (const batch of productCsvBatches(
      { db: t.db, storage: t.app.ctx.storage },
      { category: 'Bulk Export', sort: 'newest' },
    )) {
      sizes.push(batch.length);
    }
    expect(sizes).toEqual([500, 500, 500, 500, 500, 500]);
  });
});

/** The cells createTestProduct gives a product without sizes, as the file writes them. */
const EXISTING = { description: 'A product made for a test.', brand: 'TestBrand', stock: '10' };

describe('POST /api/products/import/dry-run', () => {
  let existingId: string;
  beforeAll(async () => {
    existingId = (await createTestProduct(t.db, { title: 'Csv Existing', category: 'Csv Pumps', price: 300 })).product
      .id;
    await addTestPicture(t.db, existingId);
  });

  it('says per row what would be created, updated or refused, and why, writing nothing', async () => {
    const before = await t.db.select({ id: products.id }).from(products);
    const report = await dryRun(
      file(
        plain('New Gauge', { price: '250.50' }), // 2: create
        plain('Csv Existing', { ...EXISTING, id: existingId, price: '350.00' }), // 3: update
        plain('Bad Price', { price: 'abc' }), // 4
        plain('Nowhere', { category: 'Unheard Of' }), // 5
        plain(''), // 6: missing title
        plain('Bad Hsn', { hsn_code: '12345' }), // 7
        plain('Bad Gst', { gst_rate: '7' }), // 8
        plain('New Gauge', { price: '99.00' }), // 9: duplicate title (no size) of row 2
        plain('Csv Existing', { id: existingId }), // 10: same id again, not next to its rows
        plain('Ghost', { id: '00000000-0000-4000-8000-000000000000' }), // 11
        plain('Foreign Image', { images: 'https://example.com/a.jpg' }), // 12
        plain('Sized', { variant_size: 'S', variant_price: '10.00', variant_stock: '1' }), // 13
        plain('Sized', { variant_size: 'M', variant_price: '-4', variant_stock: '1' }), // 14: bad variant price
        plain('Sized', { variant_size: 'S', variant_price: '12.00', variant_stock: '1' }), // 15: size twice
      ),
    );
    expect(report.summary).toEqual({ rows: 14, products: 12, create: 1, update: 1, unchanged: 0, refused: 10 });
    const byRow = new Map(report.rows.map((row) => [row.row, row]));
    expect(byRow.get(2)).toMatchObject({ action: 'create', title: 'New Gauge', reasons: [] });
    expect(byRow.get(3)).toMatchObject({ action: 'update', productId: existingId, reasons: ['price'] });
    const reasons = (row: number) => byRow.get(row)?.reasons.join(' ');
    expect(byRow.get(4)?.action).toBe('refused');
    expect(reasons(4)).toBe('Price must be a number.');
    expect(reasons(5)).toMatch(/^Unknown category 'Unheard Of': no product has it yet/);
    expect(reasons(6)).toBe('Title is required.');
    expect(reasons(7)).toBe('HSN code must be 4, 6 or 8 digits.');
    expect(reasons(8)).toMatch(/^GST rate must be one of/);
    expect(reasons(9)).toBe('Duplicate: row 2 has the same title and size.');
    expect(reasons(10)).toMatch(/^Duplicate: the id is on row 3 too/);
    expect(reasons(11)).toMatch(/^No product has the id 00000000-/);
    expect(reasons(12)).toMatch(/^The image 'https:\/\/example.com\/a.jpg' is not an image of this shop/);
    // A product's rows go together: one bad size refuses the product, every row of it.
    expect(byRow.get(13)).toMatchObject({
      action: 'refused',
      reasons: ['Refused with the rest of its product (row 13).'],
    });
    expect(reasons(14)).toBe('Variant price must be 0 or more.');
    expect(reasons(15)).toBe("Duplicate: the size 'S' is on row 13 too.");
    expect(await t.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it.each([
    ['an empty file', '', /^The file is empty/],
    ['a header alone', `${HEADER}\r\n`, /^The file has a header but no product rows/],
    ['an image', 'png', /^This is not a CSV file/],
    ['an unknown column', file().replace('images', 'photos'), /Unknown column 'photos'\. Missing column: images\./],
    [
      'a missing column',
      `title,price\r\nA,1\r\n`,
      /^The first row is not the products CSV header: Missing columns: id, /,
    ],
    [
      'an unclosed quote',
      file(plain('"Open quote')).replace('"""Open quote"', '"Open quote'),
      /quoted cell opened at row 2 is never closed/,
    ],
    ['a short row', `${HEADER}\r\nA,B\r\n`, /^Row 2 has a different number of cells than the header/],
  ])('refuses %s with 400', async (_name, body, message) => {
    const payload = body === 'png' ? await testPng(20, 20) : body;
    const res = await post('dry-run', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a file sent as JSON or as a form, naming how to send it (400)', async () => {
    for (const payload of [{ csv: file(plain('X')) }, productForm({ title: 'X' })]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/import/dry-run',
        headers: bearer(adminToken),
        payload: payload as never,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^Send the file itself as the body, with Content-Type: text\/csv/);
    }
  });

  it('refuses a customer (403) and a stranger (401)', async () => {
    expect((await post('dry-run', file(plain('X')), customerToken)).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import/apply',
      headers: { 'content-type': 'text/csv' },
      payload: file(plain('X')),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/products/import/apply', () => {
  it('creates and updates, sizes and all, records each in the audit trail, and streams its progress', async () => {
    const { product } = await createTestProduct(t.db, {
      title: 'Csv Update Me',
      category: 'Csv Pumps',
      variants: [{ size: 'One', price: 10, stock: 1 }],
    });
    const lines = await apply(
      file(
        plain('Csv Created', {
          hsn_code: '8413',
          gst_rate: '5',
          variant_size: 'A',
          variant_price: '20.00',
          variant_stock: '2',
        }),
        plain('Csv Created', {
          hsn_code: '8413',
          gst_rate: '5',
          variant_size: 'B',
          variant_price: '15.00',
          variant_stock: '3',
        }),
        plain('Csv Update Me', {
          id: product.id,
          version: '0',
          description: 'Now described',
          variant_size: 'One',
          variant_price: '12.00',
          variant_stock: '9',
        }),
        plain('Csv Refused', { price: 'x' }),
      ),
    );
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 4 });
    expect(lines.at(-2)).toEqual({ type: 'progress', done: 4, total: 4 });
    const done = doneOf(lines);
    expect(done.summary).toMatchObject({ create: 1, update: 1, refused: 1 });
    const created = done.rows.find((row) => row.title === 'Csv Created')!;
    expect(created.productId).toBeTruthy();

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/admin/${created.productId}`,
      headers: bearer(adminToken),
    });
    const dto = productSchema.parse(res.json());
    expect(dto).toMatchObject({ price: 15, stock: 5, hsnCode: '8413', gstRate: 5, category: 'Csv Pumps' });
    expect(dto.variants.map((v) => [v.size, v.price, v.stock])).toEqual([
      ['A', 20, 2],
      ['B', 15, 3],
    ]);
    const [updated] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(updated).toMatchObject({ description: 'Now described', pricePaise: 1200, stock: 9, version: 1 });

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.entityId, [created.productId!, product.id]));
    expect(events.map((event) => event.kind).sort()).toEqual(['product.created', 'product.updated']);
    const [refusedRow] = await t.db.select().from(products).where(eq(products.title, 'Csv Refused'));
    expect(refusedRow).toBeUndefined();
  });

  it('a product that fails to write is refused whole and never undoes the others of its batch', async () => {
    // The import drops the size 'Held', which an open order holds: the database work refuses it (409), after
    // the dry run said "update". The new product of the same batch is still written.
    const { product, variants } = await createTestProduct(t.db, {
      title: 'Csv Held',
      category: 'Csv Pumps',
      variants: [
        { size: 'Held', price: 40, stock: 5 },
        { size: 'Free', price: 50, stock: 5 },
      ],
    });
    const customer = await createTestUser(t.app);
    const held = variants[0]!;
    await placeOrderOk(t.app, customer.token, orderBody([{ product, variant: held }], { paymentMode: 'online' }));
    const sized = { ...EXISTING, stock: '', variant_size: 'Free', variant_price: '55.00', variant_stock: '5' };
    const [{ version }] = (await t.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, product.id))) as [{ version: number }];
    const heldRow = { ...sized, id: product.id, version: String(version) };
    const body = file(plain('Csv Before'), plain('Csv Held', heldRow), plain('Csv After'));
    expect((await dryRun(body)).summary).toMatchObject({ create: 2, update: 1, refused: 0 });
    const [before] = await t.db.select().from(products).where(eq(products.id, product.id));

    const done = doneOf(await apply(body));
    expect(done.summary).toMatchObject({ create: 2, update: 0, refused: 1 });
    expect(done.rows.find((row) => row.row === 3)).toMatchObject({
      action: 'refused',
      reasons: ['Size "Held" has open orders and cannot be removed yet. Set its stock to 0 instead.'],
    });
    const [unchanged] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(unchanged).toEqual(before);
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, product.id))).toHaveLength(2);
    for (const title of ['Csv Before', 'Csv After']) {
      expect(await t.db.select().from(products).where(eq(products.title, title))).toHaveLength(1);
    }
  });

  it("keeps, orders and copies the shop's images by their URLs; empty keeps them", async () => {
    const form = productForm(
      { title: 'Csv Pictured', category: 'Csv Pumps', price: 5 },
      {
        images: [
          { name: 'a.png', data: await testPng(400, 300, '#aa0000') },
          { name: 'b.png', data: await testPng(400, 300, '#00aa00') },
        ],
      },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(adminToken),
      payload: form as never,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pictured = productSchema.parse(created.json());
    const [first, second] = pictured.images.map((image) => image.url);
    const lines = await apply(
      file(
        plain('Csv Pictured', {
          id: pictured._id,
          version: String(pictured.version),
          price: '5.00',
          images: `${second} | ${first}`,
        }),
        plain('Csv Copy', { images: `http://shop.example${first}` }),
      ),
    );
    const done = doneOf(lines);
    expect(done.summary).toMatchObject({ update: 1, create: 1 });
    const order = await t.db
      .select({ publicId: productImages.publicId, position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, pictured._id));
    expect(order.sort((a, b) => a.position - b.position).map((row) => row.publicId)).toEqual([
      pictured.images[1]!.public_id,
      pictured.images[0]!.public_id,
    ]);
    const copyId = done.rows.find((row) => row.title === 'Csv Copy')!.productId!;
    const copy = await t.db.select().from(productImages).where(eq(productImages.productId, copyId));
    expect(copy).toHaveLength(1);
    expect(copy[0]!.publicId).not.toBe(pictured.images[0]!.public_id);

    // Empty keeps them.
    const kept = doneOf(
      await apply(
        file(plain('Csv Pictured', { id: pictured._id, version: String(pictured.version! + 1), price: '6.00' })),
      ),
    );
    expect(kept.summary).toMatchObject({ update: 1 });
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, pictured._id))).toHaveLength(2);
  });

  it(
    'applies 10,000 rows (5,000 products of 2 sizes), reporting progress as it goes',
    { timeout: 240_000 },
    async () => {
      const rows: string[] = [];
      for (let index = 0; index < 5000; index += 1) {
        for (const size of ['S', 'L']) {
          rows.push(
            plain(`Mass ${index}`, {
              hsn_code: '8413',
              variant_size: size,
              variant_price: size === 'S' ? '100.00' : '150.00',
              variant_stock: '3',
            }),
          );
        }
      }
      // How long it takes is a figure of bench/csv-import.ts, not a timed test.
      const lines = await apply(file(...rows));
      const done = doneOf(lines);
      expect(done.summary).toMatchObject({ rows: 10_000, products: 5000, create: 5000, refused: 0 });
      expect(lines.filter((entry) => entry.type === 'progress').length).toBeGreaterThan(10);
      const [variants] = await t.db
        .select({ n: count() })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(like(products.title, 'Mass %'));
      expect(variants?.n).toBe(10_000);
    },
  );
});

describe('the version column: an import never puts back stock that buyers took', () => {
  beforeAll(() => createTestProduct(t.db, { title: 'Csv Versioned', category: 'Csv Pumps' }));
  /** The file's rows of one product, from an export of its title, with `change` made to each row. */
  async function exportedRowsOf(title: string, change: Parameters<typeof line>[0] = {}) {
    const rows = rowsOf((await exportCsv(`?search=${encodeURIComponent(title)}`)).body);
    return rows.map((row) => line({ ...row, ...change }));
  }
  const customer = () => createTestUser(t.app);
  const stored = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

  it('export at stock 5, a buyer orders 2, the old file with a new price: refused, stock stays 3', async () => {
    const { product } = await createTestProduct(t.db, {
      title: 'Csv Story Hose',
      category: 'Csv Pumps',
      price: 100,
      stock: 5,
    });
    await addTestPicture(t.db, product.id);
    const oldFile = file(...(await exportedRowsOf('Csv Story Hose', { price: '120.00' })));
    expect(oldFile).toContain(`${product.id},0,`);
    await placeOrderOk(t.app, (await customer()).token, orderBody([{ product, quantity: 2 }]));
    expect((await stored(product.id)).stock).toBe(3);

    const report = await dryRun(oldFile);
    expect(report.summary).toMatchObject({ update: 0, refused: 1 });
    const [row] = report.rows;
    expect(row).toMatchObject({ action: 'refused', productId: product.id });
    expect(row!.reasons).toEqual([
      expect.stringMatching(/^This product changed since the file was exported \(version 0, now 1\)/),
    ]);
    expect(row!.reasons).not.toContain('stock');

    const done = doneOf(await apply(oldFile));
    expect(done.summary).toMatchObject({ update: 0, refused: 1 });
    expect(await stored(product.id)).toMatchObject({ stock: 3, pricePaise: 10_000, version: 1 });

    // Exported again: the price alone changes, and stock is not listed as a change.
    const freshFile = file(...(await exportedRowsOf('Csv Story Hose', { price: '120.00' })));
    expect((await dryRun(freshFile)).rows[0]).toMatchObject({ action: 'update', reasons: ['price'] });
    expect(doneOf(await apply(freshFile)).summary).toMatchObject({ update: 1 });
    expect(await stored(product.id)).toMatchObject({ stock: 3, pricePaise: 12_000, version: 2 });
    // The same file again changes nothing: unchanged, not refused, though its version is now old.
    expect((await dryRun(freshFile)).summary).toMatchObject({ unchanged: 1, refused: 0 });
  });

  it("guards sizes by their product's version: a size ordered since refuses the old file", async () => {
    const { product, variants } = await createTestProduct(t.db, {
      title: 'Csv Story Vest',
      category: 'Csv Pumps',
      variants: [
        { size: 'M', price: 200, stock: 5 },
        { size: 'L', price: 220, stock: 5 },
      ],
    });
    const oldFile = file(...(await exportedRowsOf('Csv Story Vest', { description: 'Reflective' })));
    await placeOrderOk(t.app, (await customer()).token, orderBody([{ product, variant: variants[0]!, quantity: 2 }]));
    const report = await dryRun(oldFile);
    expect(report.summary).toMatchObject({ refused: 1 });
    expect(report.rows[0]!.reasons[0]).toMatch(/^This product changed since the file was exported/);
    await apply(oldFile);
    const sizes = await t.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(sizes.map((size) => size.stock).sort()).toEqual([3, 5]);
  });

  it('a row of an existing product without a version changes anything but its stock', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Csv No Version', category: 'Csv Pumps', price: 50 });
    await addTestPicture(t.db, product.id);
    const cells = { ...EXISTING, id: product.id };
    const priced = await dryRun(file(plain('Csv No Version', { ...cells, price: '55.00' })));
    expect(priced.rows[0]).toMatchObject({ action: 'update', reasons: ['price'] });
    const restocked = await dryRun(file(plain('Csv No Version', { ...cells, stock: '99' })));
    expect(restocked.rows[0]).toMatchObject({ action: 'refused' });
    expect(restocked.rows[0]!.reasons[0]).toMatch(
      /^The stock of an existing product is changed only from a file with the export's version column.*\(10\)\.$/,
    );
    const badVersion = await dryRun(file(plain('Csv No Version', { ...cells, version: 'v2' })));
    expect(badVersion.rows[0]!.reasons).toEqual([
      "The version 'v2' is not a whole number: keep the value the export wrote in it.",
    ]);
  });

  it('a file without the version column still creates products', async () => {
    const columns = PRODUCT_CSV_COLUMNS.filter((column) => column !== 'version');
    const row = { title: 'Csv Versionless', category: 'Csv Pumps', price: '10.00', stock: '1' } as Record<
      string,
      string
    >;
    const body = [columns.join(','), columns.map((column) => row[column] ?? '').join(',')].join('\r\n');
    expect((await dryRun(body)).summary).toMatchObject({ create: 1, refused: 0 });
  });
});

describe('the encoding of an import file', () => {
  beforeAll(() => createTestProduct(t.db, { title: 'Csv Encoded', category: 'Csv Encodings' }));
  const row = (title: string) => plain(title, { category: 'Csv Encodings', description: 'Crème, 20 °C' });
  /** Windows-1252 bytes written out by hand (é E9, è E8, ° B0, – 96, Ø D8), not by the decoder under test. */
  const cp1252 = (text: string) =>
    Buffer.from(
      [...text].map((char) => ({ é: 0xe9, è: 0xe8, '°': 0xb0, '–': 0x96, Ø: 0xd8 })[char] ?? char.charCodeAt(0)),
    );
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

  it.each([
    ['Windows-1252 (Excel\'s "CSV" on an Indian office PC)', 'windows-1252', (text: string) => cp1252(text)],
    ['UTF-8 without a byte-order mark', 'utf-8', (text: string) => Buffer.from(text, 'utf8')],
    ['UTF-8 with a byte-order mark', 'utf-8', (text: string) => Buffer.from(`\uFEFF${text}`, 'utf8')],
    ['UTF-16 LE with a byte-order mark', 'utf-16le', (text: string) => Buffer.from(`\uFEFF${text}`, 'utf16le')],
    ['UTF-16 BE with a byte-order mark', 'utf-16be', (text: string) => utf16be(`\uFEFF${text}`)],
  ])('reads %s with its accents, and says so', async (name, encoding, bytesOf) => {
    const title = `Café Nozzle – Ø ${encoding} ${name.length}`;
    const body = bytesOf(file(row(title)));
    const report = await dryRun(body);
    expect(report.encoding).toBe(encoding);
    expect(report.rows[0]).toMatchObject({ action: 'create', title });

    const done = doneOf(await apply(body));
    expect(done.encoding).toBe(encoding);
    const [stored] = await t.db.select().from(products).where(eq(products.id, done.rows[0]!.productId!));
    expect(stored).toMatchObject({ title, description: 'Crème, 20 °C' });
  });

  it('refuses UTF-16 without its byte-order mark as not text (400), writing nothing', async () => {
    const res = await post('dry-run', Buffer.from(file(row('No Mark')), 'utf16le'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^This is not a CSV file/);
  });
});

describe('an imported product on sale needs a price, a category and a picture', () => {
  it('imports a row that would be active without them as a draft, saying what it lacks', async () => {
    await createTestProduct(t.db, { title: 'Csv Sale Seed', category: 'Csv Sale' });
    const body = file(
      plain('Csv No Picture', { category: 'Csv Sale' }),
      plain('Csv Parked', { active: 'false', category: 'Csv Sale' }),
    );
    const report = await dryRun(body);
    expect(report.rows[0]).toMatchObject({
      action: 'create',
      notice: 'Stored as a draft (inactive): it needs a picture before it can be active.',
    });
    expect(report.rows[1]!.notice).toBeUndefined();
    const done = doneOf(await apply(body));
    const [stored] = await t.db.select().from(products).where(eq(products.id, done.rows[0]!.productId!));
    expect(stored!.active).toBe(false);
  });
});
