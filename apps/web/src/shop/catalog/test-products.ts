/** Product fixtures for component tests, in the API's shape and normalised the way the app reads them. */
import { normalizeProduct, type Product } from '@pumpkart/shared';

let counter = 0;

/** A product id like the server's (a UUID), unique per call. */
export function testId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

/** The raw API product (schemas/products.ts), with overrides. */
export function rawProduct(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const product = {
    _id: testId(),
    title: 'Fuel Dispenser Nozzle',
    description: 'An automatic shut-off nozzle for petrol and diesel dispensers.',
    brand: 'Tokheim',
    category: 'Fuel Dispensers',
    price: 2450,
    mrp: null,
    stock: 12,
    lowStockThreshold: 5,
    availability: 'In Stock',
    active: true,
    images: [],
    variants: [] as Record<string, unknown>[],
    priceOnRequest: false,
    kind: 'goods',
    taskKeys: [] as string[],
    amcVisitsPerYear: 4,
    minOrderQty: 1,
    packSize: 1,
    quantityBreaks: [],
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  // A size without an MRP, as the API answers it, unless the test gives one.
  return { ...product, variants: product.variants.map((variant) => ({ mrp: null, ...variant })) };
}

export function makeProduct(overrides: Record<string, unknown> = {}): Product {
  return normalizeProduct(rawProduct(overrides));
}
