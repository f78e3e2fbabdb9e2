/**
 * Display helpers of the admin area: short order ids, dates, rupee amounts
 * and the month labels of the charts. Dates and times are India's, whatever the browser's zone: the lists'
 * date filters are India days (docs/shop-rules.md#admin-lists), so a row's date always matches its filter.
 */
import { formatAmount, formatIndianNumber, INDIA_TIME_ZONE } from '@pumpkart/shared';

/** Order ids are shown as their last 6 characters. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(-6) : '—');

/** An amount with the rupee sign, Indian grouping and 2 decimals, e.g. '₹1,234.50'. */
export const rupees = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? formatAmount(value) : '—';

/** A whole-rupee figure with Indian grouping, e.g. 1234567 -> '₹12,34,567' (dashboard card, chart axes). */
export const rupeesWhole = (value: number) => `₹${formatIndianNumber(value)}`;

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: INDIA_TIME_ZONE,
});

function asDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** e.g. '05 Jun 2026'. */
export function formatDate(value: string | null | undefined): string {
  const date = asDate(value);
  return date ? dateFormat.format(date) : '—';
}

/** e.g. '05 Jun 2026, 02:30 pm'. */
export function formatDateTime(value: string | null | undefined): string {
  const date = asDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The stats contract's 'YYYY-MM' month as a chart label, e.g. '2026-06' -> 'Jun 2026'. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  return match && index >= 0 && index < 12 ? `${MONTHS[index]} ${match[1]}` : month;
}

/** Text shown for a missing value in tables and detail lists. */
export const orDash = (value: string | null | undefined) => (value && value.trim() ? value : '—');
