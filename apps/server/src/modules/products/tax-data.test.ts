import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { productListResponseSchema, productSchema, TAX_DATA_MESSAGES, type ProductDto } from '@pumpkart/shared';
import { products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm, testPng } from '../../test/catalog-factories';
import { createTestAdmin } from '../../test/factories';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

type Fields = Record<string, string | number | undefined>;

const send = (method: 'POST' | 'PUT', url: string, fields: Fields) =>
  t.app.inject({ method, url, headers: bearer(adminToken), payload: productForm(fields) });

const TAX_FIELDS = {
  hsnCode: '8413 11 00',
  gstRate: '18 %',
  countryOfOrigin: 'Japan',
  manufacturer: 'Tatsuno Corporation, Tokyo, Japan; imported by Tatsuno India Pvt. Ltd., Chennai',
  bisLicence: '',
  pesoApproval: 'P/HQ/TN/15/3907 (P398114)',
  legalMetrologyApproval: 'IND/09/20/276',
};

/** A product on sale: with a picture, which an active product needs (docs/shop-rules.md#on-sale). */
async function create(fields: Fields = {}): Promise<ProductDto> {
  const form = productForm(
    {
      title: `Tax test ${Math.random().toString(36).slice(2, 8)}`,
      category: 'Fuel Dispensers',
      price: 325000,
      stock: 2,
      ...fields,
    },
    { images: [{ name: 'pump.png', data: await testPng(40, 30) }] },
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(adminToken), payload: form });
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const edit = (product: ProductDto, fields: Fields) =>
  send('PUT', `/api/products/${product._id}`, { title: product.title, price: product.price, stock: 2, ...fields });

const taxOf = (product: ProductDto) => ({
  hsnCode: product.hsnCode,
  gstRate: product.gstRate,
  countryOfOrigin: product.countryOfOrigin,
  manufacturer: product.manufacturer,
  bisLicence: product.bisLicence,
  pesoApproval: product.pesoApproval,
  legalMetrologyApproval: product.legalMetrologyApproval,
});

const productRows = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;

describe('creating a product with tax data', () => {
  it('stores it normalised and answers it', async () => {
    const product = await create(TAX_FIELDS);
    expect(taxOf(product)).toEqual({
      hsnCode: '84131100',
      gstRate: 18,
      countryOfOrigin: 'Japan',
      manufacturer: TAX_FIELDS.manufacturer,
      bisLicence: null,
      pesoApproval: 'P/HQ/TN/15/3907 (P398114)',
      legalMetrologyApproval: 'IND/09/20/276',
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ hsnCode: '84131100', gstRate: 18, countryOfOrigin: 'Japan' });
  });

  it('takes the defaults when the form has none: no HSN code, 18 %, India', async () => {
    const product = await create();
    expect(taxOf(product)).toEqual({
      hsnCode: null,
      gstRate: 18,
      countryOfOrigin: 'India',
      manufacturer: null,
      bisLicence: null,
      pesoApproval: null,
      legalMetrologyApproval: null,
    });
  });

  it('keeps a fractional rate exactly', async () => {
    expect((await create({ gstRate: '0.25', hsnCode: '7102' })).gstRate).toBe(0.25);
  });

  it.each([
    [{ hsnCode: '84131' }, 'hsnCode', TAX_DATA_MESSAGES.hsnCodeFormat],
    [{ hsnCode: '8413110A' }, 'hsnCode', TAX_DATA_MESSAGES.hsnCodeFormat],
    [{ hsnCode: '841311001' }, 'hsnCode', TAX_DATA_MESSAGES.hsnCodeFormat],
    [{ gstRate: '15' }, 'gstRate', TAX_DATA_MESSAGES.gstRateInvalid],
    [{ gstRate: 'eighteen' }, 'gstRate', TAX_DATA_MESSAGES.gstRateInvalid],
    [{ manufacturer: 'm'.repeat(301) }, 'manufacturer', TAX_DATA_MESSAGES.tooLong('Manufacturer', 300)],
    [{ pesoApproval: 'p'.repeat(101) }, 'pesoApproval', TAX_DATA_MESSAGES.tooLong('PESO approval number', 100)],
    [{ countryOfOrigin: 'c'.repeat(101) }, 'countryOfOrigin', TAX_DATA_MESSAGES.tooLong('Country of origin', 100)],
  ])('refuses %j with 400 naming %s, writing nothing', async (fields, path, message) => {
    const before = await productRows();
    const res = await send('POST', '/api/products', { title: 'Refused', price: 10, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, details: [{ path, message }] });
    expect(await productRows()).toBe(before);
  });
});

