/**
 * The one home of the GST computation of an invoice. Prices are GST-inclusive: each line's taxable value is taken
 * out of what the buyer paid and rounded to the paisa, the tax is the rest, so every line and the invoice reconcile
 * with the amount paid. A supply inside the seller's state pays CGST + SGST (CGST + UTGST in a union territory
 * without a legislature), each computed as the GST portal does, taxable value × half the rate, so the two halves
 * are equal; any other supply pays IGST, taxable value × the rate. A line's value is its taxable value plus those
 * taxes, which can be a paisa off what the buyer paid for it: the invoice carries the difference as its round-off,
 * so its total is still what was charged. The delivery charge follows the highest-rated line, or is shared out over
 * the goods by value (docs/decisions/0009-gst-tax-computation.md, docs/decisions/0024-delivery-charge-tax.md).
 */
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';
import { requireGstStateByCode, type GstState } from './states';

/** The GST rates in percent that a line may carry. */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

export function isGstRate(rate: number): rate is GstRate {
  return (GST_RATES as readonly number[]).includes(rate);
}

/**
 * The money of a line, a summary row or an invoice, all integer paise. taxable + tax = inclusive. On a line computed
 * with equal halves (docs/decisions/0023-equal-tax-halves.md) inclusive can differ by a paisa from what the buyer paid
 * for the line; TaxComputation.roundOffPaise holds the invoice's difference.
 */
export interface TaxAmounts {
  taxablePaise: number;
  cgstPaise: number;
  /** State tax, inside a state or a union territory with a legislature. */
  sgstPaise: number;
  /** Union territory tax, inside a union territory without a legislature. */
  utgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + utgst + igst. */
  taxPaise: number;
  /** The value of the line or lines: taxable + tax. */
  inclusivePaise: number;
}

export interface InvoiceLineInput {
  description: string;
  /** HSN code of the goods (SAC for a service): 4, 6 or 8 digits. */
  hsn: string;
  quantity: number;
  ratePercent: number;
  /** The line's amount as the buyer paid it, GST included, in paise. */
  inclusivePaise: number;
}

/**
 * How the delivery charge is taxed (docs/decisions/0024-delivery-charge-tax.md): shared out over the goods by
 * their value, each share at its goods' rate and HSN code, or as one line at the highest rate of the goods.
 */
export const DELIVERY_TAX_METHODS = ['apportioned', 'highest-rate'] as const;
export type DeliveryTaxMethod = (typeof DELIVERY_TAX_METHODS)[number];

export interface TaxInput {
  /** GST state code of the seller's registration, e.g. '27'. */
  sellerStateCode: string;
  /** GST state code of the place of supply: the delivery address's state (placeOfSupplyOf). */
  placeOfSupplyStateCode: string;
  lines: readonly InvoiceLineInput[];
  /** GST-inclusive delivery charge in paise; 0 or absent for none. */
  deliveryChargePaise?: number;
  /** 'highest-rate' when absent, as invoices were computed before the store chose. */
  deliveryTaxMethod?: DeliveryTaxMethod;
}

export type SupplyType = 'intra-state' | 'inter-state';

export interface TaxedLine extends TaxAmounts {
  kind: 'goods' | 'delivery';
  description: string;
  hsn: string;
  /** Units of goods; 0 on the delivery line, which adds value but no goods. */
  quantity: number;
  ratePercent: GstRate;
}

export interface TaxComputation {
  seller: GstState;
  placeOfSupply: GstState;
  supplyType: SupplyType;
  /** The tax beside CGST on an intra-state supply; null inter-state (IGST only). */
  stateTax: 'SGST' | 'UTGST' | null;
  /** The goods lines in input order, then the delivery line when there is a delivery charge. */
  lines: TaxedLine[];
  totals: TaxAmounts;
  /** What the buyer was charged (the goods and the delivery charge, GST included) less totals.inclusivePaise. */
  roundOffPaise: number;
  /** What the buyer was charged: the invoice's total, totals.inclusivePaise + roundOffPaise. */
  chargedPaise: number;
  /** How the delivery charge was taxed; null without one. */
  deliveryTaxMethod: DeliveryTaxMethod | null;
}

const HSN = /^\d{4}(?:\d{2}){0,2}$/;

/** Rate in basis points (hundredths of a percent), so that 0.25 % is the integer 25. */
function basisPoints(rate: GstRate): bigint {
  return BigInt(Math.round(rate * 100));
}

/**
 * The taxable value inside a GST-inclusive amount: inclusive × 100 / (100 + rate), rounded to the nearest paisa
 * (a half paisa up). Integer arithmetic throughout, so no amount is too large to be exact.
 */
