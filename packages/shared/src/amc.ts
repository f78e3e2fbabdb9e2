/**
 * Annual maintenance contracts (docs/shop-rules.md#amc): a contract runs a year from the day its order was delivered,
 * and its visits fall due at the end of equal parts of that year. Calendar days as YYYY-MM-DD, India's, as in
 * compliance/dates.ts; no zod here, so the storefront may read it without bundling zod.
 */
import { addDays, addMonths, daysInMonth, parseCalendarDay } from './compliance/dates';

/** Visits a year an AMC product may have: the whole numbers of months that divide a year, so visits are equally spaced. */
export const AMC_VISITS_PER_YEAR = [1, 2, 3, 4, 6, 12] as const;
export type AmcVisitsPerYear = (typeof AMC_VISITS_PER_YEAR)[number];
export const AMC_DEFAULT_VISITS_PER_YEAR = 4;

/**
 * The last day of the period of `months` months starting on `startsOn`: the day before the same day `months` later,
 * or, when that month lacks the day (31 January + 3 months, 29 February + 12), that month's last day, since the
 * period's next day is then the 1st of the month after.
 */
export function periodEnd(startsOn: string, months: number): string {
  const { day } = parseCalendarDay(startsOn);
  const same = addMonths(startsOn, months);
  const target = parseCalendarDay(same);
  return day > daysInMonth(target.year, target.month) ? same : addDays(same, -1);
}

/** The last day of a contract starting on `startsOn`: a year less a day (29 Feb 2028 runs to 28 Feb 2029). */
export const amcEndsOn = (startsOn: string) => periodEnd(startsOn, 12);

/**
 * The days a contract's visits fall due, in order: the year cut into `visitsPerYear` equal parts of whole months,
 * each visit due by the last day of its part, the last one on the contract's last day (quarterly from 1 January:
 * 31 March, 30 June, 30 September, 31 December).
 */
export function amcVisitDueDays(startsOn: string, visitsPerYear: AmcVisitsPerYear): string[] {
  const months = 12 / visitsPerYear;
  return Array.from({ length: visitsPerYear }, (_, index) => periodEnd(startsOn, months * (index + 1)));
}
