/**
 * Builds the IRP config.IRP_PROVIDER names (docs/decisions/0029-e-invoicing.md): the sandbox, whose signing key
 * is kept in DATA_DIR, or NIC's API through the GSP. A GSP without its settings is an error (configProblems
 * refuses the start first), never a silent fall-back to the sandbox.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { IrpClient } from './irp';
import { NicIrpClient } from './nic-client';
import { SandboxIrp, sandboxIrpKey } from './sandbox';

/** Where the sandbox keeps its signing key and its register. */
export const sandboxKeyFile = (dataDir: string) => path.join(dataDir, 'irp-sandbox', 'signing-key.pem');
export const sandboxRegisterFile = (dataDir: string) => path.join(dataDir, 'irp-sandbox', 'register.jsonl');

export function selectIrp(
  config: Pick<
    Config,
    | 'IRP_PROVIDER'
    | 'DATA_DIR'
    | 'GSP_URL'
    | 'GSP_CLIENT_ID'
    | 'GSP_CLIENT_SECRET'
    | 'GSP_USERNAME'
    | 'GSP_PASSWORD'
    | 'GSP_PUBLIC_KEY_FILE'
  >,
): IrpClient {
  if (config.IRP_PROVIDER === 'gsp') {
    const { GSP_URL, GSP_CLIENT_ID, GSP_CLIENT_SECRET, GSP_USERNAME, GSP_PASSWORD, GSP_PUBLIC_KEY_FILE } = config;
    if (!GSP_URL || !GSP_CLIENT_ID || !GSP_CLIENT_SECRET || !GSP_USERNAME || !GSP_PASSWORD || !GSP_PUBLIC_KEY_FILE) {
      throw new Error('IRP_PROVIDER=gsp needs every GSP_* setting (docs/operations.md#e-invoicing).');
    }
    return new NicIrpClient({
      baseUrl: GSP_URL,
      clientId: GSP_CLIENT_ID,
      clientSecret: GSP_CLIENT_SECRET,
      username: GSP_USERNAME,
      password: GSP_PASSWORD,
      irpPublicKey: readFileSync(GSP_PUBLIC_KEY_FILE, 'utf8'),
    });
  }
  return new SandboxIrp(
    sandboxIrpKey(sandboxKeyFile(config.DATA_DIR)),
    () => new Date(),
    sandboxRegisterFile(config.DATA_DIR),
  );
}
