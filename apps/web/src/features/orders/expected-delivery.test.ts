import { describe, expect, it } from 'vitest';
import { expectedDeliveryDate, formatDeliveryDate } from './expected-delivery';

const on = (y: number, m: number, d: number, h = 10) => new Date(y, m - 1, d, h, 30);
const ymd = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('expectedDeliveryDate (7 business days, Mon-Sat)', () => {
  it('counts 7 business days after the order date, skipping Sundays', () => {
    // Sat 15 Mar 2025: Mon 17 .. Sat 22 is 6 days (Sun 16 skipped), Mon 24 the 7th.
    expect(ymd(expectedDeliveryDate(on(2025, 3, 15)))).toEqual([2025, 3, 24]);
    // Mon 17 Mar 2025: Tue 18 .. Sat 22 (5), Mon 24 (6), Tue 25 (7).
    expect(ymd(expectedDeliveryDate(on(2025, 3, 17)))).toEqual([2025, 3, 25]);
    // An order on a Sunday: Mon 17 .. Sat 22 (6), Mon 24 (7).
    expect(ymd(expectedDeliveryDate(on(2025, 3, 16)))).toEqual([2025, 3, 24]);
  });

  it('does not depend on the time of day, and crosses months', () => {
    expect(ymd(expectedDeliveryDate(on(2025, 3, 28, 23)))).toEqual([2025, 4, 5]);
    expect(ymd(expectedDeliveryDate(on(2025, 3, 28, 0)))).toEqual([2025, 4, 5]);
  });

  it('formats the date for India', () => {
    expect(formatDeliveryDate(new Date(2025, 2, 25))).toBe(
      new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date(2025, 2, 25),
      ),
    );
  });
});
