/**
 * The IRP client for IRP_PROVIDER=gsp: NIC's e-invoice API (nic-protocol.ts) at a GST Suvidha Provider's address,
 * with the credentials the GSP and the portal issue (docs/operations.md#e-invoicing says which). It signs in
 * when it has no token or the token has expired or was refused (error 1005), and keeps the token and the session
 * key in memory. Tested against the sandbox served over HTTP (sandbox-http.ts), which speaks the same shapes.
 */
import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Inv01 } from './inv01-types';
import {
  DuplicateIrn,
  IRP_ERRORS,
  IRP_TIMEOUT_MS,
  IrpRejection,
  IrpUnavailable,
  type IrnCancelInput,
  type IrnRegistration,
  type IrpClient,
} from './irp';
import {
  aesDecrypt,
  decryptJson,
  encryptAuthRequest,
  encryptJson,
  NIC_PATHS,
  type NicAuthData,
  type NicEnvelope,
  type NicGenerateData,
} from './nic-protocol';
import { parseIrpTime } from './sandbox';

export interface NicClientOptions {
  /** The GSP's base URL, up to where NIC's paths begin (e.g. https://gsp.example/gus/irp/nic). */
  baseUrl: string;
  /** The GSP's (or NIC's, for direct access) client id and secret. */
  clientId: string;
  clientSecret: string;
  /** The seller's e-invoice API user, made on the e-invoice portal for the GSP (the GSTIN comes with each call). */
  username: string;
  password: string;
  /** The IRP's public key for the sign-in (PEM), from the portal's API user management. */
  irpPublicKey: string | KeyObject;
  timeoutMs?: number;
}

interface Session {
  gstin: string;
  authToken: string;
  sek: Buffer;
  expiresAt: number;
}

export class NicIrpClient implements IrpClient {
  readonly name = 'gsp' as const;
  private session: Session | null = null;
  private readonly publicKey: KeyObject;

  constructor(private readonly options: NicClientOptions) {
    this.publicKey =
      typeof options.irpPublicKey === 'string' ? createPublicKey(options.irpPublicKey) : options.irpPublicKey;
  }

  async generate(payload: Inv01): Promise<IrnRegistration> {
    const { session, answer } = await this.call(payload.SellerDtls.Gstin, NIC_PATHS.generate, payload);
    if (isSuccess(answer)) {
      const data = decryptJson<NicGenerateData>(session.sek, String(answer.Data));
      return {
        irn: data.Irn,
        ackNo: String(data.AckNo),
        ackDate: parseIrpTime(data.AckDt),
        signedQrCode: data.SignedQRCode,
      };
    }
    const error = rejectionOf(answer);
    const duplicate = answer.InfoDtls?.find((info) => info.InfCd === 'DUPIRN')?.Desc as
      { AckNo: number | string; AckDt: string; Irn: string; SignedQRCode?: string } | undefined;
    // NIC's duplicate answer has no QR code; the sandbox's has. Without it the document stays pending for a person.
    if (error.code === IRP_ERRORS.duplicate && duplicate?.SignedQRCode) {
      throw new DuplicateIrn({
        irn: duplicate.Irn,
        ackNo: String(duplicate.AckNo),
        ackDate: parseIrpTime(duplicate.AckDt),
        signedQrCode: duplicate.SignedQRCode,
      });
    }
    throw error;
  }

  async cancel(input: IrnCancelInput): Promise<{ cancelledAt: Date }> {
    const body = { Irn: input.irn, CnlRsn: input.reason, CnlRem: input.remark };
    const { session, answer } = await this.call(input.gstin, NIC_PATHS.cancel, body);
    if (!isSuccess(answer)) throw rejectionOf(answer);
    const data = decryptJson<{ Irn: string; CancelDate: string }>(session.sek, String(answer.Data));
    return { cancelledAt: parseIrpTime(data.CancelDate) };
  }

  /** Posts the encrypted body with a session; signs in again once when the token is refused. */
  private async call(gstin: string, path: string, body: unknown): Promise<{ session: Session; answer: NicEnvelope }> {
    for (let attempt = 0; ; attempt += 1) {
      const session = await this.signedIn(gstin, attempt > 0);
      const answer = await this.post(
        path,
        { Data: encryptJson(session.sek, body) },
        {
          Gstin: gstin,
          user_name: this.options.username,
          AuthToken: session.authToken,
        },
      );
      if (attempt === 0 && rejectionOf(answer).code === IRP_ERRORS.invalidToken) continue;
      return { session, answer };
    }
  }

  private async signedIn(gstin: string, force: boolean): Promise<Session> {
    const current = this.session;
    if (!force && current?.gstin === gstin && current.expiresAt > Date.now() + 60_000) return current;
    const appKey = randomBytes(32);
    const data = encryptAuthRequest(this.publicKey, {
      UserName: this.options.username,
      Password: this.options.password,
      AppKey: appKey.toString('base64'),
      ForceRefreshAccessToken: force,
    });
    const answer = await this.post(NIC_PATHS.auth, { Data: data }, { Gstin: gstin });
    if (!isSuccess(answer)) throw rejectionOf(answer);
    const auth = answer.Data as NicAuthData;
    const sek = aesDecrypt(appKey, auth.Sek);
    const expiry = parseIrpTime(auth.TokenExpiry).getTime();
    this.session = { gstin, authToken: auth.AuthToken, sek, expiresAt: expiry };
    return this.session;
  }

  private async post(path: string, body: unknown, headers: Record<string, string>): Promise<NicEnvelope> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          client_id: this.options.clientId,
          client_secret: this.options.clientSecret,
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? IRP_TIMEOUT_MS),
      });
    } catch (cause) {
      throw new IrpUnavailable(`The IRP could not be reached (${(cause as Error).message})`, { cause });
    }
    if (response.status >= 500) throw new IrpUnavailable(`The IRP answered HTTP ${response.status}`);
    try {
      return (await response.json()) as NicEnvelope;
    } catch (cause) {
      throw new IrpUnavailable(`The IRP answered HTTP ${response.status} without JSON`, { cause });
    }
  }
}

const isSuccess = (answer: NicEnvelope) => String(answer.Status) === '1';

function rejectionOf(answer: NicEnvelope): IrpRejection {
  const first = answer.ErrorDetails?.[0];
  return new IrpRejection(first?.ErrorCode ?? 'unknown', first?.ErrorMessage ?? 'The IRP refused the request');
}
