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

  it('formats exactly as Intl.NumberFormat en-IN does, without creating one (docs/decisions/0016-storefront-weight.md)', () => {
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const twoDigits = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const same = (value: number) => {
      expect(formatIndianNumber(value)).toBe(whole.format(value));
      expect(formatAmount(value)).toBe(`₹${twoDigits.format(value)}`);
      const paise = Math.round(value * 100) % 100 !== 0;
      expect(formatPrice(value)).toBe(`₹${(paise ? twoDigits : whole).format(value)}/-`);
    };
    // Half away from zero on the shortest decimal (1.005 -> 1.01, where toFixed gives 1.00), carries, -0,
    // exponents both ways, the largest and smallest doubles, NaN and the infinities.
    for (const value of [
      0,
      -0,
      -0.001,
      0.005,
      1.005,
      2.675,
      0.995,
      999.995,
      -999.995,
      99.995,
      0.0049999,
      1e-7,
      5e-324,
      1e21,
      1.5e22,
      123456789012345680000,
      1e15 + 0.3,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      NaN,
      Infinity,
      -Infinity,
    ]) {
      same(value);
    }
    fc.assert(fc.property(fc.double(), same), { numRuns: 5000 });
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => same(paise / 100 + (paise % 7) / 1000)));
  });
});
