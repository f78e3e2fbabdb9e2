/**
 * The snapshots of a return's credit note and of a debit note (CGST Act s.34, Rule 53; docs/shop-rules.md#returns,
 * #debit-notes), built from the invoice they correct: its seller, buyer, place of supply, and each line's HSN code
 * and rate as the invoice printed them. Pure functions: no database, no clock.
 *
 * A return's credit note holds the returned units of each line at the invoice's unit price, and the delivery
 * charge's share of those units (the caller computes it, deliveryShareOf), taxed as the invoice taxed its delivery
 * charge: apportioned over the returned goods by value, or at the invoice's highest rate
 * (docs/decisions/0030-returns-and-notes.md).
 */
import {
  computeTax,
  documentTotalPaise,
  rupeesInWords,
  sumTaxAmounts,
  taxAmountsOf,
  type DocumentLine,
  type GstRate,
  type TaxDocument,
  type TaxedLine,
} from '@pumpkart/shared';

const GOODS_UNIT = 'NOS';
const DELIVERY_UNIT = 'OTH';

/** One invoice goods line (its index among the invoice's goods lines) and how much of it the note is for. */
export interface NotePart {
  index: number;
  /** Units returned (credit note); the line's units (debit note). */
  quantity: number;
  /** The GST-inclusive amount: units × unit price (credit note), the raise (debit note). */
  inclusivePaise: number;
}

/**
 * The delivery charge's share of a return, pro rata to the value of the goods returned: the share of everything
 * returned so far (this return included) less the shares already given, so that returning every unit, in any
 * number of returns, gives back exactly the delivery charge.
 */
export function deliveryShareOf(
  shippingPaise: number,
  goodsPaise: number,
  returnedBeforePaise: number,
  returnedNowPaise: number,
): number {
  if (shippingPaise <= 0 || goodsPaise <= 0) return 0;
  const upTo = (value: number) => Number((BigInt(shippingPaise) * BigInt(value)) / BigInt(goodsPaise));
  const all = returnedBeforePaise + returnedNowPaise;
  // The last unit takes any paise left by rounding down.
  const through = all >= goodsPaise ? shippingPaise : upTo(all);
  return through - upTo(returnedBeforePaise);
}

const goodsLinesOf = (invoice: TaxDocument) => invoice.lines.filter((line) => line.kind === 'goods');

function noteOf(
  invoice: TaxDocument,
  kind: 'credit-note' | 'debit-note',
  lines: DocumentLine[],
  chargedPaise: number,
  number: string,
  issuedAt: Date,
  reason: string,
): TaxDocument {
  const totals = sumTaxAmounts(lines);
  return {
    ...invoice,
    kind,
    number,
    issuedAt: issuedAt.toISOString(),
    reference: { number: invoice.number, issuedAt: invoice.issuedAt, totalPaise: documentTotalPaise(invoice) },
    reason,
    partial: kind === 'credit-note',
    lines,
    totals,
    roundOffPaise: chargedPaise - totals.inclusivePaise,
    deliveryTaxMethod: lines.some((line) => line.kind === 'delivery') ? invoice.deliveryTaxMethod : null,
    amountInWords: rupeesInWords(chargedPaise),
    irn: null,
    signedQrCode: null,
  };
}

function taxedGoods(invoice: TaxDocument, parts: readonly NotePart[], deliveryPaise: number, apportion: boolean) {
  const goods = goodsLinesOf(invoice);
  return computeTax({
    sellerStateCode: invoice.seller.stateCode,
    placeOfSupplyStateCode: invoice.placeOfSupply.code,
    lines: parts.map((part) => {
      const line = goods[part.index]!;
      return {
        description: line.description,
        hsn: line.hsn,
        quantity: part.quantity,
        ratePercent: line.ratePercent,
        inclusivePaise: part.inclusivePaise,
      };
    }),
    deliveryChargePaise: apportion ? deliveryPaise : 0,
    deliveryTaxMethod: 'apportioned',
  });
}

function asDocumentLines(invoice: TaxDocument, parts: readonly NotePart[], taxed: TaxedLine[], perUnit: boolean) {
  const goods = goodsLinesOf(invoice);
  return taxed.map((line, index): DocumentLine => {
    if (line.kind !== 'goods') return { ...line, unit: DELIVERY_UNIT, unitPricePaise: 0, certificates: [] };
    const source = goods[parts[index]!.index]!;
    return {
      ...line,
      unit: GOODS_UNIT,
      unitPricePaise: perUnit ? source.unitPricePaise : 0,
      certificates: source.certificates,
    };
  });
}

/** The credit note of a return: the returned units of the invoice's lines and their delivery share. */
export function returnCreditNoteDocument(
  invoice: TaxDocument,
  parts: readonly NotePart[],
  deliverySharePaise: number,
  number: string,
  issuedAt: Date,
  reason: string,
): TaxDocument {
  const highestRate = invoice.deliveryTaxMethod !== 'apportioned';
  const tax = taxedGoods(invoice, parts, deliverySharePaise, !highestRate);
  const lines = asDocumentLines(invoice, parts, tax.lines, true);
  if (highestRate && deliverySharePaise > 0) {
    // The invoice taxed its delivery charge at its highest rate: the share goes back at that same rate and code.
    const delivery = invoice.lines.find((line) => line.kind === 'delivery') ?? goodsLinesOf(invoice)[0]!;
    const rate = delivery.ratePercent as GstRate;
    const stateTax = invoice.stateTax ?? 'SGST';
    lines.push({
      kind: 'delivery',
      description: delivery.kind === 'delivery' ? delivery.description : 'Delivery charge',
      hsn: delivery.hsn,
      quantity: 0,
      ratePercent: rate,
      ...taxAmountsOf(deliverySharePaise, rate, invoice.supplyType, stateTax),
      unit: DELIVERY_UNIT,
      unitPricePaise: 0,
      certificates: [],
    });
  }
  const charged = parts.reduce((sum, part) => sum + part.inclusivePaise, deliverySharePaise);
  return noteOf(invoice, 'credit-note', lines, charged, number, issuedAt, reason);
}

/** A debit note: each line's price raised by its GST-inclusive amount, at the invoice's rate; no delivery charge. */
export function debitNoteDocument(
  invoice: TaxDocument,
  parts: readonly NotePart[],
  number: string,
  issuedAt: Date,
  reason: string,
): TaxDocument {
  const tax = taxedGoods(invoice, parts, 0, false);
  const lines = asDocumentLines(invoice, parts, tax.lines, false);
  const charged = parts.reduce((sum, part) => sum + part.inclusivePaise, 0);
  return noteOf(invoice, 'debit-note', lines, charged, number, issuedAt, reason);
}
