import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hsnSummary, taxSummaryByRate } from './summary';
import { computeTax, sumTaxAmounts, type InvoiceLineInput } from './tax';
import { cartArbitrary } from './test-carts';

function line(hsn: string, ratePercent: number, inclusivePaise: number, quantity = 1): InvoiceLineInput {
  return { description: `Goods ${hsn}`, hsn, quantity, ratePercent, inclusivePaise };
}

const invoice = computeTax({
  sellerStateCode: '27',
  placeOfSupplyStateCode: '27',
  lines: [
    line('8413', 18, 1_180_00, 2),
    line('2309', 5, 1_050_00, 4),
    line('8413', 18, 590_00, 1),
    line('8413', 28, 1_280_00, 1),
  ],
  deliveryChargePaise: 128_00,
});

describe('taxSummaryByRate', () => {
  it('adds up taxable value and taxes per rate, lowest rate first', () => {
    expect(taxSummaryByRate(invoice.lines)).toEqual([
      {
        ratePercent: 5,
        taxablePaise: 1_000_00,
        cgstPaise: 25_00,
        sgstPaise: 25_00,
        utgstPaise: 0,
        igstPaise: 0,
        taxPaise: 50_00,
        inclusivePaise: 1_050_00,
      },
      {
        ratePercent: 18,
        taxablePaise: 1_500_00,
        cgstPaise: 135_00,
        sgstPaise: 135_00,
        utgstPaise: 0,
        igstPaise: 0,
        taxPaise: 270_00,
        inclusivePaise: 1_770_00,
      },
      {
        // the flow meter and the delivery charge that follows it
        ratePercent: 28,
        taxablePaise: 1_100_00,
        cgstPaise: 154_00,
        sgstPaise: 154_00,
        utgstPaise: 0,
        igstPaise: 0,
        taxPaise: 308_00,
        inclusivePaise: 1_408_00,
      },
    ]);
  });

  it('is empty for no lines', () => {
    expect(taxSummaryByRate([])).toEqual([]);
    expect(hsnSummary([])).toEqual([]);
  });
});

describe('hsnSummary', () => {
  it('adds up quantity, taxable value and taxes per HSN code and rate', () => {
    const rows = hsnSummary(invoice.lines);
    expect(rows.map((r) => [r.hsn, r.ratePercent, r.description, r.quantity, r.taxablePaise, r.taxPaise])).toEqual([
      ['2309', 5, 'Goods 2309', 4, 1_000_00, 50_00],
      ['8413', 18, 'Goods 8413', 3, 1_500_00, 270_00],
      // the delivery charge adds value but no quantity
      ['8413', 28, 'Goods 8413', 1, 1_100_00, 308_00],
    ]);
    expect(rows[2]).toMatchObject({ cgstPaise: 154_00, sgstPaise: 154_00, igstPaise: 0, inclusivePaise: 1_408_00 });
  });

  it('works over the lines of many invoices, intra- and inter-state together', () => {
    const other = computeTax({
      sellerStateCode: '27',
      placeOfSupplyStateCode: '33',
      lines: [line('2309', 5, 2_100_00, 8)],
    });
    const rows = hsnSummary([...invoice.lines, ...other.lines]);
    expect(rows[0]).toMatchObject({
      hsn: '2309',
      quantity: 12,
      taxablePaise: 3_000_00,
      cgstPaise: 25_00,
      sgstPaise: 25_00,
      igstPaise: 100_00,
      taxPaise: 150_00,
    });
  });
});

describe('summaries over random carts', () => {
  it('sum to the invoice totals to the paisa, by rate and by HSN code', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const result = computeTax(cart);
        const byRate = taxSummaryByRate(result.lines);
        const byHsn = hsnSummary(result.lines);
        expect(sumTaxAmounts(byRate)).toEqual(result.totals);
        expect(sumTaxAmounts(byHsn)).toEqual(result.totals);
        expect(new Set(byRate.map((r) => r.ratePercent)).size).toBe(byRate.length);
        expect(new Set(byHsn.map((r) => `${r.hsn}|${r.ratePercent}`)).size).toBe(byHsn.length);
        expect(byHsn.reduce((sum, r) => sum + r.quantity, 0)).toBe(cart.lines.reduce((sum, l) => sum + l.quantity, 0));
      }),
      { numRuns: 300 },
    );
  });
});
