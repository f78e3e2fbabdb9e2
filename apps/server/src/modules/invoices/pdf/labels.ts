/** What a tax document is called and how it names its state tax, for every part of its PDF. */
import type { TaxAmounts, TaxDocument } from '@pumpkart/shared';

/**
 * Which copy of a tax invoice this is: CGST Rule 48(1) asks for the original for the recipient, the duplicate for
 * the transporter (and a triplicate for the supplier, which the shop keeps as the stored snapshot).
 */
export type DocumentCopy = 'recipient' | 'transporter';

export function copyLabel(copy: DocumentCopy): string {
  return copy === 'transporter' ? 'Duplicate for transporter' : 'Original for recipient';
}

/** The e-way bill and the conveyance recorded when the order was shipped, printed on the transporter's copy. */
export interface TransportDetails {
  ewayBillNumber: string | null;
  vehicleNumber: string | null;
  transporterId: string | null;
}

/** The transporter's copy's lines about the conveyance: '1234 5678 9012', then the vehicle or transporter. */
export function transportLines(transport: TransportDetails | null | undefined): string[] {
  if (!transport) return [];
  const lines: string[] = [];
  if (transport.ewayBillNumber) {
    lines.push(`E-way bill no.: ${transport.ewayBillNumber.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
  }
  if (transport.vehicleNumber) lines.push(`Vehicle no.: ${transport.vehicleNumber}`);
  if (transport.transporterId) lines.push(`Transporter ID: ${transport.transporterId}`);
  return lines;
}
/** What each kind is called, in a sentence ('Credit note') and as the PDF's title. */
const NAMES = {
  invoice: { name: 'Tax invoice', short: 'Invoice', title: 'TAX INVOICE' },
  'credit-note': { name: 'Credit note', short: 'Credit note', title: 'CREDIT NOTE' },
  'debit-note': { name: 'Debit note', short: 'Debit note', title: 'DEBIT NOTE' },
} as const;

/** A quote's proforma invoice (docs/shop-rules.md#quotes) is named as such wherever a tax document names its kind. */
const PROFORMA = { name: 'Proforma invoice', short: 'Proforma', title: 'PROFORMA INVOICE' } as const;
const namesOf = (doc: TaxDocument) => (doc.proforma ? PROFORMA : NAMES[doc.kind]);

export function titleOf(doc: TaxDocument): string {
  return namesOf(doc).title;
}

/** 'Tax invoice PK/26-27/000123', the PDF's metadata title. */
export function documentName(doc: TaxDocument): string {
  return `${namesOf(doc).name} ${doc.number}`;
}

export function numberLabel(doc: TaxDocument): string {
  return `${namesOf(doc).short} number`;
}

export function dateLabel(doc: TaxDocument): string {
  return `${namesOf(doc).short} date`;
}

export function totalLabel(doc: TaxDocument): string {
  return `${namesOf(doc).short} total`;
}

export function stateTaxLabel(doc: TaxDocument): 'SGST' | 'UTGST' {
  return doc.stateTax === 'UTGST' ? 'UTGST' : 'SGST';
}

export function stateTaxPaise(doc: TaxDocument, amounts: TaxAmounts): number {
  return doc.stateTax === 'UTGST' ? amounts.utgstPaise : amounts.sgstPaise;
}
