/**
 * The built-in sandbox IRP (docs/decisions/0029-e-invoicing.md): the default while IRP_PROVIDER is unset, so that
 * a shop with e-invoicing switched on works with no network. It does what the portal does with a document, on a
 * smaller scale: checks the number and the totals, computes the IRN as NIC does (irn.ts), gives an acknowledgement
 * number and time, signs the QR code with its own RSA key (kept in DATA_DIR, made at first start), answers a
 * document registered twice with error 2150 and the registration it has, and cancels an IRN only within 24 hours.
 * Its register is kept beside the key as lines of JSON, one per registration or cancellation, so a restart (or
 * another process on the same DATA_DIR) still knows earlier IRNs and can cancel them.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Inv01 } from './inv01-types';
import { financialYearOfDocDate, irnOf } from './irn';
import {
  DuplicateIrn,
  IRP_ERRORS,
  IrpRejection,
  type IrnCancelInput,
  type IrnRegistration,
  type IrpClient,
} from './irp';
import { signQr } from './signed-qr';

/** NIC's rules for a document number: up to 16 of A-Z, 0-9, / and -, not starting with 0, / or -. */
const DOC_NUMBER = /^[A-Z1-9][A-Z0-9/-]{0,15}$/;
const DOC_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The tolerance NIC allows between the items' sums and the document's values, in rupees. */
const TOLERANCE = 1;

interface Entry {
  gstin: string;
  registration: IrnRegistration;
  cancelledAt: Date | null;
}

/** A line of the register file: a registration, or the cancellation of an IRN. */
type RegisterLine =
  | { gstin: string; irn: string; ackNo: string; ackDate: string; signedQrCode: string }
  | { cancelled: string; at: string };

