/**
 * The GSTIN check: the 15-character registration number of a regular taxpayer is the state code (2 digits), the
 * holder's PAN (10), the registration count on that PAN (1), 'Z' (1) and a check character (1), computed by the
 * Luhn mod 36 algorithm over the first 14 characters (docs/decisions/0009-gst-tax-computation.md).
 */
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';
import { gstStateByCode, retiredGstState } from './states';

export const GSTIN_LENGTH = 15;

/** The alphabet of the check: 0-9 are worth 0-9, A-Z are worth 10-35. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

export type GstinCheck = { ok: true; gstin: string; stateCode: string; pan: string } | { ok: false; reason: string };

/**
 * The check character of a GSTIN from its first 14 characters (upper case 0-9, A-Z). From the left, each
 * character's value is multiplied by 1, 2, 1, 2, ...; each product is written in base 36 and its two digits are
 * added (quotient + remainder); the check character is the one worth (36 - sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  const text = first14.toUpperCase();
  if (text.length !== GSTIN_LENGTH - 1) throw new GstInputError(GST_MESSAGES.gstinFirst14);
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) {
    const value = ALPHABET.indexOf(text[i]);
    if (value < 0) throw new GstInputError(GST_MESSAGES.gstinFirst14);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/**
 * Checks a GSTIN as typed: surrounding spaces are dropped and letters upper-cased; on success the normalised
 * GSTIN, its state code and PAN come back, otherwise the reason names the first part that is wrong.
 */
export function validateGstin(input: string): GstinCheck {
  const gstin = input.trim().toUpperCase();
  if (gstin.length === 0) return { ok: false, reason: GST_MESSAGES.gstinRequired };
  if (gstin.length !== GSTIN_LENGTH) return { ok: false, reason: GST_MESSAGES.gstinLength(gstin.length) };

  const stateCode = gstin.slice(0, 2);
  if (!gstStateByCode(stateCode)) {
    const retired = retiredGstState(stateCode);
    const current = retired && gstStateByCode(retired.replacedBy);
    return {
      ok: false,
      reason:
        retired && current
          ? GST_MESSAGES.gstinRetiredStateCode(stateCode, retired.name, current.code, current.name)
          : GST_MESSAGES.gstinStateCode(stateCode),
    };
  }

  const pan = gstin.slice(2, 12);
  if (!PAN.test(pan)) return { ok: false, reason: GST_MESSAGES.gstinPan(pan) };

  const entity = gstin[12];
  if (!/^[1-9A-Z]$/.test(entity)) return { ok: false, reason: GST_MESSAGES.gstinEntityNumber(entity) };

  if (gstin[13] !== 'Z') return { ok: false, reason: GST_MESSAGES.gstinFourteenth(gstin[13]) };

  const expected = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin[14] !== expected) return { ok: false, reason: GST_MESSAGES.gstinCheckCharacter(expected, gstin[14]) };

  return { ok: true, gstin, stateCode, pan };
}
