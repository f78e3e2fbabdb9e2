/**
 * The months of the GST report page (docs/shop-rules.md#gst-report): 'YYYY-MM' calendar months in India, the
 * previous one by default (the return a seller files next), one step back or forward, and their labels.
 */
import { GST_REPORT_MONTH_PATTERN } from '@pumpkart/shared';

const IST_OFFSET_MS = 330 * 60 * 1000;

const format = (year: number, monthIndex: number) => `${year}-${String(monthIndex + 1).padStart(2, '0')}`;

/** The month a moment falls in, in India. */
export function monthOf(now: Date): string {
  const inIndia = new Date(now.getTime() + IST_OFFSET_MS);
  return format(inIndia.getUTCFullYear(), inIndia.getUTCMonth());
}

/** The month `steps` months after `month` (before it when negative): addMonths('2026-01', -1) = '2025-12'. */
export function addMonths(month: string, steps: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + steps;
  return format(Math.floor(index / 12), index % 12);
}

/** The month before the one `now` is in, in India: the month whose return is due. */
export const previousMonth = (now: Date) => addMonths(monthOf(now), -1);

/** The month if it is one the report accepts, else null. */
export const validMonth = (text: string | null | undefined): string | null =>
  text && GST_REPORT_MONTH_PATTERN.test(text) ? text : null;

/** 'November 2026'. */
export const longMonthLabel = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
};
