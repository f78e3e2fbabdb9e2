import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryChargePaise, deliveryPercent, orderTotals } from './delivery';

describe('delivery tiers', () => {
  it.each([
    [50_000_00, 2],
    [49_999_99, 4],
    [10_000_00, 4],
    [9_999_99, 6],
    [1_000_00, 6],
    [999_99, 8],
    [1, 8],
  ])('a subtotal of %i paise pays %i%%', (subtotal, percent) => {
    expect(deliveryPercent(subtotal)).toBe(percent);
  });

  it('rounds the charge to the nearest paisa', () => {
    // 6% of ₹1,234.57 = ₹74.0742
    expect(deliveryChargePaise(1_234_57)).toBe(74_07);
    expect(deliveryChargePaise(0)).toBe(0);
  });

  it('never charges more for a cheaper tier boundary than the tier allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), (subtotal) => {
        const charge = deliveryChargePaise(subtotal);
        expect(Number.isInteger(charge)).toBe(true);
        expect(charge).toBeGreaterThanOrEqual(0);
        expect(Math.abs(charge - (subtotal * deliveryPercent(subtotal)) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('totals are the subtotal plus the charge', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPricePaise: fc.integer({ min: 0, max: 5_000_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          {
            maxLength: 10,
          },
        ),
        (lines) => {
          const totals = orderTotals(lines);
          const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
          expect(totals.subtotalPaise).toBe(subtotal);
          expect(totals.totalPaise).toBe(subtotal + deliveryChargePaise(subtotal));
        },
      ),
    );
  });
});
