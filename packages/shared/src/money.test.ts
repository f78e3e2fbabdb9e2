import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatIndianNumber, formatPrice, toPaise, toRupees } from './money';

describe('money', () => {
  it('converts rupees to paise without float drift', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1234.5)).toBe(123450);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (paise) => {
        expect(toPaise(toRupees(paise))).toBe(paise);
      }),
    );
    expect(toPaise(1.005)).toBe(101);
  });

  it('formats prices the Indian way with the /- suffix', () => {
    expect(formatPrice(125000)).toBe('₹1,25,000/-');
    expect(formatPrice(499)).toBe('₹499/-');
    expect(formatPrice(410.4)).toBe('₹410.40/-');
    expect(formatPrice(127500.05)).toBe('₹1,27,500.05/-');
    expect(formatPrice(0.1 + 0.2)).toBe('₹0.30/-');
    expect(formatAmount(1234.5)).toBe('₹1,234.50');
  });

  it('is the one storefront format: cart, checkout, orders and confirmation (docs/decisions/0008-one-price-format.md)', () => {
    expect(formatPrice(1850)).toBe('₹1,850/-');
    expect(formatPrice(1850.0)).toBe('₹1,850/-');
    expect(formatPrice(1849.999)).toBe('₹1,850/-');
    expect(formatPrice(75.03)).toBe('₹75.03/-');
    expect(formatPrice(0)).toBe('₹0/-');
    expect(formatPrice(1250.5)).toBe('₹1,250.50/-');
    expect(formatIndianNumber(12345678)).toBe('1,23,45,678');
  });
});
