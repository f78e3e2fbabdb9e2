/**
 * The e-way bill (CGST Rule 138, docs/decisions/0025-bill-to-ship-to-and-e-way-bills.md): needed before goods of a
 * consignment worth more than ₹50,000 move, that value being the invoice's value under section 15 with the GST
 * charged on it (Explanation 2 to Rule 138(1)). The shop generates none itself: the owner uploads the invoice's
 * Part A to the e-way bill portal and records the number the portal answers when marking the order shipped.
 */

/** ₹50,000 in paise: a consignment above it (not at it) needs an e-way bill. */
export const EWAY_BILL_THRESHOLD_PAISE = 5_000_000;

/** Whether a consignment of this value (GST included, in paise) needs an e-way bill: strictly more than ₹50,000. */
export function ewayBillRequired(consignmentValuePaise: number): boolean {
  return consignmentValuePaise > EWAY_BILL_THRESHOLD_PAISE;
}

/** The portal's e-way bill number: 12 digits. */
export const EWAY_BILL_NUMBER_PATTERN = /^\d{12}$/;

/**
 * A vehicle registration as the portal takes it, spaces and hyphens dropped: 'MH 12 AB 1234' -> 'MH12AB1234'. The
 * portal accepts several layouts (KA12KA1234, KA12K1234, KA123456, temporary and defence numbers), so only the
 * characters and length are checked here.
 */
export const VEHICLE_NUMBER_PATTERN = /^[A-Z0-9]{6,15}$/;

/** A transporter's ID: the transporter's GSTIN or the portal's 15-character TRANSIN. */
export const TRANSPORTER_ID_PATTERN = /^[0-9A-Z]{15}$/;

/** Upper case without spaces, hyphens or dots: how vehicle numbers and transporter IDs are stored. */
export function compactTransportId(text: string): string {
  return text.toUpperCase().replace(/[\s.-]+/g, '');
}