describe('editing the tax data', () => {
  it('changes the fields sent, keeps the fields not sent, clears the fields sent empty', async () => {
    const product = await create(TAX_FIELDS);

    const changed = await edit(product, { hsnCode: '84818090', gstRate: '5', bisLicence: 'CM/L-5100045872' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(taxOf(productSchema.parse(changed.json()))).toEqual({
      hsnCode: '84818090',
      gstRate: 5,
      countryOfOrigin: 'Japan',
      manufacturer: TAX_FIELDS.manufacturer,
      bisLicence: 'CM/L-5100045872',
      pesoApproval: 'P/HQ/TN/15/3907 (P398114)',
      legalMetrologyApproval: 'IND/09/20/276',
    });

    const untouched = await edit(product, { description: 'An edit from a form without tax fields.' });
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(taxOf(productSchema.parse(untouched.json()))).toEqual(taxOf(productSchema.parse(changed.json())));

    const cleared = await edit(product, {
      hsnCode: '',
      gstRate: '',
      countryOfOrigin: ' ',
      manufacturer: '',
      bisLicence: '',
      pesoApproval: '',
      legalMetrologyApproval: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(taxOf(productSchema.parse(cleared.json()))).toEqual({
      hsnCode: null,
      gstRate: 18,
      countryOfOrigin: 'India',
      manufacturer: null,
      bisLicence: null,
      pesoApproval: null,
      legalMetrologyApproval: null,
    });
  });

  it('refuses an invalid rate on an edit and keeps the stored one', async () => {
    const product = await create({ gstRate: '12', hsnCode: '62034200' });
    const res = await edit(product, { gstRate: '13' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'gstRate', message: TAX_DATA_MESSAGES.gstRateInvalid }]);
    const [row] = await t.db.select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ gstRate: 12, hsnCode: '62034200', version: product.version });
  });
});

describe('the product answers', () => {
  let product: ProductDto;
  beforeAll(async () => {
    product = await create({ ...TAX_FIELDS, title: 'Tax answers dispenser', category: 'Tax Answers' });
  });
  const expected = () => ({ hsnCode: '84131100', gstRate: 18, countryOfOrigin: 'Japan' });

  it('carry the tax data: one product, public and admin', async () => {
    const pub = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(productSchema.parse(pub.json())).toMatchObject(expected());
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/products/admin/${product._id}`,
      headers: bearer(adminToken),
    });
    expect(productSchema.parse(admin.json())).toMatchObject(taxOf(product));
  });

  it('carry it in the admin list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/admin/all?search=Tax%20answers',
      headers: bearer(adminToken),
    });
    const [listed] = productListResponseSchema.parse(res.json());
    expect(listed).toMatchObject({ _id: product._id, ...taxOf(product) });
  });

  it('leave it out of the storefront list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?category=Tax%20Answers' });
    const [listed] = productListResponseSchema.parse(res.json());
    expect(listed?._id).toBe(product._id);
    expect(listed).not.toHaveProperty('hsnCode');
  });
});

describe('the database', () => {
  it('refuses a malformed HSN code and an unknown rate', async () => {
    const product = await create();
    await expect(t.db.update(products).set({ hsnCode: '123' }).where(eq(products.id, product._id))).rejects.toThrow();
    await expect(t.db.update(products).set({ gstRate: 7 }).where(eq(products.id, product._id))).rejects.toThrow();
  });
});
