/**
 * The sandbox IRP served over HTTP in NIC's shapes (nic-protocol.ts): what the tests point NicIrpClient at, on a
 * random port, so that the real client's sign-in, encryption and envelopes are exercised without the portal. It
 * checks the client id and secret, the user and password, and the token, as the portal does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DuplicateIrn, IRP_ERRORS, IrpRejection, type IrnCancelReason } from './irp';
import type { Inv01 } from './inv01-types';
import { aesEncrypt, decryptAuthRequest, decryptJson, encryptJson, NIC_PATHS, type NicEnvelope } from './nic-protocol';
import { formatIrpTime, type SandboxIrp } from './sandbox';

export interface SandboxCredentials {
  clientId: string;
  clientSecret: string;
  gstin: string;
  username: string;
  password: string;
}

const fail = (code: string, message: string): NicEnvelope => ({
  Status: '0',
  ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }],
});

/** Starts the server on 127.0.0.1 and a free port; answers its base URL and close(). */
export async function serveSandboxIrp(
  irp: SandboxIrp,
  credentials: SandboxCredentials,
  privateKey: KeyObject,
): Promise<{ url: string; close(): Promise<void>; server: Server }> {
  const sessions = new Map<string, Buffer>();

  async function answer(request: IncomingMessage, body: { Data?: string }): Promise<NicEnvelope> {
    const header = (name: string) => String(request.headers[name.toLowerCase()] ?? '');
    if (header('client_id') !== credentials.clientId || header('client_secret') !== credentials.clientSecret) {
      return fail('1010', 'Invalid Client-ID/Client-Secret');
    }
    if (header('Gstin') !== credentials.gstin) return fail('1014', 'Invalid GSTIN for this user');
    if (request.url === NIC_PATHS.auth) {
      const auth = decryptAuthRequest(privateKey, String(body.Data));
      if (auth.UserName !== credentials.username || auth.Password !== credentials.password) {
        return fail(IRP_ERRORS.invalidLogin, 'Invalid login credentials');
      }
      const token = randomBytes(18).toString('base64url');
      const sek = randomBytes(32);
      sessions.set(token, sek);
      return {
        Status: '1',
        Data: {
          ClientId: credentials.clientId,
          UserName: auth.UserName,
          AuthToken: token,
          Sek: aesEncrypt(Buffer.from(auth.AppKey, 'base64'), sek),
          TokenExpiry: formatIrpTime(new Date(Date.now() + 6 * 3600_000)),
        },
      };
    }
    const sek = sessions.get(header('AuthToken'));
    if (!sek || header('user_name') !== credentials.username) return fail(IRP_ERRORS.invalidToken, 'Invalid Token');
    try {
      if (request.url === NIC_PATHS.generate) {
        const payload = decryptJson<Inv01>(sek, String(body.Data));
        if (payload.SellerDtls.Gstin !== credentials.gstin) {
          return fail('2160', 'Supplier GSTIN does not belong to the user');
        }
        const done = await irp.generate(payload);
        const data = {
          AckNo: Number(done.ackNo),
          AckDt: formatIrpTime(done.ackDate),
          Irn: done.irn,
          SignedInvoice: done.signedQrCode,
          SignedQRCode: done.signedQrCode,
          Status: 'ACT',
        };
        return { Status: '1', Data: encryptJson(sek, data) };
      }
      if (request.url === NIC_PATHS.cancel) {
        const input = decryptJson<{ Irn: string; CnlRsn: IrnCancelReason; CnlRem: string }>(sek, String(body.Data));
        const done = await irp.cancel({
          gstin: credentials.gstin,
          irn: input.Irn,
          reason: input.CnlRsn,
          remark: input.CnlRem,
        });
        return { Status: '1', Data: encryptJson(sek, { Irn: input.Irn, CancelDate: formatIrpTime(done.cancelledAt) }) };
      }
    } catch (error) {
      if (error instanceof DuplicateIrn) {
        const { existing } = error;
        return {
          ...fail(error.code, 'Duplicate IRN'),
          InfoDtls: [
            {
              InfCd: 'DUPIRN',
              Desc: {
                AckNo: Number(existing.ackNo),
                AckDt: formatIrpTime(existing.ackDate),
                Irn: existing.irn,
                SignedQRCode: existing.signedQrCode,
              },
            },
          ],
        };
      }
      if (error instanceof IrpRejection) return fail(error.code, error.message.replace(/^\S+: /, ''));
      throw error;
    }
    return fail('404', 'Unknown API');
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: { Data?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { Data?: string };
      } catch {
        body = {};
      }
      void answer(request, body)
        .catch((): NicEnvelope => fail(IRP_ERRORS.schema, 'Error while validating the request'))
        .then((envelope) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(envelope));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
