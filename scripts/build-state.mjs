// Whether the production build is missing or older than its sources ("builds if needed").
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'packages/shared/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
];
const OUTPUTS = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

export function buildIsStale() {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (outputs.some((file) => !existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => newest(source) > builtAt);
}
