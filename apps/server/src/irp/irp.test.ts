import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inv01 } from './inv01-types';
import { financialYearOfDocDate, irnOf } from './irn';
import { DuplicateIrn, IrpRejection, IrpUnavailable } from './irp';
import { NicIrpClient } from './nic-client';
import { SandboxIrp, sandboxIrpKey } from './sandbox';
import { serveSandboxIrp } from './sandbox-http';
import { readQr, verifyQr } from './signed-qr';

const SELLER = '27AAFCP1234M1Z5';
const keys = sandboxIrpKey(null);

/** A small INV-01 document: one line of ₹1,000 at 18 % inside Maharashtra. */
function payload(number: string, date = '12/11/2026'): Inv01 {
  const party = { LglNm: 'Party Private Limited', Addr1: 'Plot 4, MIDC', Loc: 'Pune', Pin: 411001, Stcd: '27' };
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: number, Dt: date },
    SellerDtls: { ...party, Gstin: SELLER },
    BuyerDtls: { ...party, Gstin: '27AABFB1234C1ZK', Pos: '27' },
    ItemList: [
      {
        SlNo: '1',
        PrdDesc: 'Fuel dispenser nozzle',
        IsServc: 'N',
        HsnCd: '84131100',
        Qty: 1,
        Unit: 'NOS',
        UnitPrice: 1000,
        TotAmt: 1000,
        AssAmt: 1000,
        GstRt: 18,
        IgstAmt: 0,
        CgstAmt: 90,
        SgstAmt: 90,
        TotItemVal: 1180,
      },
    ],
    ValDtls: { AssVal: 1000, CgstVal: 90, SgstVal: 90, IgstVal: 0, RndOffAmt: 0, TotInvVal: 1180 },
  };
}

describe('the IRN', () => {
  it("is the SHA-256 of GSTIN + financial year + type + number, as NIC's example shows", () => {
    const irn = irnOf({ sellerGstin: '01AAAAA9999A19N', financialYear: '2019-20', docType: 'INV', docNo: 'ABC01234' });
    expect(irn).toBe(createHash('sha256').update('01AAAAA9999A19N2019-20INVABC01234').digest('hex'));
    expect(irn).toMatch(/^[0-9a-f]{64}$/);
    expect(financialYearOfDocDate('12/12/2019')).toBe('2019-20');
    expect(financialYearOfDocDate('31/03/2027')).toBe('2026-27');
    expect(financialYearOfDocDate('01/04/2027')).toBe('2027-28');
  });
});