export function taxableValuePaise(inclusivePaise: number, rate: GstRate): number {
  const numerator = BigInt(inclusivePaise) * 10_000n;
  const denominator = 10_000n + basisPoints(rate);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** taxable × basis points / divisor, rounded to the nearest paisa (a half paisa up), in integers. */
function percentOf(taxablePaise: number, rate: GstRate, divisor: bigint): number {
  const numerator = BigInt(taxablePaise) * basisPoints(rate);
  return Number((2n * numerator + divisor) / (2n * divisor));
}

/**
 * A line's taxes from its taxable value, each head computed as the GST portal does: inside the state CGST and
 * SGST (or UTGST) are each round(taxable × rate / 2), so they are always equal; across states IGST is
 * round(taxable × rate).
 */
export function taxHeads(
  taxablePaise: number,
  rate: GstRate,
  supplyType: SupplyType,
  stateTax: 'SGST' | 'UTGST',
): Pick<TaxAmounts, 'cgstPaise' | 'sgstPaise' | 'utgstPaise' | 'igstPaise' | 'taxPaise'> {
  if (supplyType === 'inter-state') {
    const igstPaise = percentOf(taxablePaise, rate, 10_000n);
    return { cgstPaise: 0, sgstPaise: 0, utgstPaise: 0, igstPaise, taxPaise: igstPaise };
  }
  const half = percentOf(taxablePaise, rate, 20_000n);
  return stateTax === 'UTGST'
    ? { cgstPaise: half, sgstPaise: 0, utgstPaise: half, igstPaise: 0, taxPaise: 2 * half }
    : { cgstPaise: half, sgstPaise: half, utgstPaise: 0, igstPaise: 0, taxPaise: 2 * half };
}

function checkPaise(what: string, value: number): void {
  if (!Number.isInteger(value)) throw new GstInputError(GST_MESSAGES.notWholePaise(what, value));
  if (value < 0) throw new GstInputError(GST_MESSAGES.negativeAmount(what, value));
  if (!Number.isSafeInteger(value)) throw new GstInputError(GST_MESSAGES.amountTooLarge(what));
}

function checkLine(line: InvoiceLineInput, number: number): GstRate {
  if (typeof line.description !== 'string' || line.description.trim() === '') {
    throw new GstInputError(GST_MESSAGES.emptyDescription(number));
  }
  if (typeof line.hsn !== 'string' || !HSN.test(line.hsn)) {
    throw new GstInputError(GST_MESSAGES.badHsn(number, String(line.hsn)));
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new GstInputError(GST_MESSAGES.badQuantity(number, line.quantity));
  }
  if (!isGstRate(line.ratePercent)) throw new GstInputError(GST_MESSAGES.unknownRate(number, line.ratePercent));
  checkPaise(GST_MESSAGES.lineLabel(number), line.inclusivePaise);
  return line.ratePercent;
}

/**
 * The line whose rate the delivery charge takes: the highest rate; among equal rates the largest amount, then
 * the first. Its HSN code is the one the delivery charge is reported under.
 */
export function principalLineIndex(lines: ReadonlyArray<Pick<InvoiceLineInput, 'ratePercent' | 'inclusivePaise'>>) {
  let best = -1;
  lines.forEach((line, index) => {
    const current = lines[best];
    if (
      !current ||
      line.ratePercent > current.ratePercent ||
      (line.ratePercent === current.ratePercent && line.inclusivePaise > current.inclusivePaise)
    ) {
      best = index;
    }
  });
  return best;
}

/**
 * The delivery charge shared out over the goods by their value, per HSN code and rate (in the goods' order): each
 * group's share is the charge × its value / the goods' value, rounded down, and the paise left go one each to the
 * groups with the largest fractions (the first among equals), so the shares add up to the charge exactly. Goods
 * of no value give no weights: the whole charge then goes to the principal line's group.
 */
export function apportionDelivery(
  lines: ReadonlyArray<Pick<InvoiceLineInput, 'hsn' | 'ratePercent' | 'inclusivePaise'>>,
  deliveryChargePaise: number,
): Array<{ hsn: string; ratePercent: number; sharePaise: number }> {
  const groups: Array<{ hsn: string; ratePercent: number; valuePaise: number; sharePaise: number; rest: bigint }> = [];
  for (const line of lines) {
    const group = groups.find((g) => g.hsn === line.hsn && g.ratePercent === line.ratePercent);
    if (group) group.valuePaise += line.inclusivePaise;
    else
      groups.push({
        hsn: line.hsn,
        ratePercent: line.ratePercent,
        valuePaise: line.inclusivePaise,
        sharePaise: 0,
        rest: 0n,
      });
  }
  const total = BigInt(groups.reduce((sum, group) => sum + group.valuePaise, 0));
  if (total === 0n) {
    const principal = lines[principalLineIndex(lines)]!;
    return [{ hsn: principal.hsn, ratePercent: principal.ratePercent, sharePaise: deliveryChargePaise }];
  }
  const charge = BigInt(deliveryChargePaise);
  let left = deliveryChargePaise;
  for (const group of groups) {
    const product = charge * BigInt(group.valuePaise);
    group.sharePaise = Number(product / total);
    group.rest = product % total;
    left -= group.sharePaise;
  }
  const byRest = [...groups].sort((a, b) => (a.rest === b.rest ? 0 : a.rest > b.rest ? -1 : 1));
  for (let i = 0; i < left; i += 1) byRest[i]!.sharePaise += 1;
  return groups.map(({ hsn, ratePercent, sharePaise }) => ({ hsn, ratePercent, sharePaise }));
}

/** Adds up amounts (lines, summary rows, invoices). */
export function sumTaxAmounts(rows: readonly TaxAmounts[]): TaxAmounts {
  const total: TaxAmounts = {
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    utgstPaise: 0,
    igstPaise: 0,
    taxPaise: 0,
    inclusivePaise: 0,
  };
  for (const row of rows) {
    total.taxablePaise += row.taxablePaise;
    total.cgstPaise += row.cgstPaise;
    total.sgstPaise += row.sgstPaise;
    total.utgstPaise += row.utgstPaise;
    total.igstPaise += row.igstPaise;
    total.taxPaise += row.taxPaise;
    total.inclusivePaise += row.inclusivePaise;
  }
  return total;
}

/**
 * The amounts of one GST-inclusive amount at a rate, for a supply of that type: the taxable value inside it, the
 * taxes on that value (taxHeads), and their sum, which may be a paisa more or less than the amount.
 */
export function taxAmountsOf(
  paidPaise: number,
  rate: GstRate,
  supplyType: SupplyType,
  stateTax: 'SGST' | 'UTGST',
): TaxAmounts {
  const taxablePaise = taxableValuePaise(paidPaise, rate);
  const heads = taxHeads(taxablePaise, rate, supplyType, stateTax);
  return { taxablePaise, ...heads, inclusivePaise: taxablePaise + heads.taxPaise };
}

/**
 * The GST of an invoice. Refuses (GstInputError) an unknown or retired state code, an invoice without lines, a
 * rate outside GST_RATES, a negative or fractional amount, a quantity below 1 or a malformed HSN code.
 */
export function computeTax(input: TaxInput): TaxComputation {
  const seller = requireGstStateByCode(input.sellerStateCode);
  const placeOfSupply = requireGstStateByCode(input.placeOfSupplyStateCode);
  const deliveryChargePaise = input.deliveryChargePaise ?? 0;
  checkPaise(GST_MESSAGES.deliveryChargeLabel, deliveryChargePaise);
  if (input.lines.length === 0) {
    throw new GstInputError(deliveryChargePaise > 0 ? GST_MESSAGES.deliveryWithoutLines : GST_MESSAGES.noLines);
  }
  const rates = input.lines.map((line, index) => checkLine(line, index + 1));
  const grandTotal = input.lines.reduce((sum, line) => sum + line.inclusivePaise, deliveryChargePaise);
  if (!Number.isSafeInteger(grandTotal)) throw new GstInputError(GST_MESSAGES.amountTooLarge('The invoice total'));

  const supplyType: SupplyType = seller.code === placeOfSupply.code ? 'intra-state' : 'inter-state';
  const stateTax = placeOfSupply.stateTax;

  const lines: TaxedLine[] = input.lines.map((line, index) => ({
    kind: 'goods',
    description: line.description.trim(),
    hsn: line.hsn,
    quantity: line.quantity,
    ratePercent: rates[index],
    ...taxAmountsOf(line.inclusivePaise, rates[index], supplyType, stateTax),
  }));

  const deliveryTaxMethod = deliveryChargePaise > 0 ? (input.deliveryTaxMethod ?? 'highest-rate') : null;
  if (deliveryTaxMethod === 'highest-rate') {
    const principal = lines[principalLineIndex(lines)];
    lines.push({
      kind: 'delivery',
      description: GST_MESSAGES.deliveryLineDescription,
      hsn: principal.hsn,
      quantity: 0,
      ratePercent: principal.ratePercent,
      ...taxAmountsOf(deliveryChargePaise, principal.ratePercent, supplyType, stateTax),
    });
  } else if (deliveryTaxMethod === 'apportioned') {
    for (const share of apportionDelivery(lines, deliveryChargePaise)) {
      if (share.sharePaise === 0) continue;
      const ratePercent = share.ratePercent as GstRate;
      lines.push({
        kind: 'delivery',
        description: GST_MESSAGES.deliveryLineDescription,
        hsn: share.hsn,
        quantity: 0,
        ratePercent,
        ...taxAmountsOf(share.sharePaise, ratePercent, supplyType, stateTax),
      });
    }
  }

  const totals = sumTaxAmounts(lines);
  return {
    seller,
    placeOfSupply,
    supplyType,
    stateTax: supplyType === 'intra-state' ? stateTax : null,
    lines,
    totals,
    roundOffPaise: grandTotal - totals.inclusivePaise,
    chargedPaise: grandTotal,
    deliveryTaxMethod,
  };
}
