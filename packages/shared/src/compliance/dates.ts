/**
 * Calendar arithmetic on India calendar days written 'YYYY-MM-DD' (docs/compliance-schedules.md#due-dates).
 * Plain year/month/day integers, never a Date: a day of the register has no time and no time zone, and a Date would
 * bring the server's zone (or daylight saving elsewhere) into a sum that must give the same day everywhere.
 */

export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to the month's length. */
  day: number;
}

/** A day written wrongly ('2026-2-3') or that the calendar lacks ('2027-02-29'). */
export class CalendarDayError extends Error {
  constructor(text: string) {
    super(`Not a calendar day as YYYY-MM-DD: ${JSON.stringify(text)}.`);
    this.name = 'CalendarDayError';
  }
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function parseCalendarDay(text: string): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new CalendarDayError(text);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new CalendarDayError(text);
  return { year, month, day };
}

export function formatCalendarDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * `months` calendar months after `day` (or before, when negative), kept on the same day of the month; a day the
 * target month lacks becomes its last day: 31 Jan + 1 = 28 Feb (29 in a leap year), 29 Feb 2028 + 12 = 28 Feb 2029.
 * Each sum starts from the given day, so 31 Jan + 2 months is 31 Mar, not 28 Mar.
 */
export function addMonths(text: string, months: number): string {
  const { year, month, day } = parseCalendarDay(text);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatCalendarDay({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Days since 1970-01-01 of a day of the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
export function dayNumber(text: string): number {
  const { year, month, day } = parseCalendarDay(text);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The day numbered `days` since 1970-01-01 (the inverse of dayNumber: civil_from_days). */
export function dayFromNumber(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return formatCalendarDay({ year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day });
}

/** `days` days after `text` (before, when negative). */
export function addDays(text: string, days: number): string {
  return dayFromNumber(dayNumber(text) + days);
}

/** Negative, zero or positive as `a` is before, on or after `b` (both checked days). */
export function compareDays(a: string, b: string): number {
  return dayNumber(a) - dayNumber(b);
}
