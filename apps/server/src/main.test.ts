/**
 * The server process as an operator runs it (issue 2, points 2, 7 and 9): the first start creates,
 * migrates and seeds an empty data directory and prints the admin login; a second server on the same
 * directory is refused with a clear message (PGlite would corrupt it); SIGTERM lets in-flight work
 * finish, exits 0 and releases the lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-main-test-'));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let first: Started;
let baseUrl = '';

beforeAll(async () => {
  first = startServer();
  await waitFor(() => /PumpKart is ready/.test(first.output()), 'the first server to start');
  const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.output())?.[1];
  baseUrl = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(() => {
  first?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('creates, migrates and seeds an empty data directory, and prints the admin login', async () => {
    expect(first.output()).toContain('Admin login: admin@pumpkart.in / admin123');
    const health = await fetch(`${baseUrl}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const list = await fetch(`${baseUrl}/api/products?limit=1`);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(40);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
  });

  it('refuses a second server on the same data directory with a clear message', async () => {
    const second = startServer();
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/in use by another PumpKart server \(pid \d+\)/);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);

  it('shuts down gracefully on SIGTERM: in-flight requests finish, exit code 0, lock released', async () => {
    // Signal only once the server has the request, so that it is really in flight.
    const inFlight = fetch(`${baseUrl}/api/products?view=home&inflight=1`);
    await waitFor(() => first.output().includes('inflight=1'), 'the in-flight request to arrive');
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received: shutting down');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);
});
