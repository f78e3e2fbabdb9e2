/**
 * The Invoice Reference Number: SHA-256, in hex, of the supplier's GSTIN, the financial year (YYYY-YY, by the
 * document's date), the document type (INV, CRN, DBN) and the document number, concatenated without separators.
 * NIC's example: GSTIN 01AAAAA9999A19N, invoice ABC01234 of 12.12.2019 hashes '01AAAAA9999A19N2019-20INVABC01234'
 * (https://einv-apisandbox.nic.in/irn.html).
 */
import { createHash } from 'node:crypto';
import type { IrpDocumentType } from './irp';

export function irnOf(input: {
  sellerGstin: string;
  financialYear: string;
  docType: IrpDocumentType;
  docNo: string;
}): string {
  const text = `${input.sellerGstin}${input.financialYear}${input.docType}${input.docNo}`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The financial year (YYYY-YY) of an INV-01 date 'dd/mm/yyyy': April to March. */
export function financialYearOfDocDate(date: string): string {
  const [, month, year] = date.split('/').map(Number) as [number, number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
