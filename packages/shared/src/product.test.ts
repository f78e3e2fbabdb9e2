import { describe, expect, it } from 'vitest';
import {
  descriptionPreview,
  displayPrice,
  lowStockText,
  normalizeProduct,
  originalPriceOf,
  priceAboveMrpProblem,
  struckThroughPrice,
} from './product';
import { inPriceRange } from './catalog-filters';
import { MESSAGES } from './messages';
import { cartLineKey, clampQuantity, lineStock, linePrice, selectionTotals } from './cart';

describe('product normalisation', () => {
  it('reads alternate keys and applies defaults', () => {
    const p = normalizeProduct({ id: 'p1', name: 'Nozzle', desciption: 'Brass', price: 0, stock: 0, images: 'a.jpg' });
    expect(p).toMatchObject({
      _id: 'p1',
      title: 'Nozzle',
      description: 'Brass',
      brand: '',
      category: 'Uncategorized',
      price: 0,
      availability: 'Out of Stock',
      images: [{ url: 'a.jpg' }],
    });
  });

  it('uses the lowest variant price when the price is not above 0', () => {
    const p = normalizeProduct({
      _id: 'p2',
      title: 'Coverall',
      price: 0,
      stock: 3,
      variants: [
        { _id: 'v1', size: 'L', price: 900, stock: 1 },
        { _id: 'v2', name: 'XL', price: 850, stock: 2, colour: 'blue' },
        { _id: 'v3', price: 950, stock: 0 },
      ],
    });
    expect(p.price).toBe(850);
    expect(p.variants.map((v) => v.size)).toEqual(['L', 'XL', 'Default']);
    expect(p.variants[1]!.extra).toEqual({ colour: 'blue' });
    expect(displayPrice(p)).toBe(850);
  });
});

describe('product display rules', () => {
  it('cuts descriptions at 100 characters followed by ...', () => {
    expect(descriptionPreview('x'.repeat(150))).toBe(`${'x'.repeat(100)}...`);
    expect(descriptionPreview('short')).toBe('short');
  });

  it('struck-through price is 1.1x rounded up', () => {
    expect(struckThroughPrice(1000)).toBe(1100);
    expect(struckThroughPrice(999)).toBe(1099);
    expect(struckThroughPrice(455)).toBe(501);
  });

  it('the original price is the MRP above the price, else 1.1x while the setting is on (docs/shop-rules.md#mrp)', () => {
    expect(originalPriceOf(900, 1100, true)).toEqual({ source: 'mrp', value: 1100, percentOff: 18 });
    expect(originalPriceOf(900, 1100, false)).toEqual({ source: 'mrp', value: 1100, percentOff: 18 });
    // No discount: nothing struck through, whatever the setting.
    expect(originalPriceOf(900, 900, true)).toBeNull();
    expect(originalPriceOf(999, null, true)).toEqual({ source: 'computed', value: 1099 });
    expect(originalPriceOf(999, undefined, false)).toBeNull();
    expect(originalPriceOf(0, null, true)).toBeNull();
    // Rounded down: 0.1 % off is no claim at all.
    expect(originalPriceOf(999, 1000, true)).toEqual({ source: 'mrp', value: 1000, percentOff: 0 });
  });

  it('a price above its MRP is named; at or below it, or without one, it is fine', () => {
    expect(priceAboveMrpProblem(1200, 1100)).toBe(
      'The price (₹1,200.00) is above the MRP (₹1,100.00): a product may not be sold above its MRP.',
    );
    expect(priceAboveMrpProblem(1100, 1100)).toBeNull();
    expect(priceAboveMrpProblem(1200, null)).toBeNull();
  });

  it("the cart's stock limit is in the singular for one item", () => {
    expect(MESSAGES.cartOnlyNInStock(1)).toBe('Only 1 item in stock.');
    expect(MESSAGES.cartOnlyNInStock(3)).toBe('Only 3 items in stock.');
    // The spec's modal text stays as the spec writes it.
    expect(MESSAGES.onlyNInStock(3)).toBe('Only 3 items in stock.');
  });

  it('low-stock line', () => {
    expect(lowStockText(0, 5)).toBe('Out of Stock');
    expect(lowStockText(3, 5)).toBe('Hurry! Only 3 left!');
    expect(lowStockText(5, 5)).toBeNull();
    expect(lowStockText(3, 0)).toBeNull();
  });

  it('price ranges', () => {
    expect(inPriceRange(500, '0-500')).toBe(true);
    expect(inPriceRange(500, '500-1000')).toBe(false);
    expect(inPriceRange(1000, '500-1000')).toBe(true);
    expect(inPriceRange(1000, '1000+')).toBe(false);
    expect(inPriceRange(1000.5, '1000+')).toBe(true);
  });
});

describe('cart lines', () => {
  const product = { _id: 'p', price: 100, stock: 7 };
  it('identifies a line by product and variant, or base', () => {
    expect(cartLineKey('p', null)).toBe('p:base');
    expect(cartLineKey('p', 'v')).toBe('p:v');
  });
  it('resolves price and stock from the variant, then the item, then the product', () => {
    expect(linePrice({ product, variant: { _id: 'v', price: 80, stock: 2 }, quantity: 1, price: 90 })).toBe(80);
    expect(linePrice({ product, quantity: 1, price: 90 })).toBe(90);
    expect(linePrice({ product, quantity: 1 })).toBe(100);
    expect(lineStock({ product, variant: { _id: 'v', price: 80, stock: 2 }, quantity: 1 })).toBe(2);
    expect(lineStock({ product, quantity: 1 })).toBe(7);
  });
  it('clamps quantities between 1 and the stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
  });
  it('counts only selected in-stock lines', () => {
    const lines = [
      { product: { _id: 'a', price: 600, stock: 5 }, quantity: 2 },
      { product: { _id: 'b', price: 300, stock: 0 }, quantity: 1 },
      { product: { _id: 'c', price: 50, stock: 5 }, quantity: 1 },
    ];
    const totals = selectionTotals(lines, new Set(['a:base', 'b:base']));
    expect(totals.subtotalPaise).toBe(1200_00);
    expect(totals.shippingPaise).toBe(72_00);
  });
});

describe('product normalisation: tax data', () => {
  it('keeps the tax data the answer carries, and adds none when it carries none', () => {
    const taxed = normalizeProduct({
      _id: 'p1',
      title: 'Fuel Dispenser',
      price: 1,
      hsnCode: '84131100',
      gstRate: 18,
      countryOfOrigin: 'India',
      manufacturer: null,
      bisLicence: null,
      pesoApproval: 'P/HQ/1',
      legalMetrologyApproval: null,
    });
    expect(taxed).toMatchObject({
      hsnCode: '84131100',
      gstRate: 18,
      countryOfOrigin: 'India',
      manufacturer: null,
      bisLicence: null,
      pesoApproval: 'P/HQ/1',
      legalMetrologyApproval: null,
    });
    const plain = normalizeProduct({ _id: 'p2', title: 'Nozzle', price: 1 });
    for (const key of ['hsnCode', 'gstRate', 'countryOfOrigin', 'manufacturer', 'pesoApproval']) {
      expect(plain).not.toHaveProperty(key);
    }
  });
});
