// `npm start`: build the web app and the server if the build is missing or stale, then run the
// server (apps/server/dist/main.js). It is the demo: NODE_ENV defaults to development (sandbox payments,
// demo data, admin123). `NODE_ENV=production npm start` runs the shop for real, and refuses an unsafe
// configuration (docs/decisions/0007-production-safety.md).
//
// A stop signal for this process (SIGTERM from a supervisor or a container runtime, SIGINT from Ctrl-C,
// SIGHUP from a closed terminal) is passed on to the build or the server, and this process then exits
// with the server's code (128 + the signal's number when a signal ended it), so that the server closes
// its database and releases its data directory instead of running on, orphaned. Each child runs in
// its own process group, so a terminal's Ctrl-C reaches it once, from here: the server takes a second
// SIGINT as "exit now", without closing the database. package.json's `start` execs this script, as
// `sh -c` would otherwise die of npm's SIGTERM and leave this process out of it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Node's flags and environment for the server, kept in one file that the Dockerfile and the benchmarks follow
// too: a bounded heap and fewer malloc arenas (docs/decisions/0018-embedded-memory.md).
const settings = JSON.parse(readFileSync(path.join(root, 'apps/server/node-settings.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The signals that stop the shop, passed on to the child that runs. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];
/**
 * A signal repeated within this time is the same request arriving twice (a terminal's Ctrl-C reaches both npm,
 * which passes it on, and this process) and is passed on once; a later repeat is passed on (a second Ctrl-C).
 */
const REPEAT_MS = 500;

let child;
let stopping;
const lastForwarded = new Map();
for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    stopping ??= signal;
    const now = Date.now();
    if (now - (lastForwarded.get(signal) ?? -Infinity) < REPEAT_MS) return;
    lastForwarded.set(signal, now);
    if (child?.exitCode === null && child.signalCode === null) {
      try {
        // The child's whole group: the build's tools too, not only the npm that started them.
        process.kill(-child.pid, signal);
      } catch {
        child.kill(signal);
      }
    }
  });
}

/** Runs a command in its own process group; answers its exit code, 128 + the signal's number if one ended it. */
function run(command, args, options) {
  return new Promise((resolve) => {
    child = spawn(command, args, { stdio: 'inherit', detached: process.platform !== 'win32', ...options });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

if (buildIsStale()) {
  console.log('Building the web app and the server (first start or changed sources)...');
  const built = await run(npm, ['run', 'build', '--silent'], { cwd: root });
  if (built !== 0 || stopping) process.exit(built || 128 + constants.signals[stopping]);
}

process.exit(
  await run(process.execPath, [...settings.nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    cwd: process.cwd(),
    env: { NODE_ENV: 'development', ...settings.env, ...process.env },
  }),
);
