/**
 * What an issued tax invoice or credit note says (CGST Rule 46 / Rule 53): the snapshot the server
 * stores when it issues the document and renders to PDF every time it is downloaded, so an issued
 * document never changes (docs/decisions/0009-gst-tax-computation.md). Plain JSON: amounts in paise.
 */
import type { DeliveryTaxMethod, SupplyType, TaxAmounts, TaxedLine } from './tax';

export interface DocumentAddress {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  country?: string | null;
}

export interface DocumentSeller {
  legalName: string;
  tradeName: string;
  gstin: string;
  pan: string;
  stateCode: string;
  address: DocumentAddress;
  email: string;
  phone: string;
  signatory: string;
}

export interface DocumentBuyer {
  name: string;
  phone: string;
  email: string;
  /** A business buyer's name and GSTIN (B2B); null for a consumer (B2C). */
  businessName: string | null;
  gstin: string | null;
  /**
   * The state the GSTIN is registered in (its first two digits), printed under "Billed to"; the place of supply
   * stays the delivery state (docs/decisions/0025-bill-to-ship-to-and-e-way-bills.md). Null without a GSTIN;
   * absent on documents issued before it was kept, which print the delivery state as they always did.
   */
  gstinState?: { code: string; name: string } | null;
  /** Shipping is the order's delivery address; the shop collects no separate billing address. */
  address: DocumentAddress;
}

/** One line as printed: the computed tax line plus what the buyer reads about the goods. */
export interface DocumentLine extends TaxedLine {
  /** 'NOS' for goods, 'OTH' for the delivery charge (the GSTN's unit quantity codes). */
  unit: string;
  /** GST-inclusive price of one unit in paise (0 on the delivery line). */
  unitPricePaise: number;
  /** Certificate numbers printed under the description, e.g. 'PESO: P/HQ/MH/15/1234'. */
  certificates: string[];
}

export interface TaxDocument {
  /** A debit note raises an invoice's value after it was issued (CGST Act s.34(3), Rule 53). */
  kind: 'invoice' | 'credit-note' | 'debit-note';
  /** e.g. 'PK/26-27/000123', 'CN/26-27/000007' or 'DN/26-27/000001'. */
  number: string;
  /** ISO date-time of issue. */
  issuedAt: string;
  /** The order it is for: id and the number the buyer sees (last 6 characters). */
  order: { id: string; number: string; placedAt: string; paymentMode: 'online' | 'cod' | 'bank' };
  /**
   * A credit or debit note names the invoice it corrects. `totalPaise` is that invoice's value: a note falls in the
   * invoice's GSTR-1 class (a partial note of a B2CL invoice is B2CL), absent on notes kept before it was, which
   * cancelled their whole invoice and so have its value.
   */
  reference: { number: string; issuedAt: string; totalPaise?: number } | null;
  /**
   * A credit note for part of its invoice (the goods of a return and their share of the delivery charge); absent or
   * false on one that cancels the whole invoice.
   */
  partial?: boolean;
  /**
   * Set on a quote's proforma invoice (docs/shop-rules.md#quotes): not a tax invoice, printed with the same lines
   * and tax as the invoice the order will get; `number` is then the quote's number.
   */
  proforma?: { validUntil: string; terms: string } | null;
  /** Why a note was issued, e.g. 'Order cancelled', 'Goods returned (return 1)'. */
  reason: string | null;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  placeOfSupply: { code: string; name: string };
  supplyType: SupplyType;
  stateTax: 'SGST' | 'UTGST' | null;
  lines: DocumentLine[];
  totals: TaxAmounts;
  /**
   * What the buyer was charged less totals.inclusivePaise: the paise that computing each tax from the taxable value
   * leaves over (docs/decisions/0023-equal-tax-halves.md). Absent on documents issued before, whose lines add up to
   * the amount charged.
   */
  roundOffPaise?: number;
  /**
   * How the delivery charge was taxed (docs/decisions/0024-delivery-charge-tax.md); null without one, absent on
   * documents issued before the store chose (the highest rate).
   */
  deliveryTaxMethod?: DeliveryTaxMethod | null;
  /** The document's total in words: documentTotalPaise. */
  amountInWords: string;
  reverseCharge: false;
  /** E-invoicing (IRN and the signed QR code), kept empty until the seller must use it. */
  irn: string | null;
  signedQrCode: string | null;
}

/** The document's total, what the buyer was charged (or is credited): its lines plus the round-off. */
export function documentTotalPaise(document: Pick<TaxDocument, 'totals' | 'roundOffPaise'>): number {
  return document.totals.inclusivePaise + (document.roundOffPaise ?? 0);
}
