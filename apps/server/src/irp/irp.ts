/**
 * The Invoice Registration Portal interface (docs/decisions/0029-e-invoicing.md): what the shop asks of an IRP,
 * with two implementations chosen by IRP_PROVIDER, the built-in sandbox (default, no network) and NIC's e-invoice
 * API reached through a GST Suvidha Provider (nic-client.ts). Payloads are the INV-01 JSON (schema version 1.1).
 */
import type { IRN_CANCEL_REASON_LABELS } from '@pumpkart/shared';
import type { Inv01 } from './inv01-types';

export type IrpName = 'sandbox' | 'gsp';

/** The IRP's document types by the shop's document kinds. */
export const IRP_DOCUMENT_TYPES = {
  invoice: 'INV',
  'credit-note': 'CRN',
  'debit-note': 'DBN',
} as const satisfies Record<string, 'INV' | 'CRN' | 'DBN'>;

export type IrpDocumentType = (typeof IRP_DOCUMENT_TYPES)[keyof typeof IRP_DOCUMENT_TYPES] | 'DBN';

/** What the IRP answers for a registered document (NIC's generate response, Data decrypted). */
export interface IrnRegistration {
  irn: string;
  ackNo: string;
  /** The acknowledgement's time (NIC sends 'yyyy-MM-dd HH:mm:ss' in India's time). */
  ackDate: Date;
  /** The signed QR code: a JWT (RS256) whose `data` claim holds the QR's fields. */
  signedQrCode: string;
}

/** The IRP's cancellation reason codes (NIC: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others). */
export type IrnCancelReason = keyof typeof IRN_CANCEL_REASON_LABELS;

/** A cancellation: the seller's GSTIN (whose IRN it is), the IRN, the reason code and a remark (up to 100). */
export interface IrnCancelInput {
  gstin: string;
  irn: string;
  reason: IrnCancelReason;
  remark: string;
}

export interface IrpClient {
  readonly name: IrpName;
  /** Registers a document; throws DuplicateIrn with the IRP's registration when it was registered before. */
  generate(payload: Inv01): Promise<IrnRegistration>;
  /** Cancels an IRN; refused by the IRP after 24 hours. */
  cancel(input: IrnCancelInput): Promise<{ cancelledAt: Date }>;
}

/** How long any call to the IRP may take. */
export const IRP_TIMEOUT_MS = 15_000;

/** The IRP refused the document or the call (its error code and message): retrying the same payload will not help. */
export class IrpRejection extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'IrpRejection';
  }
}

/** Error 2150: the document was registered before; `existing` is the registration the IRP holds (InfoDtls). */
export class DuplicateIrn extends IrpRejection {
  constructor(readonly existing: IrnRegistration) {
    super(IRP_ERRORS.duplicate, 'Duplicate IRN');
    this.name = 'DuplicateIrn';
  }
}

/** The IRP could not be reached or did not answer properly: the attempt is retried later. */
export class IrpUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IrpUnavailable';
  }
}

/**
 * NIC's error codes the shop reacts to (the portal's list: https://einvoice1.gst.gov.in/others/geterrorcodes/INV;
 * 2270 and 9999 as GSPs document them).
 */
export const IRP_ERRORS = {
  /** Duplicate IRN: the IRP answers the existing registration in InfoDtls. */
  duplicate: '2150',
  /** Requested IRN data is not available. */
  unknownIrn: '2148',
  /** The IRN belongs to another GSTIN. */
  notOwn: '2143',
  /** The payload is not as per the e-invoice schema. */
  schema: '2140',
  /** The allowed cancellation time limit (24 hours) is crossed. */
  cancelTooLate: '2270',
  /** The IRN is not active (already cancelled). */
  notActive: '9999',
  /** Invalid token (expired, or another GSTIN's). */
  invalidToken: '1005',
  /** Invalid login credentials. */
  invalidLogin: '1008',
} as const;
