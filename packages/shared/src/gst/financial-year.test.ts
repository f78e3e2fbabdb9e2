import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GstInputError } from './errors';
import {
  creditNoteNumber,
  DOCUMENT_NUMBER_PATTERN,
  financialYearOf,
  financialYearStarting,
  formatInvoiceNumber,
  MAX_DOCUMENT_PREFIX_LENGTH,
  parseFinancialYearLabel,
} from './financial-year';
import { GST_MESSAGES } from './messages';

describe('financialYearOf', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toEqual({
      start: 2026,
      label: '2026-27',
      shortLabel: '26-27',
      firstDay: '2026-04-01',
      lastDay: '2027-03-31',
    });
    expect(financialYearOf('2027-03-31T23:59:59+05:30').label).toBe('2026-27');
    expect(financialYearOf('2026-12-31T12:00:00Z').label).toBe('2026-27');
    expect(financialYearOf('2027-01-15T12:00:00Z').label).toBe('2026-27');
    expect(financialYearOf('2026-03-31T12:00:00Z').label).toBe('2025-26');
  });

  it('goes by the date in India: 23:30 UTC on 31 March is already 1 April', () => {
    const moment = new Date('2026-03-31T23:30:00Z');
    expect(financialYearOf(moment).label).toBe('2026-27');
    expect(financialYearOf(moment.getTime()).start).toBe(2026);
    // 18:29 UTC is 23:59 in India, still 31 March
    expect(financialYearOf('2026-03-31T18:29:59Z').label).toBe('2025-26');
    expect(financialYearOf('2026-03-31T18:30:00Z').label).toBe('2026-27');
    // in another time zone the same moment is still 31 March
    expect(financialYearOf(moment, 'UTC').label).toBe('2025-26');
  });

  it('labels the turn of a century with two digits', () => {
    expect(financialYearStarting(2099).label).toBe('2099-00');
    expect(financialYearStarting(2099).shortLabel).toBe('99-00');
    expect(financialYearStarting(2009).label).toBe('2009-10');
  });

  it('refuses a date that is not one', () => {
    expect(() => financialYearOf('yesterday')).toThrow(new GstInputError(GST_MESSAGES.invalidDate));
    expect(() => financialYearOf(new Date(Number.NaN))).toThrow(GstInputError);
  });

  it('agrees with the calendar month in India for any moment', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          const india = new Date(date.getTime() + 5.5 * 3600 * 1000); // IST has no daylight saving
          const year = india.getUTCFullYear();
          const start = india.getUTCMonth() >= 3 ? year : year - 1;
          expect(financialYearOf(date).start).toBe(start);
        },
      ),
    );
  });
});

describe('parseFinancialYearLabel', () => {
  it('reads YYYY-YY of consecutive years only', () => {
    expect(parseFinancialYearLabel('2026-27').start).toBe(2026);
    expect(parseFinancialYearLabel('2099-00').start).toBe(2099);
    for (const bad of ['2026-28', '26-27', '2026/27', '2026-2027', '', 'abcd-ef']) {
      expect(() => parseFinancialYearLabel(bad)).toThrow(new GstInputError(GST_MESSAGES.financialYearLabel(bad)));
    }
  });
});

describe('document numbers', () => {
  it('formats invoice numbers as PREFIX/YY-YY/NNNNNN', () => {
    expect(formatInvoiceNumber('PK', '2026-27', 123)).toBe('PK/26-27/000123');
    expect(formatInvoiceNumber('PK', '2026-27', 1)).toBe('PK/26-27/000001');
    expect(formatInvoiceNumber('INV', '2026-27', 999_999)).toBe('INV/26-27/999999');
    expect(formatInvoiceNumber('INV', '2026-27', 999_999)).toHaveLength(16);
  });

  it('numbers credit notes in their own series', () => {
    expect(creditNoteNumber('2026-27', 7)).toBe('CN/26-27/000007');
    expect(creditNoteNumber('2026-27', 7, 'CR')).toBe('CR/26-27/000007');
    expect(() => formatInvoiceNumber('CN', '2026-27', 7)).toThrow(GST_MESSAGES.invoicePrefixIsCreditNotes('CN'));
    expect(() => formatInvoiceNumber('cn', '2026-27', 7)).toThrow(GST_MESSAGES.invoicePrefixIsCreditNotes('cn'));
  });

  it('refuses a prefix that would not fit in 16 characters, or that has other characters', () => {
    expect(MAX_DOCUMENT_PREFIX_LENGTH).toBe(3);
    expect(() => formatInvoiceNumber('PUMP', '2026-27', 1)).toThrow(
      new GstInputError(
        'The prefix "PUMP" is too long: a document number has at most 16 characters (CGST Rule 46), which leaves 3 for the prefix.',
      ),
    );
    expect(() => creditNoteNumber('2026-27', 1, 'CRNT')).toThrow(GST_MESSAGES.documentPrefixLength('CRNT', 3));
    for (const bad of ['', 'P/K', 'P-K', 'P K', 'ПК']) {
      expect(() => formatInvoiceNumber(bad, '2026-27', 1)).toThrow(GST_MESSAGES.documentPrefixCharacters(bad));
    }
  });

  it('refuses a sequence outside 1-999999 and a malformed financial year', () => {
    for (const bad of [0, -1, 1.5, 1_000_000, Number.NaN]) {
      expect(() => formatInvoiceNumber('PK', '2026-27', bad)).toThrow(GST_MESSAGES.documentSequence(bad));
    }
    expect(() => formatInvoiceNumber('PK', '26-27', 1)).toThrow(GST_MESSAGES.financialYearLabel('26-27'));
  });

  it('always gives at most 16 letters, digits, "/" and "-"', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{1,3}$/).filter((p) => p.toUpperCase() !== 'CN'),
        fc.integer({ min: 2000, max: 2200 }),
        fc.integer({ min: 1, max: 999_999 }),
        (prefix, start, sequence) => {
          const label = financialYearStarting(start).label;
          const number = formatInvoiceNumber(prefix, label, sequence);
          expect(number).toMatch(DOCUMENT_NUMBER_PATTERN);
          expect(number.length).toBeLessThanOrEqual(16);
          expect(Number(number.split('/')[2])).toBe(sequence);
          expect(creditNoteNumber(label, sequence)).toMatch(DOCUMENT_NUMBER_PATTERN);
        },
      ),
    );
  });
});

describe('debit notes and the credit notes’ time limit (CGST Act s.34(2))', () => {
  it('numbers debit notes in their own series', async () => {
    const { debitNoteNumber } = await import('./financial-year');
    expect(debitNoteNumber('2026-27', 1)).toBe('DN/26-27/000001');
    expect(() => formatInvoiceNumber('DN', '2026-27', 1)).toThrow(GST_MESSAGES.invoicePrefixIsCreditNotes('DN'));
  });

  it('closes on 30 November after the supply’s financial year, by the date in India', async () => {
    const { creditNoteLastDay, creditNoteTooLate } = await import('./financial-year');
    expect(creditNoteLastDay(new Date('2026-03-31T19:00:00Z'))).toBe('2027-11-30'); // 1 April in India: FY 2026-27
    expect(creditNoteLastDay(new Date('2026-03-31T12:00:00Z'))).toBe('2026-11-30');
    const supply = new Date('2025-08-10T06:00:00Z');
    expect(creditNoteTooLate(supply, new Date('2026-11-30T18:00:00Z'))).toBe(false); // 30 Nov, 23:30 in India
    expect(creditNoteTooLate(supply, new Date('2026-11-30T18:30:00Z'))).toBe(true); // 1 Dec in India
  });
});
