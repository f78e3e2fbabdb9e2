import { describe, expect, it } from 'vitest';
import {
  breakPercentAt,
  buyerUnitPrice,
  orderQuantityProblem,
  quantityBreakRows,
  smallestOrderQuantity,
  type PriceListRules,
} from './business-prices';

const rules: PriceListRules = {
  variantPaise: new Map([['v1', 40_000]]),
  productPaise: new Map([['p1', 45_000]]),
  categoryPercent: new Map([['Uniforms', 10]]),
};
const item = (fields: Partial<Parameters<typeof buyerUnitPrice>[0]> = {}) => ({
  productId: 'p1',
  variantId: null,
  category: 'Uniforms',
  listPaise: 50_000,
  ...fields,
});
const breaks = [
  { minQty: 10, percentOff: 5 },
  { minQty: 50, percentOff: 10 },
];

describe('buyerUnitPrice', () => {
  it('takes the size fixed price, then the product fixed price, then the category percent, else the list price', () => {
    expect(buyerUnitPrice(item({ variantId: 'v1' }), rules, [], 1)).toBe(40_000);
    expect(buyerUnitPrice(item({ variantId: 'v2' }), rules, [], 1)).toBe(45_000);
    expect(buyerUnitPrice(item({ productId: 'p2' }), rules, [], 1)).toBe(45_000);
    expect(buyerUnitPrice(item({ productId: 'p2', category: 'Pumps' }), rules, [], 1)).toBe(50_000);
    expect(buyerUnitPrice(item(), null, [], 1)).toBe(50_000);
  });

  it('never charges a fixed price above the list price', () => {
    expect(buyerUnitPrice(item({ listPaise: 30_000 }), rules, [], 1)).toBe(30_000);
  });

  it('applies the quantity break after the list, rounding to the paisa', () => {
    expect(buyerUnitPrice(item({ productId: 'p2' }), rules, breaks, 9)).toBe(45_000);
    expect(buyerUnitPrice(item({ productId: 'p2' }), rules, breaks, 10)).toBe(42_750);
    expect(buyerUnitPrice(item({ productId: 'p2' }), rules, breaks, 50)).toBe(40_500);
    expect(buyerUnitPrice(item({ listPaise: 999 }), null, breaks, 10)).toBe(949);
    expect(breakPercentAt([...breaks].reverse(), 60)).toBe(10);
  });
});

describe('order quantities', () => {
  it('wants at least the minimum and whole packs', () => {
    const product = { minOrderQty: 20, packSize: 10 };
    expect(orderQuantityProblem(10, product, 'Gloves')).toBe('"Gloves" is sold from 20 units up.');
    expect(orderQuantityProblem(25, product, 'Gloves')).toBe(
      '"Gloves" is sold in packs of 10: please order a multiple of 10.',
    );
    expect(orderQuantityProblem(30, product, 'Gloves')).toBeNull();
    expect(orderQuantityProblem(1.5, { minOrderQty: 1, packSize: 1 }, 'Gloves')).toContain('whole quantity');
    expect(smallestOrderQuantity({ minOrderQty: 15, packSize: 10 })).toBe(20);
    expect(smallestOrderQuantity({ minOrderQty: 1, packSize: 1 })).toBe(1);
  });

  it('tables the breaks from the buyer price', () => {
    expect(quantityBreakRows(100_000, breaks)).toEqual([
      { from: 1, to: 9, paise: 100_000 },
      { from: 10, to: 49, paise: 95_000 },
      { from: 50, to: null, paise: 90_000 },
    ]);
    expect(quantityBreakRows(100_000, breaks, 20)[0]).toEqual({ from: 20, to: 49, paise: 95_000 });
    expect(quantityBreakRows(100_000, [])).toEqual([]);
  });
});
