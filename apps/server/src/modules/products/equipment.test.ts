/**
 * A product's equipment data through the admin form (docs/shop-rules.md#assets): compliance category, extinguisher
 * type (fire extinguishers only) and warranty in months; kept when not sent, cleared when sent empty, and checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_EQUIPMENT_MESSAGES, productSchema, type ProductDto } from '@pumpkart/shared';
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

async function create(fields: Fields): Promise<ProductDto> {
  const form = productForm(
    {
      title: `Extinguisher ${Math.random().toString(36).slice(2, 8)}`,
      category: 'Fire Safety',
      price: 2400,
      stock: 5,
      ...fields,
    },
    { images: [{ name: 'x.png', data: await testPng(40, 30) }] },
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(adminToken), payload: form });
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const edit = (product: ProductDto, fields: Fields) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${product._id}`,
    headers: bearer(adminToken),
    payload: productForm({ title: product.title, price: product.price, stock: 5, ...fields }),
  });

const equipmentOf = (product: ProductDto) => ({
  complianceCategory: product.complianceCategory,
  extinguisherType: product.extinguisherType,
  warrantyMonths: product.warrantyMonths,
});

describe("a product's equipment data", () => {
  it('is saved from the form, kept when not sent, and the type cleared with another category', async () => {
    const product = await create({
      complianceCategory: 'fire-extinguisher',
      extinguisherType: 'co2',
      warrantyMonths: '24',
    });
    expect(equipmentOf(product)).toEqual({
      complianceCategory: 'fire-extinguisher',
      extinguisherType: 'co2',
      warrantyMonths: 24,
    });
    const kept = await edit(product, { description: 'Now with a wall bracket.' });
    expect(equipmentOf(kept.json())).toEqual(equipmentOf(product));
    const changed = await edit(product, { complianceCategory: 'air-gauge' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(equipmentOf(changed.json())).toEqual({
      complianceCategory: 'air-gauge',
      extinguisherType: null,
      warrantyMonths: 24,
    });
    // The change is in the product's history (docs/shop-rules.md#audit).
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=product&entityId=${product._id}&limit=10`,
      headers: bearer(adminToken),
    });
    expect(history.json().data[0].changes).toMatchObject({
      complianceCategory: { before: 'fire-extinguisher', after: 'air-gauge' },
      extinguisherType: { before: 'co2', after: null },
    });
    const cleared = await edit(product, { complianceCategory: '', warrantyMonths: '' });
    expect(equipmentOf(cleared.json())).toEqual({
      complianceCategory: null,
      extinguisherType: null,
      warrantyMonths: null,
    });
  });

  it('refuses an unknown category, a type on another category and a warranty that is not whole months', async () => {
    const product = await create({});
    const unknown = await edit(product, { complianceCategory: 'pump' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(PRODUCT_EQUIPMENT_MESSAGES.category);
    const typed = await edit(product, { complianceCategory: 'fuel-dispenser', extinguisherType: 'co2' });
    expect(typed.json().message).toContain(PRODUCT_EQUIPMENT_MESSAGES.extinguisherTypeOnlyForExtinguishers);
    for (const warrantyMonths of ['1.5', '-1', '601', 'a year']) {
      const res = await edit(product, { warrantyMonths });
      expect(res.statusCode, warrantyMonths).toBe(400);
      expect(res.json().message).toContain(PRODUCT_EQUIPMENT_MESSAGES.warranty);
    }
  });
});
