/**
 * Until when an unpaid online order can be paid (the order's `payBy`, docs/shop-rules.md#payments),
 * in words: the time alone on the same day ('4:30 pm'), else the date too ('16 Mar 2025, 12:10 am').
 */
const timeOnly = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
const dateAndTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function formatPayBy(payBy: string, now: Date = new Date()): string {
  const at = new Date(payBy);
  return at.toDateString() === now.toDateString() ? timeOnly.format(at) : dateAndTime.format(at);
}
