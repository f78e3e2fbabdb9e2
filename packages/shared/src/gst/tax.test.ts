import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';
import {
  apportionDelivery,
  computeTax,
  GST_RATES,
  isGstRate,
  principalLineIndex,
  sumTaxAmounts,
  taxableValuePaise,
  taxAmountsOf,
  taxHeads,
  type InvoiceLineInput,
  type TaxInput,
} from './tax';
import { cartArbitrary } from './test-carts';

function line(ratePercent: number, inclusivePaise: number, more: Partial<InvoiceLineInput> = {}): InvoiceLineInput {
  return { description: 'Fuel dispenser nozzle', hsn: '8413', quantity: 1, ratePercent, inclusivePaise, ...more };
}

function intra(lines: InvoiceLineInput[], deliveryChargePaise = 0, code = '27'): TaxInput {
  return { sellerStateCode: code, placeOfSupplyStateCode: code, lines, deliveryChargePaise };
}

describe('GST rates', () => {
  it('allows exactly 0, 0.25, 3, 5, 12, 18, 28 and 40 %', () => {
    expect(GST_RATES).toEqual([0, 0.25, 3, 5, 12, 18, 28, 40]);
    expect(isGstRate(18)).toBe(true);
    expect(isGstRate(0.25)).toBe(true);
    expect(isGstRate(6)).toBe(false);
    expect(isGstRate(Number.NaN)).toBe(false);
  });
});

describe('taxableValuePaise', () => {
  it('takes the tax out of a GST-inclusive amount', () => {
    expect(taxableValuePaise(1_180_00, 18)).toBe(1_000_00);
    expect(taxableValuePaise(1_05_00, 5)).toBe(1_00_00);
    expect(taxableValuePaise(1_000_00, 0)).toBe(1_000_00);
    expect(taxableValuePaise(1_000_00, 40)).toBe(71_429); // 714.2857...
    expect(taxableValuePaise(1_000_00, 0.25)).toBe(99_751); // 997.5062...
    expect(taxableValuePaise(10_00, 18)).toBe(847); // 8.4745...
    expect(taxableValuePaise(0, 28)).toBe(0);
  });

  it('rounds half a paisa up', () => {
    // 14 × 100 / 112 = 12.5
    expect(taxableValuePaise(14, 12)).toBe(13);
  });

  it('stays exact beyond what floating point can hold', () => {
    // 10^15 paise × 10000 overflows a double's integers; the division stays exact.
    expect(taxableValuePaise(1_180_000_000_000_00, 18)).toBe(1_000_000_000_000_00);
  });

  it('is the nearest paisa to inclusive × 100 / (100 + rate), and its tax the rate on it within a paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_00_00_000_00 }), fc.constantFrom(...GST_RATES), (inclusive, rate) => {
        const taxable = taxableValuePaise(inclusive, rate);
        expect(Number.isSafeInteger(taxable)).toBe(true);
        expect(Math.abs(taxable - (inclusive * 100) / (100 + rate))).toBeLessThanOrEqual(0.5 + 1e-6);
        expect(Math.abs(inclusive - taxable - (taxable * rate) / 100)).toBeLessThan(1);
      }),
    );
  });
});

