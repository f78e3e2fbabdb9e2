import { describe, expect, it } from 'vitest';
import { CalendarDayError, addDays, addMonths, compareDays, dayFromNumber, dayNumber, parseCalendarDay } from './dates';

describe('calendar days', () => {
  it('parses only days the calendar has, written YYYY-MM-DD', () => {
    expect(parseCalendarDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const wrong of [
      '2027-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-05',
      '05-01-2026',
      '',
    ])
      expect(() => parseCalendarDay(wrong), wrong).toThrow(CalendarDayError);
    expect(parseCalendarDay('2000-02-29').day).toBe(29); // divisible by 400: a leap year
  });

  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31'); // from the given day, not from 28 Feb
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-31');
    expect(addMonths('2026-05-10', 0)).toBe('2026-05-10');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2027-01-15', -13)).toBe('2025-12-15');
  });

  it('adds days across month, year and leap-day ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-06', -30)).toBe('2026-12-07');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('2028-01-01', 365)).toBe('2028-12-31');
  });

  it('numbers days from 1970-01-01 and back, as the calendar counts them', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2026-11-28')).toBe(Date.UTC(2026, 10, 28) / 86_400_000);
    expect(dayNumber('1969-12-31')).toBe(-1);
    // Every day of a leap year and its neighbours survives the round trip and agrees with the platform's calendar.
    for (let n = dayNumber('2027-12-01'); n <= dayNumber('2029-01-31'); n++) {
      const day = dayFromNumber(n);
      expect(dayNumber(day)).toBe(n);
      expect(day).toBe(new Date(n * 86_400_000).toISOString().slice(0, 10));
    }
  });

  it('compares days', () => {
    expect(compareDays('2026-01-31', '2026-02-01')).toBeLessThan(0);
    expect(compareDays('2026-02-01', '2026-02-01')).toBe(0);
    expect(compareDays('2027-01-01', '2026-12-31')).toBeGreaterThan(0);
  });
});
