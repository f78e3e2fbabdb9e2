/**
 * The expected delivery date shown on the order confirmation (docs/shop-rules.md#orders): delivery
 * takes up to 7 business days (the terms page), Monday to Saturday being business days. Counted
 * from the day after the order was placed, in the buyer's own calendar: the 7th business day after
 * the order date. Sundays are skipped; public holidays are not known to the shop and not skipped.
 */
export const DELIVERY_BUSINESS_DAYS = 7;

const SUNDAY = 0;

export function expectedDeliveryDate(placedAt: Date, businessDays: number = DELIVERY_BUSINESS_DAYS): Date {
  const day = new Date(placedAt.getFullYear(), placedAt.getMonth(), placedAt.getDate());
  let counted = 0;
  while (counted < businessDays) {
    day.setDate(day.getDate() + 1);
    if (day.getDay() !== SUNDAY) counted += 1;
  }
  return day;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** 'Tue, 25 Mar 2025'. */
export const formatDeliveryDate = (date: Date) => dateFormat.format(date);