describe('taxHeads', () => {
  it('computes each half from the taxable value, so CGST and SGST or UTGST are equal; IGST from the full rate', () => {
    // 4,463.39 at 12 %: 6 % of 4,463.39 is 267.8034, so 267.80 each (no longer 267.80 / 267.81).
    expect(taxHeads(4_463_39, 12, 'intra-state', 'SGST')).toEqual({
      cgstPaise: 267_80,
      sgstPaise: 267_80,
      utgstPaise: 0,
      igstPaise: 0,
      taxPaise: 535_60,
    });
    expect(taxHeads(4_463_39, 12, 'intra-state', 'UTGST')).toMatchObject({ cgstPaise: 267_80, utgstPaise: 267_80 });
    expect(taxHeads(4_463_39, 12, 'inter-state', 'SGST')).toEqual({
      cgstPaise: 0,
      sgstPaise: 0,
      utgstPaise: 0,
      igstPaise: 535_61, // 535.6068
      taxPaise: 535_61,
    });
    // 8.47 at 9 % is 0.7623 each: 0.76 + 0.76.
    expect(taxHeads(847, 18, 'intra-state', 'SGST')).toMatchObject({ cgstPaise: 76, sgstPaise: 76, taxPaise: 152 });
  });

  it('rounds half a paisa up, in integers', () => {
    // 0.125 % of 400 paise is exactly half a paisa.
    expect(taxHeads(400, 0.25, 'intra-state', 'SGST')).toMatchObject({ cgstPaise: 1, sgstPaise: 1 });
    expect(taxHeads(399, 0.25, 'intra-state', 'SGST')).toMatchObject({ cgstPaise: 0, sgstPaise: 0 });
    expect(taxHeads(1_000_000_000_000_00, 18, 'intra-state', 'SGST').cgstPaise).toBe(90_000_000_000_00);
  });

  it('is the rate of each head on the taxable value, to the nearest paisa, whatever the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_00_00_000_00 }), fc.constantFrom(...GST_RATES), (taxable, rate) => {
        const intraState = taxHeads(taxable, rate, 'intra-state', 'SGST');
        expect(intraState.cgstPaise).toBe(intraState.sgstPaise);
        expect(Math.abs(intraState.cgstPaise - (taxable * rate) / 200)).toBeLessThanOrEqual(0.5 + 1e-6);
        const interState = taxHeads(taxable, rate, 'inter-state', 'SGST');
        expect(Math.abs(interState.igstPaise - (taxable * rate) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe('taxAmountsOf', () => {
  it('can be a paisa off what was paid: the taxable value plus the equal halves', () => {
    // 4,999.00 at 12 %: taxable 4,463.39, 267.80 + 267.80, value 4,998.99.
    expect(taxAmountsOf(4_999_00, 12, 'intra-state', 'SGST')).toEqual({
      taxablePaise: 4_463_39,
      cgstPaise: 267_80,
      sgstPaise: 267_80,
      utgstPaise: 0,
      igstPaise: 0,
      taxPaise: 535_60,
      inclusivePaise: 4_998_99,
    });
  });
});

describe('computeTax', () => {
  it('charges CGST + SGST inside the seller state', () => {
    const result = computeTax(intra([line(18, 1_180_00), line(18, 10_00, { hsn: '4009', description: 'Hose clip' })]));
    expect(result.supplyType).toBe('intra-state');
    expect(result.stateTax).toBe('SGST');
    expect(result.seller.name).toBe('Maharashtra');
    expect(result.placeOfSupply.name).toBe('Maharashtra');
    expect(result.lines).toEqual([
      {
        kind: 'goods',
        description: 'Fuel dispenser nozzle',
        hsn: '8413',
        quantity: 1,
        ratePercent: 18,
        taxablePaise: 1_000_00,
        cgstPaise: 90_00,
        sgstPaise: 90_00,
        utgstPaise: 0,
        igstPaise: 0,
        taxPaise: 180_00,
        inclusivePaise: 1_180_00,
      },
      {
        kind: 'goods',
        description: 'Hose clip',
        hsn: '4009',
        quantity: 1,
        ratePercent: 18,
        taxablePaise: 847,
        cgstPaise: 76,
        sgstPaise: 76,
        utgstPaise: 0,
        igstPaise: 0,
        taxPaise: 152,
        inclusivePaise: 999,
      },
    ]);
    expect(result.totals).toEqual({
      taxablePaise: 1_008_47,
      cgstPaise: 90_76,
      sgstPaise: 90_76,
      utgstPaise: 0,
      igstPaise: 0,
      taxPaise: 181_52,
      inclusivePaise: 1_189_99,
    });
    // The buyer paid 1,190.00: the invoice's total, with a round-off of one paisa.
    expect(result.chargedPaise).toBe(1_190_00);
    expect(result.roundOffPaise).toBe(1);
  });

  it('charges IGST to another state', () => {
    const result = computeTax({ sellerStateCode: '27', placeOfSupplyStateCode: '29', lines: [line(28, 1_280_00)] });
    expect(result.supplyType).toBe('inter-state');
    expect(result.stateTax).toBeNull();
    expect(result.totals).toMatchObject({
      taxablePaise: 1_000_00,
      cgstPaise: 0,
      sgstPaise: 0,
      utgstPaise: 0,
      igstPaise: 280_00,
      inclusivePaise: 1_280_00,
    });
  });

  it('charges CGST + UTGST inside a union territory without a legislature, CGST + SGST inside Delhi', () => {
    const chandigarh = computeTax(intra([line(12, 1_120_00)], 0, '04'));
    expect(chandigarh.stateTax).toBe('UTGST');
    expect(chandigarh.totals).toMatchObject({ cgstPaise: 60_00, sgstPaise: 0, utgstPaise: 60_00, igstPaise: 0 });
    expect(computeTax(intra([line(12, 1_120_00)], 0, '38')).stateTax).toBe('UTGST');
    const delhi = computeTax(intra([line(12, 1_120_00)], 0, '07'));
    expect(delhi.stateTax).toBe('SGST');
    expect(delhi.totals).toMatchObject({ cgstPaise: 60_00, sgstPaise: 60_00, utgstPaise: 0 });
    // From Maharashtra to Chandigarh is inter-state: IGST, no UTGST.
    const across = computeTax({ sellerStateCode: '27', placeOfSupplyStateCode: '04', lines: [line(12, 1_120_00)] });
    expect(across.totals).toMatchObject({ cgstPaise: 0, utgstPaise: 0, igstPaise: 120_00 });
  });

  it('taxes the delivery charge at the highest rate on the invoice, under that line’s HSN code', () => {
    const result = computeTax(
      intra(
        [
          line(18, 50_000_00, { hsn: '84131100', description: 'Fuel dispenser' }),
          line(28, 1_280_00, { hsn: '902610', description: 'Flow meter', quantity: 2 }),
          line(5, 1_050_00, { hsn: '2309', description: 'Dog food' }),
        ],
        1_28_00,
      ),
    );
    const delivery = result.lines[3];
    expect(result.lines).toHaveLength(4);
    expect(delivery).toEqual({
      kind: 'delivery',
      description: GST_MESSAGES.deliveryLineDescription,
      hsn: '902610',
      quantity: 0,
      ratePercent: 28,
      taxablePaise: 100_00,
      cgstPaise: 14_00,
      sgstPaise: 14_00,
      utgstPaise: 0,
      igstPaise: 0,
      taxPaise: 28_00,
      inclusivePaise: 1_28_00,
    });
    expect(result.totals.inclusivePaise).toBe(50_000_00 + 1_280_00 + 1_050_00 + 1_28_00);
  });

  it('adds no delivery line without a delivery charge, and taxes a 0 % order’s delivery at 0 %', () => {
    expect(computeTax(intra([line(18, 100_00)])).lines).toHaveLength(1);
    expect(computeTax(intra([line(18, 100_00)], 0)).lines).toHaveLength(1);
    const exempt = computeTax(intra([line(0, 100_00)], 8_00));
    expect(exempt.lines[1]).toMatchObject({ kind: 'delivery', ratePercent: 0, taxablePaise: 8_00, taxPaise: 0 });
  });

  it('picks the principal line by rate, then amount, then order', () => {
    expect(principalLineIndex([line(18, 5), line(28, 1), line(28, 3), line(28, 3)])).toBe(2);
    expect(principalLineIndex([line(5, 9), line(5, 9)])).toBe(0);
    expect(principalLineIndex([])).toBe(-1);
  });

  it('reconciles a free line and a line of 0.25 %', () => {
    const result = computeTax(intra([line(0.25, 1_000_00), line(18, 0)]));
    // 0.125 % of 997.51 is 1.2469 each: 1.25 + 1.25, a paisa more than the 1,000.00 paid.
    expect(result.lines[0]).toMatchObject({ taxablePaise: 99_751, taxPaise: 250, cgstPaise: 125, sgstPaise: 125 });
    expect(result.lines[1]).toMatchObject({ taxablePaise: 0, taxPaise: 0 });
    expect(result.roundOffPaise).toBe(-1);
  });

  it('trims descriptions and keeps the quantity', () => {
    const result = computeTax(intra([line(5, 100_00, { description: '  Dog food  ', quantity: 3 })]));
    expect(result.lines[0]).toMatchObject({ description: 'Dog food', quantity: 3 });
  });

  it.each<[string, TaxInput, string]>([
    ['no lines', intra([]), GST_MESSAGES.noLines],
    ['a delivery charge without lines', intra([], 10_00), GST_MESSAGES.deliveryWithoutLines],
    ['an unknown rate', intra([line(18, 100), line(6, 100)]), GST_MESSAGES.unknownRate(2, 6)],
    ['a rate as text', intra([line('18' as unknown as number, 100)]), GST_MESSAGES.unknownRate(1, 18)],
    ['a negative amount', intra([line(18, -1)]), GST_MESSAGES.negativeAmount('Line 1: the amount', -1)],
    ['a fractional amount', intra([line(18, 10.5)]), GST_MESSAGES.notWholePaise('Line 1: the amount', 10.5)],
    [
      'an amount that is not a number',
      intra([line(18, Number.NaN)]),
      GST_MESSAGES.notWholePaise('Line 1: the amount', Number.NaN),
    ],
    ['an unsafe amount', intra([line(18, 2 ** 53)]), GST_MESSAGES.amountTooLarge('Line 1: the amount')],
    [
      'a total too large to be exact',
      intra([line(18, 2 ** 52), line(18, 2 ** 52)]),
      GST_MESSAGES.amountTooLarge('The invoice total'),
    ],
    ['a negative delivery charge', intra([line(18, 100)], -5), GST_MESSAGES.negativeAmount('The delivery charge', -5)],
    ['a quantity of 0', intra([line(18, 100, { quantity: 0 })]), GST_MESSAGES.badQuantity(1, 0)],
    ['a fractional quantity', intra([line(18, 100, { quantity: 1.5 })]), GST_MESSAGES.badQuantity(1, 1.5)],
    ['a short HSN code', intra([line(18, 100, { hsn: '841' })]), GST_MESSAGES.badHsn(1, '841')],
    ['a 5-digit HSN code', intra([line(18, 100, { hsn: '84131' })]), GST_MESSAGES.badHsn(1, '84131')],
    ['a lettered HSN code', intra([line(18, 100, { hsn: '84A3' })]), GST_MESSAGES.badHsn(1, '84A3')],
    ['an empty description', intra([line(18, 100, { description: '  ' })]), GST_MESSAGES.emptyDescription(1)],
    [
      'an unknown seller state',
      { sellerStateCode: '99', placeOfSupplyStateCode: '27', lines: [line(18, 100)] },
      GST_MESSAGES.unknownStateCode('99'),
    ],
    [
      'a retired place of supply',
      { sellerStateCode: '27', placeOfSupplyStateCode: '28', lines: [line(18, 100)] },
      GST_MESSAGES.retiredStateCode('28', '37'),
    ],
  ])('refuses %s', (_what, input, message) => {
    expect(() => computeTax(input)).toThrow(new GstInputError(message));
  });
});

describe('computeTax over random carts', () => {
  it('reconciles every line and the invoice with what the buyer paid, to the paisa', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const result = computeTax(cart);
        const paid = cart.lines.reduce((sum, l) => sum + l.inclusivePaise, cart.deliveryChargePaise ?? 0);
        const paidPerLine = [...cart.lines.map((l) => l.inclusivePaise), cart.deliveryChargePaise ?? 0];
        result.lines.forEach((taxed, index) => {
          expect(taxed.taxablePaise + taxed.taxPaise).toBe(taxed.inclusivePaise);
          expect(taxed.cgstPaise + taxed.sgstPaise + taxed.utgstPaise + taxed.igstPaise).toBe(taxed.taxPaise);
          expect(taxed.taxablePaise).toBeGreaterThanOrEqual(0);
          expect(taxed.taxPaise).toBeGreaterThanOrEqual(0);
          // Each line's value is within a paisa of what was paid for it.
          expect(Math.abs(taxed.inclusivePaise - paidPerLine[index]!)).toBeLessThanOrEqual(1);
        });
        expect(result.chargedPaise).toBe(paid);
        expect(result.totals.inclusivePaise + result.roundOffPaise).toBe(paid);
        expect(result.totals.taxablePaise + result.totals.taxPaise).toBe(result.totals.inclusivePaise);
        expect(Math.abs(result.roundOffPaise)).toBeLessThanOrEqual(result.lines.length);
        expect(result.totals).toEqual(sumTaxAmounts(result.lines));
        expect(result.lines).toHaveLength(cart.lines.length + ((cart.deliveryChargePaise ?? 0) > 0 ? 1 : 0));
      }),
      { numRuns: 300 },
    );
  });

  it('splits intra-state tax into two equal halves, and uses IGST only inter-state', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const result = computeTax(cart);
        const intraState = cart.sellerStateCode === cart.placeOfSupplyStateCode;
        expect(result.supplyType).toBe(intraState ? 'intra-state' : 'inter-state');
        for (const taxed of result.lines) {
          if (intraState) {
            const stateHalf = result.stateTax === 'UTGST' ? taxed.utgstPaise : taxed.sgstPaise;
            expect(taxed.igstPaise).toBe(0);
            expect(taxed.cgstPaise + stateHalf).toBe(taxed.taxPaise);
            expect(stateHalf).toBe(taxed.cgstPaise);
            expect(result.stateTax === 'UTGST' ? taxed.sgstPaise : taxed.utgstPaise).toBe(0);
          } else {
            expect(taxed.igstPaise).toBe(taxed.taxPaise);
            expect(taxed.cgstPaise + taxed.sgstPaise + taxed.utgstPaise).toBe(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('taxes the delivery charge at the highest rate of the goods', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const result = computeTax(cart);
        const delivery = result.lines.find((l) => l.kind === 'delivery');
        if (!delivery) return;
        expect(delivery.ratePercent).toBe(Math.max(...cart.lines.map((l) => l.ratePercent)));
        expect(Math.abs(delivery.inclusivePaise - cart.deliveryChargePaise!)).toBeLessThanOrEqual(1);
        expect(cart.lines.some((l) => l.hsn === delivery.hsn && l.ratePercent === delivery.ratePercent)).toBe(true);
      }),
    );
  });
});

describe('the delivery charge apportioned over the goods by value', () => {
  const mixed = (deliveryTaxMethod?: 'apportioned' | 'highest-rate') =>
    computeTax({
      ...intra([line(18, 1_180_00), line(5, 1_050_00, { hsn: '2309', description: 'Dog food' })], 133_80),
      deliveryTaxMethod,
    });

  it('gives each HSN code and rate its share of the charge, taxed at its own rate', () => {
    const result = mixed('apportioned');
    expect(result.deliveryTaxMethod).toBe('apportioned');
    // 133.80 over 1,180.00 and 1,050.00: 70.80 and 63.00.
    const delivery = result.lines.filter((l) => l.kind === 'delivery');
    expect(delivery).toMatchObject([
      { hsn: '8413', ratePercent: 18, quantity: 0, taxablePaise: 60_00, cgstPaise: 5_40, sgstPaise: 5_40 },
      { hsn: '2309', ratePercent: 5, quantity: 0, taxablePaise: 60_00, cgstPaise: 1_50, sgstPaise: 1_50 },
    ]);
    expect(result.chargedPaise).toBe(1_180_00 + 1_050_00 + 133_80);
  });

  it('charges less tax than the highest rate on a mixed order, and is the old rule when not asked', () => {
    const highest = mixed('highest-rate');
    expect(mixed().deliveryTaxMethod).toBe('highest-rate');
    expect(mixed().lines).toEqual(highest.lines);
    const byValue = mixed('apportioned');
    const taxOf = (r: typeof highest) =>
      r.lines.filter((l) => l.kind === 'delivery').reduce((n, l) => n + l.taxPaise, 0);
    expect(taxOf(highest)).toBe(20_42); // 113.39 taxable, 10.21 + 10.21
    expect(taxOf(byValue)).toBe(13_80);
    expect(computeTax(intra([line(18, 100_00)])).deliveryTaxMethod).toBeNull();
  });

  it('shares out the charge exactly, each share within a paisa of its proportion', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const delivery = cart.deliveryChargePaise ?? 0;
        if (delivery === 0) return;
        const shares = apportionDelivery(cart.lines, delivery);
        expect(shares.reduce((sum, share) => sum + share.sharePaise, 0)).toBe(delivery);
        const total = cart.lines.reduce((sum, l) => sum + l.inclusivePaise, 0);
        for (const share of shares) {
          expect(share.sharePaise).toBeGreaterThanOrEqual(0);
          if (total === 0) continue;
          const value = cart.lines
            .filter((l) => l.hsn === share.hsn && l.ratePercent === share.ratePercent)
            .reduce((sum, l) => sum + l.inclusivePaise, 0);
          expect(Math.abs(share.sharePaise - (delivery * value) / total)).toBeLessThan(1);
        }
        const result = computeTax({ ...cart, deliveryTaxMethod: 'apportioned' });
        expect(result.totals.inclusivePaise + result.roundOffPaise).toBe(result.chargedPaise);
      }),
      { numRuns: 300 },
    );
  });
});
