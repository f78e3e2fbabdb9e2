/**
 * The signed QR code as the IRP issues it: a JWT signed RS256 whose payload is `{ data: <the QR's fields as a JSON
 * string>, iss }`, the fields SellerGstin, BuyerGstin, DocNo, DocTyp, DocDt, TotInvVal, ItemCnt, MainHsnCode (the
 * line of the highest taxable value), Irn and IrnDt. Signed and verified with node:crypto (no JWT library needed
 * for one algorithm); anyone with the IRP's public key can verify a printed code offline.
 */
import { createSign, createVerify, type KeyObject } from 'node:crypto';

export interface QrClaims {
  SellerGstin: string;
  BuyerGstin: string;
  DocNo: string;
  DocTyp: string;
  DocDt: string;
  TotInvVal: number;
  ItemCnt: number;
  MainHsnCode: string;
  Irn: string;
  IrnDt: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The JWT of the claims, signed with the IRP's private key; `kid` names the key. */
export function signQr(claims: QrClaims, privateKey: KeyObject, kid: string, issuer = 'NIC'): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ data: JSON.stringify(claims), iss: issuer }));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}

/** The claims of a signed QR code when its RS256 signature verifies with the public key; null otherwise. */
export function verifyQr(token: string, publicKey: KeyObject): QrClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg !== 'RS256') return null;
    const ok = createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(publicKey, Buffer.from(signature, 'base64url'));
    if (!ok) return null;
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { data: string };
    return JSON.parse(body.data) as QrClaims;
  } catch {
    return null;
  }
}

/** The claims of a signed QR code without checking the signature (for printing what it says). */
export function readQr(token: string): QrClaims | null {
  try {
    const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { data: string };
    return JSON.parse(body.data) as QrClaims;
  } catch {
    return null;
  }
}
