// `npm start`: build the web app and the server if the build is missing or stale, then run the
// production server (apps/server/dist/main.js) in this process's place.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (buildIsStale()) {
  console.log('Building the web app and the server (first start or changed sources)...');
  const built = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawnSync(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(server.status ?? (server.signal ? 0 : 1));
