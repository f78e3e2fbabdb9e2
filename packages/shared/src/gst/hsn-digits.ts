/**
 * How many digits of the HSN code the seller must write (docs/decisions/0027-hsn-digits-and-master.md): by the
 * aggregate turnover of the previous financial year, Notification 78/2020–Central Tax (15 October 2020, in force
 * from 1 April 2021): up to ₹5 crore, 4 digits (and none required on invoices to unregistered buyers); above ₹5
 * crore, 6 digits on every invoice. A store setting says which band the shop is in; the same ₹5 crore line decides
 * e-invoicing (Notification 10/2023–Central Tax), which reads the setting too.
 */

/** The previous financial year's aggregate turnover, as the store settings keep it. */
export const AGGREGATE_TURNOVER_BANDS = ['up-to-5-crore', 'above-5-crore'] as const;
export type AggregateTurnoverBand = (typeof AGGREGATE_TURNOVER_BANDS)[number];

/** The lawful default for a small shop, and the setting's value until the owner says otherwise. */
export const DEFAULT_AGGREGATE_TURNOVER_BAND: AggregateTurnoverBand = 'up-to-5-crore';

export const AGGREGATE_TURNOVER_LABELS: Record<AggregateTurnoverBand, string> = {
  'up-to-5-crore': 'Up to ₹5 crore',
  'above-5-crore': 'Above ₹5 crore',
};

/**
 * Whether B2B invoices and notes go to the e-invoice portal (Notification 10/2023–Central Tax): the turnover was
 * above ₹5 crore last year, or the owner says it was in some earlier year since 2017-18 (the e-invoicing switch).
 */
export const einvoicingApplies = (settings: {
  aggregateTurnoverBand: AggregateTurnoverBand;
  einvoiceEnabled: boolean;
}): boolean => settings.aggregateTurnoverBand === 'above-5-crore' || settings.einvoiceEnabled;

/** The fewest digits of an HSN code a product may carry for the band: 4 up to ₹5 crore, 6 above. */
export const minimumHsnDigits = (band: AggregateTurnoverBand): 4 | 6 => (band === 'above-5-crore' ? 6 : 4);

export const HSN_DIGITS_MESSAGES = {
  sixDigits:
    'HSN code must have at least 6 digits: the store’s aggregate turnover last year was above ₹5 crore ' +
    '(Notification 78/2020–Central Tax).',
} as const;

/** The problem with a product's HSN code for the band, or null: a code shorter than the band's minimum. */
export function hsnDigitsProblem(hsnCode: string | null | undefined, band: AggregateTurnoverBand): string | null {
  if (!hsnCode || hsnCode.length >= minimumHsnDigits(band)) return null;
  return HSN_DIGITS_MESSAGES.sixDigits;
}
