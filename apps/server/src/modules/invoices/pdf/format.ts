/** How the invoice PDF writes amounts, dates and addresses. */
import { INDIA_TIME_ZONE, type DocumentAddress } from '@pumpkart/shared';

/** Integer paise with Indian digit grouping and 2 decimals: 1234567890 -> '1,23,45,678.90' (exact, no floats). */
export function formatPaiseIndian(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const decimals = String(abs % 100).padStart(2, '0');
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last3}` : last3;
  return `${sign}${grouped}.${decimals}`;
}

/** An amount with the rupee sign: '₹1,23,45,678.90'. */
export function formatRupees(paise: number): string {
  return `₹${formatPaiseIndian(paise)}`;
}

const istDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The calendar date in India as dd-mm-yyyy: '2026-03-31T23:30:00Z' -> '01-04-2026'. */
export function formatIndianDate(iso: string): string {
  const parts = istDate.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

export function formatRate(rate: number): string {
  return `${rate}%`;
}

export function addressLines(address: DocumentAddress): string[] {
  const lines = [address.line1];
  if (address.line2) lines.push(address.line2);
  lines.push(`${address.city} - ${address.postalCode}, ${address.state}`);
  if (address.country && address.country.trim().toLowerCase() !== 'india') lines.push(address.country);
  return lines;
}
