/**
 * The sandbox payment window's browser files (sandbox-assets/): checkout.js (defines
 * window.Razorpay), window.html and window.js. They are plain files so that they can be read and
 * linted as what they are. From the sources they sit beside this module; from the esbuild bundle
 * (apps/server/dist/main.js) they are read from dist/sandbox-assets/, which build.mjs copies, or else
 * from ../src/gateways/sandbox-assets/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SANDBOX_ASSET_FILES = {
  'checkout.js': 'application/javascript; charset=utf-8',
  'window.html': 'text/html; charset=utf-8',
  'window.js': 'application/javascript; charset=utf-8',
} as const;
export type SandboxAssetName = keyof typeof SANDBOX_ASSET_FILES;

const CANDIDATE_DIRS = [
  new URL('./sandbox-assets/', import.meta.url),
  new URL('../src/gateways/sandbox-assets/', import.meta.url),
];

function assetDir(): URL {
  const dir = CANDIDATE_DIRS.find((candidate) => existsSync(fileURLToPath(new URL('checkout.js', candidate))));
  if (!dir) throw new Error('The sandbox payment window files (gateways/sandbox-assets/) are missing.');
  return dir;
}

export interface SandboxAsset {
  body: string;
  contentType: string;
}

/** Reads every asset once (at start-up): a missing file fails the start, not a buyer's payment. */
export function loadSandboxAssets(): Record<SandboxAssetName, SandboxAsset> {
  const dir = assetDir();
  const entries = Object.entries(SANDBOX_ASSET_FILES).map(([name, contentType]) => [
    name,
    { body: readFileSync(fileURLToPath(new URL(name, dir)), 'utf8'), contentType },
  ]);
  return Object.fromEntries(entries) as Record<SandboxAssetName, SandboxAsset>;
}
