// `npm run test:e2e`: build the app if needed, make sure Debian's Chromium is there (installing it
// when running as root, otherwise stopping with the command to run), then run the browser journeys.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's package (apt-get install -y chromium)...");
    run('apt-get', ['update', '-q']);
    run('apt-get', ['install', '-y', '-q', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error(`Chromium was not found at ${chromium}. Install it with:\n\n  sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
}

if (buildIsStale()) run('npm', ['run', 'build', '--silent']);

run(process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--config',
  'e2e/vitest.config.ts',
  ...process.argv.slice(2),
]);
