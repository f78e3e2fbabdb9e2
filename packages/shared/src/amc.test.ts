import { describe, expect, it } from 'vitest';
import { amcEndsOn, amcVisitDueDays } from './amc';

describe('annual maintenance contract days', () => {
  it('ends a year less a day after it starts', () => {
    expect(amcEndsOn('2026-01-01')).toBe('2026-12-31');
    expect(amcEndsOn('2026-12-07')).toBe('2027-12-06');
    expect(amcEndsOn('2027-03-01')).toBe('2028-02-29');
  });

  it('ends on 28 February when it starts on 29 February', () => {
    expect(amcEndsOn('2028-02-29')).toBe('2029-02-28');
    expect(amcVisitDueDays('2028-02-29', 4)).toEqual(['2028-05-28', '2028-08-28', '2028-11-28', '2029-02-28']);
  });

  it('spaces visits by whole months, each due on the last day of its part of the year', () => {
    expect(amcVisitDueDays('2026-01-01', 4)).toEqual(['2026-03-31', '2026-06-30', '2026-09-30', '2026-12-31']);
    expect(amcVisitDueDays('2026-01-01', 1)).toEqual(['2026-12-31']);
    expect(amcVisitDueDays('2026-01-15', 2)).toEqual(['2026-07-14', '2027-01-14']);
    expect(amcVisitDueDays('2026-01-01', 12)).toHaveLength(12);
  });

  it('ends a part on a short month’s last day when it starts on a day that month lacks', () => {
    expect(amcVisitDueDays('2026-01-31', 12).slice(0, 3)).toEqual(['2026-02-28', '2026-03-30', '2026-04-30']);
    expect(amcVisitDueDays('2026-11-30', 4)).toEqual(['2027-02-28', '2027-05-29', '2027-08-29', '2027-11-29']);
    expect(amcVisitDueDays('2027-11-30', 4)[0]).toBe('2028-02-29');
  });
});
