import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { productSavedSchema, productSchema, type ProductDto } from '@pumpkart/shared';
import {
  auditEvents,
  cartItems,
  carts,
  orderItems,
  orders,
  productImages,
  products,
  productVariants,
} from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  productForm,
  rotatedJpeg,
  testPng,
  uploadedFile,
  uploadExists,
  type FormImage,
} from '../../test/catalog-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';

let t: TestApp;
let adminToken: string;
let customerToken: string;
let customerId: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  const customer = await createTestUser(t.app);
  customerToken = customer.token;
  customerId = customer.user.id;
  png = await testPng(1200, 900);
});
afterAll(() => t?.close());

const UNKNOWN_ID = '8a1c7a4e-1111-4c22-9c33-123456789abc';
const image = (name = 'pump.png', data = png): FormImage => ({ name, data });
const uploadsDir = () => path.join(t.config.DATA_DIR, 'uploads', 'products');
const storedImageDirs = () => {
  try {
    return readdirSync(uploadsDir());
  } catch {
    return [];
  }
};
const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;

function send(method: 'POST' | 'PUT', url: string, payload: FormData | object, token = adminToken) {
  return t.app.inject({ method, url, headers: bearer(token), payload: payload as FormData });
}
const create = (form: FormData, token?: string) => send('POST', '/api/products', form, token);
const edit = (id: string, form: FormData | object, token?: string) => send('PUT', `/api/products/${id}`, form, token);

