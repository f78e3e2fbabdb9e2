/**
 * An amount in words in the Indian system (thousand, lakh, crore), as a tax invoice shows its total:
 * 1,23,45,678.90 -> "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety
 * Paise Only". Above 99 crore the crores keep counting ("One Hundred Twenty-Three Crore")
 * (docs/decisions/0009-gst-tax-computation.md).
 */
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1-99: "Seven", "Nineteen", "Forty", "Twenty-Three". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const tens = TENS[Math.floor(n / 10)];
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/** 1-999: "Six Hundred Seventy-Eight" (no "and" inside the number). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [`${ONES[hundreds]} Hundred`] : [];
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A positive whole number in Indian words: crore (10^7), lakh (10^5), thousand, hundred. */
export function indianNumberInWords(n: number): string {
  if (n === 0) return ONES[0];
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  const parts: string[] = [];
  if (crores > 0) parts.push(`${indianNumberInWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * "Rupees … and … Paise Only" for an integer number of paise. No paise part when the paise are zero
 * ("Rupees Zero Only", "Rupees Ten Only"); under a rupee it reads "Rupees Zero and Fifty Paise Only".
 */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new GstInputError(GST_MESSAGES.amountInWordsInvalid(paise));
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paisePart = rest > 0 ? ` and ${belowHundred(rest)} Paise` : '';
  return `Rupees ${indianNumberInWords(rupees)}${paisePart} Only`;
}
