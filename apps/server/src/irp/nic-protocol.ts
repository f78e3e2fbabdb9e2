/**
 * NIC's e-invoice API on the wire (https://einv-apisandbox.nic.in): the paths, the encryption and the envelope,
 * one home for both sides, the client (nic-client.ts) and the sandbox served over HTTP (sandbox-http.ts).
 *
 * - Auth (POST /eivital/v1.04/auth): `{ Data }` = RSA (PKCS#1 v1.5) with the IRP's public key of the base64 of
 *   `{ UserName, Password, AppKey, ForceRefreshAccessToken }`, AppKey a random 32-byte key in base64. The answer's
 *   `Data` carries AuthToken, TokenExpiry and Sek, the session key encrypted with AppKey (AES-256-ECB).
 * - Generate (POST /eicore/v1.03/Invoice) and cancel (POST /eicore/v1.03/Invoice/Cancel): `{ Data }` = the JSON
 *   encrypted with the session key (AES-256-ECB, PKCS#7, base64); the answer's `Data` likewise.
 * - Every answer: `{ Status: '1', Data }` or `{ Status: '0', ErrorDetails: [{ ErrorCode, ErrorMessage }],
 *   InfoDtls }`; a duplicate's InfoDtls holds `{ InfCd: 'DUPIRN', Desc: { AckNo, AckDt, Irn } }`.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  privateDecrypt,
  publicEncrypt,
  type KeyObject,
} from 'node:crypto';

export const NIC_PATHS = {
  auth: '/eivital/v1.04/auth',
  generate: '/eicore/v1.03/Invoice',
  cancel: '/eicore/v1.03/Invoice/Cancel',
} as const;

export interface NicEnvelope {
  Status: '0' | '1' | 0 | 1;
  Data?: unknown;
  ErrorDetails?: Array<{ ErrorCode: string; ErrorMessage: string }> | null;
  InfoDtls?: Array<{ InfCd: string; Desc: unknown }> | null;
}

export interface NicAuthRequest {
  UserName: string;
  Password: string;
  AppKey: string;
  ForceRefreshAccessToken: boolean;
}

export interface NicAuthData {
  ClientId: string;
  UserName: string;
  AuthToken: string;
  Sek: string;
  TokenExpiry: string;
}

export interface NicGenerateData {
  AckNo: number | string;
  AckDt: string;
  Irn: string;
  SignedInvoice: string;
  SignedQRCode: string;
  Status: string;
}

/** AES-256-ECB with PKCS#7 padding, base64 out. */
export function aesEncrypt(key: Buffer, plain: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

/** The auth request's Data: RSA PKCS#1 v1.5 with the IRP's public key, of the base64 of the JSON. */
export function encryptAuthRequest(publicKey: KeyObject, request: NicAuthRequest): string {
  const plain = Buffer.from(Buffer.from(JSON.stringify(request)).toString('base64'));
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, plain).toString('base64');
}

/**
 * The IRP's side of encryptAuthRequest (the sandbox). Node refuses PKCS#1 v1.5 decryption since the Marvin
 * attack, so the padding is taken off by hand: acceptable in a sandbox, which guards no secret.
 */
export function decryptAuthRequest(privateKey: KeyObject, data: string): NicAuthRequest {
  const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(data, 'base64'));
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10) throw new Error('bad padding');
  const base64 = block.subarray(separator + 1).toString();
  return JSON.parse(Buffer.from(base64, 'base64').toString()) as NicAuthRequest;
}

export const encryptJson = (key: Buffer, value: unknown) => aesEncrypt(key, Buffer.from(JSON.stringify(value)));
export const decryptJson = <T>(key: Buffer, data: string) => JSON.parse(aesDecrypt(key, data).toString()) as T;