/** The sandbox's RSA key pair: read from `file` when it exists, else made and written there (PKCS#8 PEM). */
export function sandboxIrpKey(file: string | null): { privateKey: KeyObject; publicKey: KeyObject } {
  if (file && existsSync(file)) {
    const privateKey = createPrivateKey(readFileSync(file, 'utf8'));
    return { privateKey, publicKey: createPublicKey(privateKey) };
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return { privateKey, publicKey };
}

export class SandboxIrp implements IrpClient {
  readonly name = 'sandbox' as const;
  readonly publicKey: KeyObject;
  private readonly privateKey: KeyObject;
  private readonly register = new Map<string, Entry>();
  private lastAck = 0;

  constructor(
    keys: { privateKey: KeyObject; publicKey: KeyObject },
    /** The sandbox's clock (tests move it past 24 hours). */
    private readonly now: () => Date = () => new Date(),
    /** Where the register is kept; null: in memory only (tests). */
    private readonly registerFile: string | null = null,
  ) {
    this.privateKey = keys.privateKey;
    this.publicKey = keys.publicKey;
  }

  /** An IRN's entry; one unknown here is looked up in the file, which another process may have written since. */
  private entryOf(irn: string): Entry | undefined {
    if (!this.register.has(irn) && this.registerFile && existsSync(this.registerFile)) {
      for (const text of readFileSync(this.registerFile, 'utf8').split('\n')) {
        if (!text) continue;
        const line = JSON.parse(text) as RegisterLine;
        if ('cancelled' in line) {
          const entry = this.register.get(line.cancelled);
          if (entry) entry.cancelledAt = new Date(line.at);
        } else {
          const { gstin, ackDate, ...rest } = line;
          this.register.set(line.irn, {
            gstin,
            registration: { ...rest, ackDate: new Date(ackDate) },
            cancelledAt: null,
          });
        }
      }
    }
    return this.register.get(irn);
  }

  private keep(line: RegisterLine): void {
    if (!this.registerFile) return;
    mkdirSync(path.dirname(this.registerFile), { recursive: true });
    appendFileSync(this.registerFile, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }

  async generate(payload: Inv01): Promise<IrnRegistration> {
    const { DocDtls: doc, SellerDtls: seller, BuyerDtls: buyer, ItemList: items, ValDtls: values } = payload;
    if (!DOC_NUMBER.test(doc.No)) throw new IrpRejection('2211', `Invalid document number ${doc.No}`);
    const date = DOC_DATE.exec(doc.Dt);
    if (!date) throw new IrpRejection(IRP_ERRORS.schema, `Invalid document date ${doc.Dt}`);
    const docDate = new Date(Date.UTC(Number(date[3]), Number(date[2]) - 1, Number(date[1])));
    if (docDate.getTime() > this.now().getTime() + 24 * 3600_000) {
      throw new IrpRejection('2163', 'The document date should not be a future date');
    }
    if (items.length === 0) throw new IrpRejection(IRP_ERRORS.schema, 'ItemList must not be empty');
    const sum = (pick: (item: (typeof items)[number]) => number) =>
      items.reduce((total, item) => total + pick(item), 0);
    if (Math.abs(sum((item) => item.AssAmt) - values.AssVal) > TOLERANCE) {
      throw new IrpRejection('2182', 'Total assessable value does not match the sum of the items');
    }
    if (Math.abs(sum((item) => item.TotItemVal) + values.RndOffAmt - values.TotInvVal) > TOLERANCE) {
      throw new IrpRejection('2189', 'Invalid total invoice value');
    }
    const irn = irnOf({
      sellerGstin: seller.Gstin,
      financialYear: financialYearOfDocDate(doc.Dt),
      docType: doc.Typ,
      docNo: doc.No,
    });
    const known = this.entryOf(irn);
    if (known) throw new DuplicateIrn(known.registration);

    const ackDate = new Date(Math.floor(this.now().getTime() / 1000) * 1000);
    const main = items.reduce((best, item) => (item.AssAmt > best.AssAmt ? item : best));
    const signedQrCode = signQr(
      {
        SellerGstin: seller.Gstin,
        BuyerGstin: buyer.Gstin,
        DocNo: doc.No,
        DocTyp: doc.Typ,
        DocDt: doc.Dt,
        TotInvVal: values.TotInvVal,
        ItemCnt: items.length,
        MainHsnCode: main.HsnCd,
        Irn: irn,
        IrnDt: formatIrpTime(ackDate),
      },
      this.privateKey,
      'pumpkart-sandbox-irp',
      'PumpKart sandbox IRP',
    );
    const registration = { irn, ackNo: this.nextAckNo(ackDate), ackDate, signedQrCode };
    this.register.set(irn, { gstin: seller.Gstin, registration, cancelledAt: null });
    this.keep({ gstin: seller.Gstin, irn, ackNo: registration.ackNo, ackDate: ackDate.toISOString(), signedQrCode });
    return registration;
  }

  async cancel(input: IrnCancelInput): Promise<{ cancelledAt: Date }> {
    const entry = this.entryOf(input.irn);
    if (!entry || entry.gstin !== input.gstin)
      throw new IrpRejection(IRP_ERRORS.unknownIrn, 'Requested IRN data is not available');
    if (entry.cancelledAt) throw new IrpRejection(IRP_ERRORS.notActive, 'Invoice is not active');
    const now = this.now();
    if (now.getTime() - entry.registration.ackDate.getTime() > CANCEL_WINDOW_MS) {
      throw new IrpRejection(
        IRP_ERRORS.cancelTooLate,
        'The allowed cancellation time limit is crossed, you cannot cancel the IRN',
      );
    }
    entry.cancelledAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    this.keep({ cancelled: input.irn, at: entry.cancelledAt.toISOString() });
    return { cancelledAt: entry.cancelledAt };
  }

  /** A 15-digit acknowledgement number that grows with time, as NIC's do. */
  private nextAckNo(at: Date): string {
    const candidate = 100_000_000_000_000 + (at.getTime() % 10_000_000_000) * 10;
    this.lastAck = Math.max(candidate, this.lastAck + 1);
    return String(this.lastAck);
  }
}

/** NIC's time format, 'yyyy-MM-dd HH:mm:ss' in India's time (UTC+5:30, no daylight saving). */
export function formatIrpTime(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The time of NIC's 'yyyy-MM-dd HH:mm:ss' in India. */
export function parseIrpTime(text: string): Date {
  const date = new Date(`${text.replace(' ', 'T')}+05:30`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not an IRP time: ${text}`);
  return date;
}