async function createValid(
  fields: Record<string, string | number> = {},
  options: Parameters<typeof productForm>[1] = {},
) {
  // A picture by default: an active product needs one (docs/shop-rules.md#on-sale).
  const res = await create(
    productForm(
      { title: 'Test Dispenser', category: 'Fuel Dispensers', brand: 'Gilbarco', price: 1000, stock: 5, ...fields },
      { images: [image()], ...options },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

describe('permissions', () => {
  it.each([
    ['POST', '/api/products'],
    ['PUT', `/api/products/${UNKNOWN_ID}`],
    ['POST', '/api/products/remove-image'],
    ['DELETE', `/api/products/${UNKNOWN_ID}`],
    ['DELETE', `/api/products/${UNKNOWN_ID}/destroy`],
  ] as const)('%s %s answers 401 without a token and 403 for a customer', async (method, url) => {
    const visitor = await t.app.inject({ method, url, payload: method === 'DELETE' ? undefined : {} });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toEqual(expect.any(String));
    const customer = await t.app.inject({
      method,
      url,
      headers: bearer(customerToken),
      payload: method === 'DELETE' ? undefined : {},
    });
    expect(customer.statusCode).toBe(403);
  });

  it('refuses a customer before reading the upload, and writes nothing', async () => {
    const before = await productCount();
    const res = await create(productForm({ title: 'Sneaky' }, { images: [image()] }), customerToken);
    expect(res.statusCode).toBe(403);
    expect(await productCount()).toBe(before);
  });
});

describe('POST /api/products', () => {
  it('creates a product with variants and images (201, the full product)', async () => {
    const res = await create(
      productForm(
        {
          title: '  Attendant Uniform  ',
          description: 'Cotton shirt and trousers',
          category: 'Safety Gear & Uniforms',
          brand: 'Unistar',
          price: 5,
          stock: 99,
          lowStockThreshold: 4,
          active: 'true',
        },
        {
          variants: [
            { size: 'M', price: 899, stock: 3 },
            { size: 'L', price: 949.5, stock: 0 },
            { size: 'S', price: 849, stock: 7 },
          ],
          images: [image('front.png'), image('back.png', await testPng(500, 500, '#118833'))],
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const product = productSchema.parse(res.json());
    expect(product).toMatchObject({
      title: 'Attendant Uniform',
      description: 'Cotton shirt and trousers',
      category: 'Safety Gear & Uniforms',
      brand: 'Unistar',
      // With variants: cheapest variant price and the sum of variant stock, not the form's price/stock.
      price: 849,
      stock: 10,
      lowStockThreshold: 4,
      availability: 'In Stock',
      active: true,
    });
    expect(product.variants.map(({ size, price, stock }) => ({ size, price, stock }))).toEqual([
      { size: 'M', price: 899, stock: 3 },
      { size: 'L', price: 949.5, stock: 0 },
      { size: 'S', price: 849, stock: 7 },
    ]);
    const [front, back] = product.images;
    expect(front!.public_id).toMatch(/^products\/[0-9a-f-]{36}$/);
    expect(front!.sizes.map((size) => size.width)).toEqual([320, 480, 640, 1024]);
    expect(front!.url).toBe(`/uploads/${front!.public_id}/640.webp`);
    expect([front!.width, front!.height]).toEqual([640, 480]);
    // Never upscaled: a 500 px image has renditions 320, 480 and 500 only.
    expect(back!.sizes.map((size) => size.width)).toEqual([320, 480, 500]);
    expect(back!.url).toBe(`/uploads/${back!.public_id}/500.webp`);
    expect([back!.width, back!.height]).toEqual([500, 500]);
    for (const size of [...front!.sizes, ...back!.sizes]) {
      expect(uploadExists(t, size.url)).toBe(true);
      const meta = await sharp(uploadedFile(t, size.url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(size.width);
    }
    const served = await t.app.inject({ method: 'GET', url: front!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('uses the form price and stock when there are no variants', async () => {
    const product = await createValid({ price: 1234.5, stock: 0, active: 'false' });
    expect(product).toMatchObject({
      price: 1234.5,
      stock: 0,
      availability: 'Out of Stock',
      active: false,
      variants: [],
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ pricePaise: 123450, stock: 0 });
  });

  it('a product saved with only a title is a draft, not live at ₹0 in Uncategorized, and says what it lacks', async () => {
    const res = await create(productForm({ title: 'Bare', price: '', stock: '' }));
    expect(res.statusCode).toBe(201);
    const saved = productSavedSchema.parse(res.json());
    expect(saved).toMatchObject({
      price: 0,
      stock: 0,
      category: 'Uncategorized',
      brand: '',
      active: false,
      images: [],
    });
    expect(saved.notice).toBe(
      '"Bare" was saved as a draft (not on sale): it needs a price above ₹0, a category (not Uncategorized) and a ' +
        'picture before it can be active.',
    );
    // Not on the storefront: neither its own page nor the home view.
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${saved._id}` })).statusCode).toBe(404);
    const home = await t.app.inject({ method: 'GET', url: '/api/products?view=home' });
    expect(home.body).not.toContain(saved._id);
    // Switching it on is refused, saying what it still lacks.
    const toggled = await edit(saved._id, { active: true });
    expect(toggled.statusCode).toBe(409);
    expect(toggled.json().message).toBe(
      '"Bare" cannot be active yet: it needs a price above ₹0, a category (not Uncategorized) and a picture.',
    );
  });

  it('goes live once it has a price, a category and a picture; a size at ₹0 keeps it a draft', async () => {
    const draft = productSavedSchema.parse(
      (await create(productForm({ title: 'Half Done', category: 'Fuel Dispensers', price: 10 }))).json(),
    );
    expect(draft).toMatchObject({ active: false });
    expect(draft.notice).toMatch(/it needs a picture before it can be active\.$/);
    const done = await edit(
      draft._id,
      productForm({ title: 'Half Done', category: 'Fuel Dispensers', price: 10 }, { images: [image()] }),
    );
    expect(done.statusCode, done.body).toBe(200);
    const live = productSavedSchema.parse(done.json());
    expect(live.active).toBe(true);
    expect(live.notice).toBeUndefined();

    const sized = await create(
      productForm(
        { title: 'Free Size', category: 'Fuel Dispensers' },
        {
          variants: [
            { size: 'S', price: 0, stock: 1 },
            { size: 'L', price: 20, stock: 1 },
          ],
          images: [image()],
        },
      ),
    );
    expect(productSavedSchema.parse(sized.json())).toMatchObject({
      active: false,
      notice:
        '"Free Size" was saved as a draft (not on sale): it needs a price above ₹0 for every size before it can be active.',
    });
    // Asked inactive: no notice.
    const inactive = await create(productForm({ title: 'Parked', active: 'false' }));
    expect(productSavedSchema.parse(inactive.json()).notice).toBeUndefined();
  });

  it('auto-rotates images and strips their metadata', async () => {
    const product = await createValid(
      {},
      { images: [{ name: 'camera.jpg', data: await rotatedJpeg(), type: 'image/jpeg' }] },
    );
    const [photo] = product.images;
    expect([photo!.width, photo!.height]).toEqual([200, 400]);
    const meta = await sharp(uploadedFile(t, photo!.url)).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it.each<[string, Record<string, string | number>, RegExp]>([
    ['a missing title', { price: 100 }, /title/i],
    ['a blank title', { title: '   ', price: 100 }, /title/i],
    ['a negative price', { title: 'X', price: -1 }, /price/i],
    ['a price that is not a number', { title: 'X', price: 'ten' }, /price/i],
    ['a fractional stock', { title: 'X', stock: 2.5 }, /stock/i],
    ['a negative stock', { title: 'X', stock: -3 }, /stock/i],
    ['an absurd price', { title: 'X', price: 1e12 }, /price/i],
    ['an active flag that is not true/false', { title: 'X', active: 'maybe' }, /active/i],
  ])('refuses %s with 400 naming the problem, writing nothing', async (_case, fields, pattern) => {
    const before = await productCount();
    const dirs = storedImageDirs().length;
    const res = await create(productForm(fields, { images: [image()] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(pattern);
    expect(await productCount()).toBe(before);
    expect(storedImageDirs()).toHaveLength(dirs);
  });

  it.each([
    [[{ size: 'S', stock: 2 }], /variant price is required/i],
    [[{ size: 'S', price: -5, stock: 2 }], /variant price/i],
    [[{ size: 'S', price: 10, stock: -2 }], /stock/i],
    [[{ _id: 'nope', size: 'S', price: 10 }], /id/i],
  ])('refuses bad variants %o with 400', async (variants, pattern) => {
    const before = await productCount();
    const res = await create(productForm({ title: 'Variant test' }, { variants }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(pattern);
    expect(await productCount()).toBe(before);
  });

  it('refuses a text file renamed .png with 400 naming the file, storing nothing', async () => {
    const before = await productCount();
    const dirs = storedImageDirs().length;
    const res = await create(
      productForm(
        { title: 'Fake image' },
        { images: [image('good.png'), { name: 'notes.png', data: Buffer.from('just some text, not a picture') }] },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/notes\.png/);
    expect(await productCount()).toBe(before);
    // The good image, processed before the bad one was found, is removed again.
    expect(storedImageDirs()).toHaveLength(dirs);
  });

  it('refuses a damaged image and absurd dimensions with 400', async () => {
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const damaged = await create(productForm({ title: 'Damaged' }, { images: [image('half.png', truncated)] }));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toMatch(/half\.png/);
    const strip = await sharp({ create: { width: 12_000, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const absurd = await create(productForm({ title: 'Absurd' }, { images: [image('strip.png', strip)] }));
    expect(absurd.statusCode).toBe(400);
    expect(absurd.json().message).toMatch(/strip\.png.*12000x4/);
  });

  it('refuses an SVG upload (only raster images are accepted)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const res = await create(
      productForm({ title: 'Vector' }, { images: [{ name: 'logo.svg', data: svg, type: 'image/svg+xml' }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/logo\.svg/);
  });

  it('refuses more than 8 files with 400', async () => {
    const before = await productCount();
    const small = await testPng(64, 64);
    const images = Array.from({ length: 9 }, (_, index) => image(`p${index}.png`, small));
    const res = await create(productForm({ title: 'Too many' }, { images }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 8/);
    expect(await productCount()).toBe(before);
  });

  it('refuses a file larger than 5 MB', async () => {
    const res = await create(
      productForm({ title: 'Huge' }, { images: [image('huge.png', Buffer.alloc(5 * 1024 * 1024 + 10))] }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/5 MB/);
  });

  it('refuses a body that is not multipart, and a file in another field', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(adminToken),
      payload: { title: 'JSON' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart/);
    const form = productForm({ title: 'Odd field' });
    form.append('attachment', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const odd = await create(form);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toMatch(/attachment/);
  });

  it('removes the stored images again when the transaction fails', async () => {
    const before = await productCount();
    const dirs = storedImageDirs().length;
    await t.db.execute(sql`
      create function refuse_images() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_images before insert on product_images for each row execute function refuse_images()`,
    );
    try {
      const res = await create(productForm({ title: 'Doomed' }, { images: [image()] }));
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toMatch(/refused by test/);
    } finally {
      await t.db.execute(sql`drop trigger refuse_images on product_images`);
      await t.db.execute(sql`drop function refuse_images()`);
    }
    expect(await productCount()).toBe(before);
    expect(storedImageDirs()).toHaveLength(dirs);
  });
});

describe('PUT /api/products/:id', () => {
  it('edits fields, keeps matched variants (by _id, else size), removes the rest, appends images', async () => {
    const created = await createValid(
      { title: 'Hose', category: 'Fuel Dispensers' },
      {
        variants: [
          { size: '3 m', price: 1850, stock: 4 },
          { size: '4 m', price: 2350, stock: 2 },
          { size: '5 m', price: 2900, stock: 1 },
        ],
        images: [image('one.png')],
      },
    );
    const [three, four, five] = created.variants;
    // A buyer has the 4 m hose in their cart: that line must survive the edit.
    const [cart] = await t.db.insert(carts).values({ userId: customerId }).returning();
    await t.db
      .insert(cartItems)
      .values({ cartId: cart!.id, productId: created._id, variantId: four!._id, quantity: 1 });

    const res = await edit(
      created._id,
      productForm(
        {
          title: 'Fuel Hose',
          description: 'Now longer',
          category: 'Fuel Dispensers',
          brand: 'Elaflex',
          lowStockThreshold: 3,
        },
        {
          variants: [
            { _id: three!._id, size: '3 metre', price: 1900, stock: 6 },
            { size: '4 m', price: 2400, stock: 0 },
            { size: '6 m', price: 3500, stock: 2 },
          ],
          images: [image('two.png')],
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const product = productSchema.parse(res.json());
    expect(product).toMatchObject({
      title: 'Fuel Hose',
      brand: 'Elaflex',
      price: 1900,
      stock: 8,
      lowStockThreshold: 3,
    });
    expect(product.variants.map(({ _id, size, price, stock }) => ({ _id, size, price, stock }))).toEqual([
      { _id: three!._id, size: '3 metre', price: 1900, stock: 6 },
      { _id: four!._id, size: '4 m', price: 2400, stock: 0 },
      { _id: expect.not.stringMatching(five!._id), size: '6 m', price: 3500, stock: 2 },
    ]);
    expect(await t.db.select().from(productVariants).where(eq(productVariants.id, five!._id))).toEqual([]);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id));
    expect(lines).toEqual([expect.objectContaining({ variantId: four!._id, quantity: 1 })]);
    // New images are appended after the existing ones.
    expect(product.images).toHaveLength(2);
    expect(product.images[0]!.public_id).toBe(created.images[0]!.public_id);
  });

  it('drops every variant when the form has none, and uses the form price and stock', async () => {
    const created = await createValid({}, { variants: [{ size: 'S', price: 10, stock: 1 }] });
    const res = await edit(created._id, productForm({ title: 'Plain now', price: 75, stock: 11 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 75, stock: 11, variants: [] });
  });

  it('refuses more than 8 images in total, processing nothing', async () => {
    const small = await testPng(64, 64);
    const created = await createValid({}, { images: Array.from({ length: 6 }, (_, i) => image(`a${i}.png`, small)) });
    const dirs = storedImageDirs().length;
    const res = await edit(
      created._id,
      productForm({ title: 'Full' }, { images: Array.from({ length: 3 }, (_, i) => image(`b${i}.png`, small)) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 8/);
    expect(storedImageDirs()).toHaveLength(dirs);
    const ok = await edit(
      created._id,
      productForm({ title: 'Full' }, { images: [image('b.png', small), image('c.png', small)] }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().images).toHaveLength(8);
  });

  it('refuses a bad form with 400 and leaves the product as it was', async () => {
    const created = await createValid({ title: 'Steady' });
    const res = await edit(created._id, productForm({ title: '', price: 5 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/title/i);
    const [row] = await t.db.select().from(products).where(eq(products.id, created._id));
    expect(row!.title).toBe('Steady');
  });

  it('toggles the active flag with JSON { active }', async () => {
    const created = await createValid();
    const off = await edit(created._id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(productSchema.parse(off.json())).toMatchObject({ _id: created._id, active: false, title: created.title });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${created._id}` })).statusCode).toBe(404);
    const on = await edit(created._id, { active: true });
    expect(on.json().active).toBe(true);
  });

  it('answers 400 for a bad toggle body or a malformed id, 404 for an unknown product', async () => {
    const created = await createValid();
    const bad = await edit(created._id, { active: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/active/);
    expect((await edit(created._id, {})).statusCode).toBe(400);
    const malformed = await edit('123', { active: true });
    expect(malformed.statusCode).toBe(400);
    expect((await edit(UNKNOWN_ID, { active: true })).statusCode).toBe(404);
    const dirs = storedImageDirs().length;
    const unknownForm = await edit(UNKNOWN_ID, productForm({ title: 'Ghost' }, { images: [image()] }));
    expect(unknownForm.statusCode).toBe(404);
    expect(storedImageDirs()).toHaveLength(dirs);
    const text = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      headers: { ...bearer(adminToken), 'content-type': 'text/plain' },
      payload: 'active=false',
    });
    expect(text.statusCode).toBe(400);
  });
});

describe('POST /api/products/remove-image', () => {
  const removeImage = (payload: object, token = adminToken) =>
    t.app.inject({ method: 'POST', url: '/api/products/remove-image', headers: bearer(token), payload });

  it('removes the image row and its files and answers the updated product', async () => {
    const created = await createValid({}, { images: [image('a.png'), image('b.png')] });
    const [first, second] = created.images;
    const res = await removeImage({ productId: created._id, public_id: first!.public_id });
    expect(res.statusCode).toBe(200);
    const product: ProductDto = res.json();
    expect(product.images.map((img) => img.public_id)).toEqual([second!.public_id]);
    for (const size of first!.sizes) expect(uploadExists(t, size.url)).toBe(false);
    for (const size of second!.sizes) expect(uploadExists(t, size.url)).toBe(true);
  });

  it('is recorded in the audit trail and bumps the version (the cache, ETags and the CSV follow it)', async () => {
    const created = await createValid({ title: 'Pictured Twice' }, { images: [image('a.png'), image('b.png')] });
    const url = `/api/products/${created._id}`;
    const etag = (await t.app.inject({ method: 'GET', url })).headers.etag;
    const res = await removeImage({ productId: created._id, public_id: created.images[0]!.public_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(productSchema.parse(res.json()).version).toBe(created.version! + 1);
    const [row] = await t.db.select({ version: products.version }).from(products).where(eq(products.id, created._id));
    expect(row!.version).toBe(created.version! + 1);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, created._id));
    const removal = events.find((event) => event.kind === 'product.updated');
    expect(removal).toMatchObject({ summary: 'Edited "Pictured Twice": images' });
    expect(removal!.changes).toEqual({ images: { before: 2, after: 1 } });
    // The catalog's answer changed: a client holding the old ETag gets the new product, not 304.
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(200);
    expect(productSchema.parse(again.json()).images).toHaveLength(1);
  });

  it('removing the last picture of a product on sale makes it a draft', async () => {
    const created = await createValid({ title: 'One Picture' });
    expect(created.active).toBe(true);
    const res = await removeImage({ productId: created._id, public_id: created.images[0]!.public_id });
    expect(productSchema.parse(res.json())).toMatchObject({ active: false, images: [] });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, created._id));
    expect(events.find((event) => event.kind === 'product.updated')!.changes).toEqual({
      active: { before: true, after: false },
      images: { before: 1, after: 0 },
    });
  });

  it('answers 404 for an image that is not on that product, and 400 for a bad body', async () => {
    const owner = await createValid({}, { images: [image()] });
    const other = await createValid();
    const res = await removeImage({ productId: other._id, public_id: owner.images[0]!.public_id });
    expect(res.statusCode).toBe(404);
    expect(uploadExists(t, owner.images[0]!.url)).toBe(true);
    expect((await removeImage({ productId: 'x', public_id: 'products/x' })).statusCode).toBe(400);
    const missing = await removeImage({ productId: owner._id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/public_id/);
  });
});

describe('DELETE /api/products/:id (soft)', () => {
  it('marks the product inactive and answers { message, _id }', async () => {
    const created = await createValid();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${created._id}`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), _id: created._id });
    const [row] = await t.db.select().from(products).where(eq(products.id, created._id));
    expect(row!.active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${created._id}` })).statusCode).toBe(404);
    const all: ProductDto[] = (
      await t.app.inject({ method: 'GET', url: '/api/products/admin/all', headers: bearer(adminToken) })
    ).json();
    expect(all.find((product) => product._id === created._id)?.active).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${UNKNOWN_ID}`,
      headers: bearer(adminToken),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/products/abc', headers: bearer(adminToken) });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/products/:id/destroy (permanent)', () => {
  it('removes the product, its variants, images and files; lines of a delivered order keep their title', async () => {
    const created = await createValid(
      { title: 'Doomed Dispenser' },
      { variants: [{ size: 'Single', price: 200000, stock: 1 }], images: [image()] },
    );
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: customerId,
        status: 'delivered',
        paymentMode: 'online',
        customerName: 'Buyer',
        customerEmail: 'buyer@example.com',
        customerPhone: '9876543210',
        address: testAddress(),
        subtotalPaise: 20_000_000,
        shippingPaise: 400_000,
        totalPaise: 20_400_000,
      })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order!.id,
      productId: created._id,
      variantId: created.variants[0]!._id,
      title: 'Doomed Dispenser',
      size: 'Single',
      unitPricePaise: 20_000_000,
      quantity: 1,
      subtotalPaise: 20_000_000,
    });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${created._id}/destroy`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), _id: created._id });
    expect(await t.db.select().from(products).where(eq(products.id, created._id))).toEqual([]);
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, created._id))).toEqual([]);
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, created._id))).toEqual([]);
    for (const size of created.images[0]!.sizes) expect(uploadExists(t, size.url)).toBe(false);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({ productId: null, variantId: null, title: 'Doomed Dispenser', quantity: 1 });

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${created._id}/destroy`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/products/zzz/destroy',
      headers: bearer(adminToken),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('also removes a product that was created directly (no images)', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Direct' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/destroy`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
  });
});
