/**
 * `npm start` and `node scripts/start.mjs` stop the server they started when they are told to stop (SIGTERM from a
 * supervisor or a container runtime, SIGINT from Ctrl-C, SIGHUP from a closed terminal): the server closes, its
 * data directory's lock is released, so the next start on the same directory works, and the command exits with
 * the server's code. Here, not in the server's suite, because it starts the real command on the production build,
 * which the browser journeys' run has just made fresh (scripts/test-e2e.mjs), so start.mjs does not build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-start-signals-'));
const lockFile = path.join(dataDir, 'server.lock');
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const pid = serverPid();
  if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid the server wrote into its data directory's lock (db/lock.ts), or undefined without a lock. */
function serverPid(): number | undefined {
  return existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').trim()) : undefined;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** Starts the command on the shared data directory and a free port; answers once the server is healthy. */
async function start(command: string, args: string[]): Promise<{ top: ChildProcess; server: number; url: string }> {
  const port = await freePort();
  const top = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  started.push(top);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (top.exitCode !== null || top.signalCode !== null) throw new Error(`${command} exited (${top.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${command} did not become healthy in time`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const server = serverPid();
  expect(server, 'the server holds the lock').toBeDefined();
  expect(server).not.toBe(top.pid);
  return { top, server: server!, url };
}

/** Sends the signal to the command's own process only (not its group), as a supervisor or `kill` does. */
async function stop(top: ChildProcess, signal: NodeJS.Signals) {
  process.kill(top.pid!, signal);
  return exited(top);
}

async function expectServerGone(server: number, url: string) {
  expect(isRunning(server), `server ${server} still running`).toBe(false);
  expect(existsSync(lockFile), 'the data directory is still locked').toBe(false);
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
}

// Each test starts a server (migrations on a fresh embedded database): longer than a journey's limit on a busy machine.
describe('stopping `npm start`', { timeout: 150_000 }, () => {
  it('SIGTERM to the npm process stops the server, releases the data directory and exits 0', async () => {
    const { top, server, url } = await start('npm', ['start']);
    expect(await stop(top, 'SIGTERM')).toEqual({ code: 0, signal: null });
    await expectServerGone(server, url);
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s to `node scripts/start.mjs` stops the server the same way; the next start on the directory works',
    async (signal) => {
      const { top, server, url } = await start(process.execPath, ['scripts/start.mjs']);
      expect(await stop(top, signal)).toEqual({ code: 0, signal: null });
      await expectServerGone(server, url);
    },
  );

  it("exits with 128 + the signal's number when a signal ends the server", async () => {
    const { top, server } = await start(process.execPath, ['scripts/start.mjs']);
    process.kill(server, 'SIGKILL');
    expect(await exited(top)).toEqual({ code: 137, signal: null });
    rmSync(lockFile, { force: true });
  });
});
