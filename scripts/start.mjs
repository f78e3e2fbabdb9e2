// `npm start`: build the web app and the server if the build is missing or stale, then run the
// server (apps/server/dist/main.js) in this process's place. It is the demo: NODE_ENV defaults to
// development (sandbox payments, demo data, admin123). `NODE_ENV=production npm start` runs the shop
// for real, and refuses an unsafe configuration (docs/decisions/0007-production-safety.md).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Node's flags and environment for the server, kept in one file that the Dockerfile and the benchmarks follow
// too: a bounded heap and fewer malloc arenas (docs/decisions/0018-embedded-memory.md, second part).
const settings = JSON.parse(readFileSync(path.join(root, 'apps/server/node-settings.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (buildIsStale()) {
  console.log('Building the web app and the server (first start or changed sources)...');
  const built = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawnSync(process.execPath, [...settings.nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...settings.env, ...process.env },
});
process.exit(server.status ?? (server.signal ? 0 : 1));
