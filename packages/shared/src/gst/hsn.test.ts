import { describe, expect, it } from 'vitest';
import { HSN_DESCRIPTION_MAX, HSN_MASTER, hsnDescription } from './hsn-master';
import { einvoicingApplies, hsnDigitsProblem, minimumHsnDigits } from './hsn-digits';

describe('the HSN master', () => {
  it('describes a code from its own entry, else its subheading or heading, cut at 30 characters', () => {
    expect(hsnDescription('84139190')).toBe('Parts of pumps');
    expect(hsnDescription('84131100')).toBe('Pumps for dispensing fuel or l');
    expect(hsnDescription('84131100')).toHaveLength(HSN_DESCRIPTION_MAX);
    expect(hsnDescription('841311')).toBe('Pumps for liquids, whether or');
    expect(hsnDescription('6506')).toBe('Other headgear, whether or not');
    expect(hsnDescription('12345678')).toBe('');
  });

  it('holds every code of the demo catalogue, each with a description', () => {
    for (const code of ['84131100', '84241000', '84148011', '84186990', '65061010', '64034000', '90318000']) {
      expect(HSN_MASTER[code], code).toBeTruthy();
    }
    for (const [code, text] of Object.entries(HSN_MASTER)) {
      expect(code).toMatch(/^\d{4}(\d{2}){0,2}$/);
      expect(text.trim()).toBe(text);
    }
  });
});

describe('HSN digits by the aggregate turnover band (Notification 78/2020–Central Tax)', () => {
  it('asks 4 digits up to ₹5 crore and 6 above', () => {
    expect(minimumHsnDigits('up-to-5-crore')).toBe(4);
    expect(minimumHsnDigits('above-5-crore')).toBe(6);
    expect(hsnDigitsProblem('8413', 'up-to-5-crore')).toBeNull();
    expect(hsnDigitsProblem('8413', 'above-5-crore')).toMatch(/at least 6 digits/);
    expect(hsnDigitsProblem('841311', 'above-5-crore')).toBeNull();
    expect(hsnDigitsProblem(null, 'above-5-crore')).toBeNull();
  });
});

describe('einvoicingApplies: the ₹5 crore line of Notification 10/2023–Central Tax', () => {
  it('applies above ₹5 crore last year, or when the owner says an earlier year was', () => {
    expect(einvoicingApplies({ aggregateTurnoverBand: 'up-to-5-crore', einvoiceEnabled: false })).toBe(false);
    expect(einvoicingApplies({ aggregateTurnoverBand: 'up-to-5-crore', einvoiceEnabled: true })).toBe(true);
    expect(einvoicingApplies({ aggregateTurnoverBand: 'above-5-crore', einvoiceEnabled: false })).toBe(true);
  });
});
