/**
 * Bill to one state, ship to another (docs/decisions/0025-bill-to-ship-to-and-e-way-bills.md): a buyer's GSTIN
 * carries the state of its registration in its first two digits, while the tax is charged by the state the goods
 * are delivered to (the place of supply, IGST Act section 10(1)(a)). When the two differ the buyer is warned
 * before paying that the invoice's input tax credit is open to a registration in the delivery state only.
 */
import { validateGstin } from './gstin';
import { findGstState, gstStateByCode, type GstState } from './states';

/** The state a GSTIN is registered in (its first two digits), or undefined for a GSTIN that fails the check. */
export function gstinRegisteredState(gstin: string | null | undefined): GstState | undefined {
  if (!gstin) return undefined;
  const check = validateGstin(gstin);
  return check.ok ? gstStateByCode(check.stateCode) : undefined;
}

export interface GstinStateMismatch {
  /** Where the GSTIN is registered. */
  gstinState: GstState;
  /** Where the goods are delivered: the place of supply. */
  deliveryState: GstState;
}

/**
 * The two states when a valid GSTIN is registered in another state than the delivery address's (free text, read as
 * placeOfSupplyOf reads it); null when they agree, without a GSTIN, or when either cannot be read (the GSTIN check
 * and the address form report those themselves).
 */
export function gstinStateMismatch(
  gstin: string | null | undefined,
  deliveryStateText: string | null | undefined,
): GstinStateMismatch | null {
  const gstinState = gstinRegisteredState(gstin);
  const deliveryState = deliveryStateText ? findGstState(deliveryStateText) : undefined;
  if (!gstinState || !deliveryState || gstinState.code === deliveryState.code) return null;
  return { gstinState, deliveryState };
}
