// `npm run lint:openapi` (part of `npm run validate`): writes the OpenAPI document the server generates
// (apps/server/src/cli/openapi.ts: buildApp on a throw-away in-memory database, nothing listens) to a
// temporary file and lints it with Redocly CLI's recommended rules and the exceptions in redocly.yaml.
// Extra arguments go to `redocly lint` (e.g. --format=summary). Exits with the linter's code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-openapi-lint-'));
const document = path.join(dir, 'openapi.json');
// Redocly CLI sends usage data and checks for updates unless told not to; a gate does neither.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

let status = run(process.execPath, [
  path.join(root, 'node_modules/tsx/dist/cli.mjs'),
  path.join(root, 'apps/server/src/cli/openapi.ts'),
  document,
]);
if (status === 0) {
  status = run(process.execPath, [
    path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    document,
    `--config=${path.join(root, 'redocly.yaml')}`,
    ...process.argv.slice(2),
  ]);
}
rmSync(dir, { recursive: true, force: true });
process.exit(status);
