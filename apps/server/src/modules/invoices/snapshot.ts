/**
 * What an issued tax invoice or credit note says, built once at issue and stored (docs/shop-rules.md#invoices):
 * the seller from the store settings, the buyer and the delivery address from the order, the place of supply from
 * the delivery state, and the lines' GST from computeTax over the GST-inclusive amounts the buyer paid, the
 * delivery charge included (docs/decisions/0009-gst-tax-computation.md). A credit note repeats its invoice's
 * figures and split, and names the invoice. Pure functions: no database, no clock.
 */
import {
  bookedForText,
  computeTax,
  documentTotalPaise,
  gstinRegisteredState,
  orderNumber,
  placeOfSupplyOf,
  rupeesInWords,
  type Address,
  type DocumentLine,
  type PaymentMode,
  type StoreSettingsDto,
  type TaxDocument,
} from '@pumpkart/shared';

/** The GSTN's unit quantity codes: numbers (pieces) for goods, "others" for the delivery charge. */
const GOODS_UNIT = 'NOS';
const DELIVERY_UNIT = 'OTH';

/** How a certificate number is printed under a line's description. */
const CERTIFICATE_LABELS = {
  bisLicence: 'BIS licence',
  pesoApproval: 'PESO approval',
  legalMetrologyApproval: 'Legal Metrology approval',
} as const;

export type CertificateFields = { [K in keyof typeof CERTIFICATE_LABELS]: string | null };

/** A product's certificate numbers as an invoice line prints them, e.g. 'PESO approval: P/HQ/MH/15/4521'. */
export function certificatesOf(product: CertificateFields): string[] {
  return (Object.keys(CERTIFICATE_LABELS) as (keyof CertificateFields)[])
    .filter((key) => Boolean(product[key]?.trim()))
    .map((key) => `${CERTIFICATE_LABELS[key]}: ${product[key]!.trim()}`);
}

/** An order line with the tax data it was sold with (or, for an older line, the product's current data). */
export interface InvoiceSourceLine {
  title: string;
  size: string | null;
  unitPricePaise: number;
  quantity: number;
  /** unit price × quantity: what the buyer paid for the line, GST included. */
  subtotalPaise: number;
  hsnCode: string;
  gstRate: number;
  certificates: string[];
  /** A service's booked day, printed with its description; null or absent for goods. */
  serviceDate?: string | null;
}

export interface InvoiceSource {
  order: {
    id: string;
    createdAt: Date;
    paymentMode: PaymentMode;
    customerName: string;
    customerEmail: string;
    customerPhone: string;
    customerBusinessName: string | null;
    customerGstin: string | null;
    address: Address;
    shippingPaise: number;
  };
  lines: InvoiceSourceLine[];
  seller: StoreSettingsDto;
}

/** 'Title (size)', and for a service 'Title, Booked for 12 Jan 2027' (docs/shop-rules.md#service-products). */
function lineDescription(line: InvoiceSourceLine): string {
  const title = line.size ? `${line.title} (${line.size})` : line.title;
  return line.serviceDate ? `${title}, ${bookedForText(line.serviceDate)}` : title;
}

/**
 * The invoice of an order. Throws GstInputError (before anything is written) for a delivery state that names no
 * Indian state, a line without an HSN code or with an unknown rate.
 */
export function invoiceDocument(source: InvoiceSource, number: string, issuedAt: Date): TaxDocument {
  const { order, lines, seller } = source;
  const placeOfSupply = placeOfSupplyOf(order.address.state);
  const tax = computeTax({
    sellerStateCode: seller.stateCode,
    placeOfSupplyStateCode: placeOfSupply.code,
    lines: lines.map((line) => ({
      description: lineDescription(line),
      hsn: line.hsnCode,
      quantity: line.quantity,
      ratePercent: line.gstRate,
      inclusivePaise: line.subtotalPaise,
    })),
    deliveryChargePaise: order.shippingPaise,
    deliveryTaxMethod: seller.deliveryTaxMethod,
  });
  // computeTax answers the goods lines in input order, then the delivery lines.
  const documentLines: DocumentLine[] = tax.lines.map((taxed, index) =>
    taxed.kind === 'goods'
      ? {
          ...taxed,
          unit: GOODS_UNIT,
          unitPricePaise: lines[index]!.unitPricePaise,
          certificates: lines[index]!.certificates,
        }
      : { ...taxed, unit: DELIVERY_UNIT, unitPricePaise: 0, certificates: [] },
  );
  const address = order.address;
  const gstinState = gstinRegisteredState(order.customerGstin);
  return {
    kind: 'invoice',
    number,
    issuedAt: issuedAt.toISOString(),
    order: {
      id: order.id,
      number: orderNumber(order.id),
      placedAt: order.createdAt.toISOString(),
      paymentMode: order.paymentMode,
    },
    reference: null,
    reason: null,
    seller: {
      legalName: seller.legalName,
      tradeName: seller.tradeName,
      gstin: seller.gstin,
      pan: seller.pan,
      stateCode: seller.stateCode,
      address: { ...seller.registeredAddress, country: 'India' },
      email: seller.email,
      phone: seller.phone,
      signatory: seller.authorisedSignatory,
    },
    buyer: {
      name: order.customerName,
      phone: order.customerPhone,
      email: order.customerEmail,
      businessName: order.customerBusinessName,
      gstin: order.customerGstin,
      gstinState: gstinState ? { code: gstinState.code, name: gstinState.name } : null,
      address: {
        line1: address.line1,
        line2: address.line2 || null,
        city: address.city,
        state: address.state,
        postalCode: address.postalCode,
        country: address.country,
      },
    },
    placeOfSupply: { code: placeOfSupply.code, name: placeOfSupply.name },
    supplyType: tax.supplyType,
    stateTax: tax.stateTax,
    lines: documentLines,
    totals: tax.totals,
    roundOffPaise: tax.roundOffPaise,
    deliveryTaxMethod: tax.deliveryTaxMethod,
    amountInWords: rupeesInWords(tax.chargedPaise),
    reverseCharge: false,
    irn: null,
    signedQrCode: null,
  };
}

/**
 * The credit note that cancels an invoice in full (CGST Rule 53): the invoice's seller, buyer, place of supply,
 * lines and tax split, under its own number, naming the invoice and the reason.
 */
export function creditNoteDocument(invoice: TaxDocument, number: string, issuedAt: Date, reason: string): TaxDocument {
  return {
    ...invoice,
    kind: 'credit-note',
    number,
    issuedAt: issuedAt.toISOString(),
    reference: { number: invoice.number, issuedAt: invoice.issuedAt, totalPaise: documentTotalPaise(invoice) },
    reason,
    irn: null,
    signedQrCode: null,
  };
}
