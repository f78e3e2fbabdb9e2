/**
 * One production server process (node apps/server/dist/main.js) on a free port of 127.0.0.1, on
 * a prepared data target, plus a sampler of its resident memory (/proc/<pid>/status VmRSS). On
 * PostgreSQL it also counts the SQL statements it sends (count-statements.mjs, read through server-probe.ts).
 * The cluster test (bench/cluster.ts) starts several on one database, from the sources through tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { onCleanup } from './cleanup';
import settings from '../../apps/server/node-settings.json';
import type { DataTarget } from './database';
import { BENCH_DIR, ROOT } from './options';
import { residentMb, type ServerProbe } from './server-probe';

/** The admin account of the benchmark's servers (weight.ts signs in with it to weigh the admin pages). */
export const BENCH_ADMIN_EMAIL = 'admin@pumpkart.in';
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/** Preloaded into a server on PostgreSQL: counts node-postgres' queries (server-probe.ts reads it). */
const STATEMENT_COUNTER = pathToFileURL(path.join(BENCH_DIR, 'lib/count-statements.mjs')).href;

export interface RunningServer {
  url: string;
  pid: number;
  /** What the checkout load samples: the process, and its statement counter on PostgreSQL. */
  probe: ServerProbe;
  /** Starts sampling VmRSS; the returned function stops and answers the peak in MB. */
  sampleMemory(): () => number;
  /** The last lines the process printed (stdout and stderr). */
  output(): string;
  /** `kill -9`: the process ends at once, as in a crash; resolves when it has. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** The script node runs: the bundle, or src/main.ts with nodeArgs ['--import', 'tsx']. */
  bundle: string;
  nodeArgs?: string[];
  webDist: string;
  logLevel: string;
  env?: Record<string, string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startServer(target: DataTarget, options: ServerOptions): Promise<RunningServer> {
  let port = await freePort();
  if (port === 3000) port = await freePort(); // never 3000: people run `npm start` there
  const output: string[] = [];
  // The embedded database (PGlite) runs inside the server and is not counted.
  const statementsFile = target.kind === 'postgres' ? path.join(target.dataDir, 'statements.count') : undefined;
  const preload = statementsFile ? ['--import', STATEMENT_COUNTER] : [];
  // Node's flags and environment as `npm start` and the Dockerfile give them (docs/decisions/0018-embedded-memory.md).
  const args = [...settings.nodeArgs, ...(options.nodeArgs ?? []), ...preload, options.bundle];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...settings.env,
      ...process.env,
      // Production, as a shop runs it (React renders the e-mails and page shells in its production build), with
      // the demo catalog and sandbox payments chosen explicitly and an admin password production accepts
      // (docs/decisions/0007-production-safety.md).
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.url ?? '',
      WEB_DIST: options.webDist,
      LOG_LEVEL: options.logLevel,
      // The checkout registers and logs in its buyers from one address.
      AUTH_RATE_LIMIT: '100000',
      ...(statementsFile ? { BENCH_STATEMENTS_FILE: statementsFile } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = onCleanup(`server pid ${child.pid}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killer);
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode} while starting:\n${output.join('').slice(-3000)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become healthy within 120 s:\n${output.join('').slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const pid = child.pid!;
  return {
    url,
    pid,
    probe: { pid, statementsFile, postgres: target.kind === 'postgres' },
    sampleMemory() {
      let peak = residentMb(pid) ?? 0;
      const timer = setInterval(() => {
        peak = Math.max(peak, residentMb(pid) ?? 0);
      }, 50);
      return () => {
        clearInterval(timer);
        return Math.max(peak, residentMb(pid) ?? 0);
      };
    },
    output: () => output.join(''),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const stopping = performance.now();
      await stop();
      if (child.exitCode !== null && child.exitCode !== 0) {
        const seconds = ((performance.now() - stopping) / 1000).toFixed(1);
        const lastLines = output
          .join('')
          .trim()
          .split('\n')
          .slice(-3)
          .map((line) => `  ${line.slice(0, 300)}`);
        console.warn(
          `warning: the server (${target.kind}, ${target.label}) exited with code ${child.exitCode} ${seconds} s after SIGTERM; its last lines:\n` +
            lastLines.join('\n'),
        );
      }
    },
  };
}
