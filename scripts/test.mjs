// `npm test`: the whole suite. 1) unit, component and integration tests (Vitest projects shared,
// server and web; the server suite on the embedded database, or on PostgreSQL with
// TEST_DATABASE_URL); 2) the browser journeys in e2e/ against a production build on a fresh data
// directory. SKIP_E2E=1 runs step 1 only. Extra arguments go to both Vitest runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

function run(command, commandArgs, extraEnv = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
run(process.execPath, [vitest, 'run', ...args]);

if (process.env.SKIP_E2E === '1') {
  console.log('SKIP_E2E=1: browser journeys skipped.');
} else {
  run(process.execPath, [path.join(root, 'scripts/test-e2e.mjs'), ...args]);
}
