/**
 * Part A of an invoice's e-way bill as the e-way bill portal's bulk generation file takes it (JSON format version
 * 1.0.0621, the attributes in docs/e-way-bill-format.md): the owner downloads it from the order, uploads it at
 * ewaybillgst.gov.in ("Generate Bulk") and records the number the portal answers when marking the order shipped
 * (docs/shop-rules.md#e-way-bills). Built from the invoice's stored snapshot, so it says what the invoice says; the
 * vehicle or transporter goes in when the order already has them (Part B). Pure: no database, no clock.
 */
import { documentTotalPaise, type DocumentAddress, type TaxDocument } from '@pumpkart/shared';
import { formatIndianDate } from './pdf/format';
import type { TransportDetails } from './pdf/labels';

export const EWAY_BILL_JSON_VERSION = '1.0.0621';

/** Master codes of the format: outward supply, sub-type "Supply", a tax invoice, by road, a regular vehicle. */
const OUTWARD = 'O';
const SUB_TYPE_SUPPLY = 1;
const TAX_INVOICE = 'INV';
const TRANS_TYPE_REGULAR = 1;
const TRANS_TYPE_BILL_TO_SHIP_TO = 2;
const MODE_ROAD = 1;
const VEHICLE_REGULAR = 'R';
/** An unregistered recipient's GSTIN in the format. */
const UNREGISTERED = 'URP';

export interface EwayBillItem {
  itemNo: number;
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  sgstRate: number;
  cgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

export type EwayBill = Record<string, string | number | EwayBillItem[]> & { itemList: EwayBillItem[] };

export interface EwayBillFile {
  version: typeof EWAY_BILL_JSON_VERSION;
  billLists: EwayBill[];
}

/** Rupees with paise as the format's numbers take them: 123456 paise -> 1234.56. */
const rupees = (paise: number) => Math.round(paise) / 100;

/**
 * Text the format accepts: letters, digits, spaces and @ # - / , & . only (others become spaces), at most `max`
 * characters.
 */
export function portalText(text: string | null | undefined, max: number): string {
  return (text ?? '')
    .replace(/[^A-Za-z0-9@#\-/,&. ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** dd/mm/yyyy, the calendar date in India. */
const portalDate = (iso: string) => formatIndianDate(iso).replace(/-/g, '/');

const pincode = (address: DocumentAddress) => Number(address.postalCode.replace(/\D/g, ''));

/** The e-way bill file of one invoice; the transport is the order's, when it has one. */
export function ewayBillFile(doc: TaxDocument, transport: TransportDetails | null = null): EwayBillFile {
  const { seller, buyer, totals } = doc;
  const intra = doc.supplyType === 'intra-state';
  // A registered buyer's GSTIN names its state; the goods still go to the place of supply.
  const billedStateCode = buyer.gstin && buyer.gstinState ? buyer.gstinState.code : doc.placeOfSupply.code;
  const goods = doc.lines.filter((line) => line.kind === 'goods');
  const main = [...goods].sort((a, b) => b.taxablePaise - a.taxablePaise)[0] ?? doc.lines[0]!;

  const bill: EwayBill = {
    userGstin: seller.gstin,
    supplyType: OUTWARD,
    subSupplyType: SUB_TYPE_SUPPLY,
    subSupplyDesc: '',
    docType: TAX_INVOICE,
    docNo: doc.number,
    docDate: portalDate(doc.issuedAt),
    transType: billedStateCode === doc.placeOfSupply.code ? TRANS_TYPE_REGULAR : TRANS_TYPE_BILL_TO_SHIP_TO,
    fromGstin: seller.gstin,
    fromTrdName: portalText(seller.legalName, 100),
    fromAddr1: portalText(seller.address.line1, 120),
    fromAddr2: portalText(seller.address.line2, 120),
    fromPlace: portalText(seller.address.city, 50),
    fromPincode: pincode(seller.address),
    fromStateCode: Number(seller.stateCode),
    // The goods leave from the registered address: the shop keeps no other place of dispatch.
    actualFromStateCode: Number(seller.stateCode),
    toGstin: buyer.gstin ?? UNREGISTERED,
    toTrdName: portalText(buyer.businessName ?? buyer.name, 100),
    toAddr1: portalText(buyer.address.line1, 120),
    toAddr2: portalText(buyer.address.line2, 120),
    toPlace: portalText(buyer.address.city, 50),
    toPincode: pincode(buyer.address),
    toStateCode: Number(billedStateCode),
    actualToStateCode: Number(doc.placeOfSupply.code),
    totalValue: rupees(totals.taxablePaise),
    cgstValue: rupees(totals.cgstPaise),
    sgstValue: rupees(totals.sgstPaise + totals.utgstPaise),
    igstValue: rupees(totals.igstPaise),
    cessValue: 0,
    TotNonAdvolVal: 0,
    // The round-off (decision 0023) is what the invoice's total adds to its lines.
    OthValue: rupees(doc.roundOffPaise ?? 0),
    totInvValue: rupees(documentTotalPaise(doc)),
    // 0: the portal works the distance out from the two PIN codes.
    transDistance: 0,
    mainHsnCode: Number(main.hsn),
    itemList: doc.lines.map((line, index) => ({
      itemNo: index + 1,
      productName: portalText(line.description, 100),
      productDesc: portalText(line.description, 100),
      hsnCode: Number(line.hsn),
      // The delivery charge is one service line of the invoice (unit OTH).
      quantity: line.kind === 'goods' ? line.quantity : 1,
      qtyUnit: line.unit,
      taxableAmount: rupees(line.taxablePaise),
      sgstRate: intra ? line.ratePercent / 2 : 0,
      cgstRate: intra ? line.ratePercent / 2 : 0,
      igstRate: intra ? 0 : line.ratePercent,
      cessRate: 0,
      cessNonAdvol: 0,
    })),
  };
  if (transport?.transporterId) bill.transporterId = transport.transporterId;
  if (transport?.vehicleNumber) {
    bill.transMode = MODE_ROAD;
    bill.vehicleNo = transport.vehicleNumber;
    bill.vehicleType = VEHICLE_REGULAR;
  }
  return { version: EWAY_BILL_JSON_VERSION, billLists: [bill] };
}

/** The download's file name: 'EWB-PK-26-27-000123.json'. */
export const ewayBillFileName = (invoiceNumber: string) => `EWB-${invoiceNumber.replace(/\//g, '-')}.json`;