describe('the sandbox IRP', () => {
  it('registers a document with its IRN, an acknowledgement and a QR code its key signs', async () => {
    const irp = new SandboxIrp(keys, () => new Date('2026-11-12T06:00:00Z'));
    const done = await irp.generate(payload('PK/26-27/000001'));
    expect(done.irn).toBe(
      irnOf({ sellerGstin: SELLER, financialYear: '2026-27', docType: 'INV', docNo: 'PK/26-27/000001' }),
    );
    expect(done.ackNo).toMatch(/^\d{15}$/);
    expect(done.ackDate.toISOString()).toBe('2026-11-12T06:00:00.000Z');
    expect(verifyQr(done.signedQrCode, irp.publicKey)).toEqual({
      SellerGstin: SELLER,
      BuyerGstin: '27AABFB1234C1ZK',
      DocNo: 'PK/26-27/000001',
      DocTyp: 'INV',
      DocDt: '12/11/2026',
      TotInvVal: 1180,
      ItemCnt: 1,
      MainHsnCode: '84131100',
      Irn: done.irn,
      IrnDt: '2026-11-12 11:30:00',
    });
    // Another key, or a changed claim, does not verify.
    expect(verifyQr(done.signedQrCode, sandboxIrpKey(null).publicKey)).toBeNull();
    const [header, body, signature] = done.signedQrCode.split('.');
    const forged = Buffer.from(
      JSON.stringify({ data: JSON.stringify({ ...readQr(done.signedQrCode), TotInvVal: 1 }), iss: 'x' }),
    ).toString('base64url');
    expect(verifyQr(`${header}.${forged}.${signature}`, irp.publicKey)).toBeNull();
    expect(body).toBeTruthy();
  });

  it('answers a document registered twice with 2150 and the registration it holds', async () => {
    const irp = new SandboxIrp(keys);
    const first = await irp.generate(payload('PK/26-27/000002'));
    const again = await irp.generate(payload('PK/26-27/000002')).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(DuplicateIrn);
    expect((again as DuplicateIrn).code).toBe('2150');
    expect((again as DuplicateIrn).existing).toEqual(first);
  });

  it('refuses a bad number, a future date and totals that do not add up', async () => {
    const irp = new SandboxIrp(keys, () => new Date('2026-11-12T06:00:00Z'));
    await expect(irp.generate(payload('0PK/1'))).rejects.toThrow(IrpRejection);
    await expect(irp.generate(payload('PK/26-27/000003', '20/11/2026'))).rejects.toThrow(/future/);
    const wrong = payload('PK/26-27/000004');
    wrong.ValDtls.TotInvVal = 1500;
    await expect(irp.generate(wrong)).rejects.toThrow(/^2189/);
  });

  it('cancels an IRN within 24 hours only, once, and only for its own GSTIN', async () => {
    let now = new Date('2026-11-12T06:00:00Z');
    const irp = new SandboxIrp(keys, () => now);
    const a = await irp.generate(payload('PK/26-27/000005'));
    const b = await irp.generate(payload('PK/26-27/000006'));
    await expect(irp.cancel({ gstin: '29AAFCP1234M1Z1', irn: a.irn, reason: '2', remark: 'x' })).rejects.toThrow(
      /^2148/,
    );
    now = new Date('2026-11-13T05:59:00Z');
    const cancelled = await irp.cancel({ gstin: SELLER, irn: a.irn, reason: '3', remark: 'Order cancelled' });
    expect(cancelled.cancelledAt.toISOString()).toBe('2026-11-13T05:59:00.000Z');
    await expect(irp.cancel({ gstin: SELLER, irn: a.irn, reason: '3', remark: 'again' })).rejects.toThrow(/^9999/);
    now = new Date('2026-11-13T06:00:01Z');
    await expect(irp.cancel({ gstin: SELLER, irn: b.irn, reason: '1', remark: 'late' })).rejects.toThrow(/^2270/);
  });

  it('keeps its register in a file: after a restart it still answers duplicates and cancels earlier IRNs', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pumpkart-irp-')), 'irp-sandbox', 'register.jsonl');
    const now = () => new Date('2026-11-12T06:00:00Z');
    const before = new SandboxIrp(keys, now, file);
    const first = await before.generate(payload('PK/26-27/000007'));
    const second = await before.generate(payload('PK/26-27/000008'));
    await before.cancel({ gstin: SELLER, irn: second.irn, reason: '3', remark: 'Order cancelled' });

    const after = new SandboxIrp(keys, now, file);
    const again = await after.generate(payload('PK/26-27/000007')).catch((error: unknown) => error);
    expect((again as DuplicateIrn).existing).toEqual(first);
    await expect(after.cancel({ gstin: SELLER, irn: second.irn, reason: '3', remark: 'x' })).rejects.toThrow(/^9999/);
    const cancelled = await after.cancel({ gstin: SELLER, irn: first.irn, reason: '3', remark: 'Order cancelled' });
    expect(cancelled.cancelledAt.toISOString()).toBe('2026-11-12T06:00:00.000Z');
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(4);
  });
});

describe('the GSP client (NIC API) against the sandbox served over HTTP', () => {
  const irp = new SandboxIrp(keys);
  const credentials = {
    clientId: 'AAACP29TXPLJ7XQ',
    clientSecret: 'client-secret',
    gstin: SELLER,
    username: 'pumpkart_api',
    password: 'api-password',
  };
  let served: Awaited<ReturnType<typeof serveSandboxIrp>>;
  const client = (password = credentials.password, baseUrl?: string) =>
    new NicIrpClient({
      baseUrl: baseUrl ?? served.url,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      username: credentials.username,
      password,
      irpPublicKey: keys.publicKey,
    });
  beforeAll(async () => {
    served = await serveSandboxIrp(irp, credentials, keys.privateKey);
  });
  afterAll(() => served?.close());

  it('signs in, registers, meets its own duplicate and cancels, through the encrypted envelopes', async () => {
    const gsp = client();
    const done = await gsp.generate(payload('PK/26-27/000101'));
    expect(done.irn).toBe(
      irnOf({ sellerGstin: SELLER, financialYear: '2026-27', docType: 'INV', docNo: 'PK/26-27/000101' }),
    );
    expect(verifyQr(done.signedQrCode, keys.publicKey)?.DocNo).toBe('PK/26-27/000101');
    const duplicate = await gsp.generate(payload('PK/26-27/000101')).catch((error: unknown) => error);
    expect((duplicate as DuplicateIrn).existing).toEqual(done);
    const cancelled = await gsp.cancel({ gstin: SELLER, irn: done.irn, reason: '1', remark: 'Duplicate' });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
  });

  it("passes the portal's refusals on with their codes, and an unreachable portal as unavailable", async () => {
    await expect(client('wrong').generate(payload('PK/26-27/000102'))).rejects.toThrow(/^1008: Invalid login/);
    const wrongSeller = payload('PK/26-27/000103');
    wrongSeller.SellerDtls.Gstin = '29AAFCP1234M1Z1';
    await expect(client().generate(wrongSeller)).rejects.toThrow(IrpRejection);
    const closed = await serveSandboxIrp(irp, credentials, keys.privateKey);
    await closed.close();
    await expect(client(undefined, closed.url).generate(payload('PK/26-27/000104'))).rejects.toThrow(IrpUnavailable);
  });
});
