/**
 * The server process as an operator runs it: the first start creates, migrates and seeds an empty
 * data directory and prints the admin login; a second server on the same directory is refused with a
 * clear message (PGlite would corrupt it); SIGTERM lets in-flight work finish, exits 0 and releases
 * the lock. An unsafe production configuration is refused before anything is opened, and the admin
 * command (`npm run admin -- set-password`) waits for the server to stop, then changes the password
 * that a restart keeps (docs/decisions/0007-production-safety.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

function run(script: string, args: string[], env: Record<string, string> = {}, input?: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      WEB_DIST: '',
      ...env,
    },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

const startServer = (env: Record<string, string> = {}) => run('src/main.ts', [], env);
/** `npm run admin -- set-password <email>` with the password piped in. */
const setPasswordCommand = (email: string, input: string) =>
  run('src/cli/admin.ts', ['set-password', email], {}, input);

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

  it('keeps the admin command off the embedded database while the server has it open', async () => {
    const command = setPasswordCommand('admin@pumpkart.in', 'a-new-admin-password\n');
    expect(await command.exited).toBe(1);
    expect(command.output()).toMatch(/The server \(pid \d+\) has the embedded database in .* open/);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);

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

  it('changes the admin password with the admin command; a restart keeps it and says ADMIN_PASSWORD is unused', async () => {
    const short = setPasswordCommand('admin@pumpkart.in', 'too-short\n');
    expect(await short.exited).toBe(1);
    expect(short.output()).toContain('An admin password must be at least 12 characters');
    const unknown = setPasswordCommand('nobody@pumpkart.in', 'a-new-admin-password\n');
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('No account has the email nobody@pumpkart.in.');

    const command = setPasswordCommand('admin@pumpkart.in', 'a-new-admin-password\n');
    expect(await command.exited).toBe(0);
    expect(command.output()).toContain('The password of admin@pumpkart.in is changed');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const again = startServer({ ADMIN_PASSWORD: 'yet-another-password' });
    try {
      await waitFor(() => /PumpKart is ready/.test(again.output()), 'the restarted server');
      expect(again.output()).toContain(
        'Admin account admin@pumpkart.in exists; ADMIN_PASSWORD is only used when it is first created: change the password with `npm run admin -- set-password admin@pumpkart.in`',
      );
      expect(again.output()).not.toContain('Admin login:');
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(again.output())?.[1];
      const login = (password: string) =>
        fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@pumpkart.in', password }),
        });
      expect((await login('a-new-admin-password')).status).toBe(200);
      expect((await login('admin123')).status).toBe(401);
      expect((await login('yet-another-password')).status).toBe(401);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 90_000);
});

describe('an unsafe production configuration', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: '',
    RAZORPAY_KEY_ID: '',
    RAZORPAY_KEY_SECRET: '',
    RAZORPAY_WEBHOOK_SECRET: '',
    JWT_SECRET: '',
    ADMIN_PASSWORD: 'a-long-admin-password',
  };
  /** Starts a server on an empty data directory; answers its exit code (null: still running after 30 s). */
  async function startRefused(env: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-main-refused-'));
    const server = startServer({ ...PRODUCTION, ...env, DATA_DIR: dir });
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000));
    const code = await Promise.race([server.exited, timeout]);
    if (code === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    const entries = readdirSync(dir);
    rmSync(dir, { recursive: true, force: true });
    return { code, output: server.output(), entries };
  }

  it('without Razorpay keys is refused with one line naming PAYMENT_GATEWAY=sandbox, before anything is opened', async () => {
    const server = await startRefused({});
    expect(server.code).toBe(1);
    const lines = server.output.split('\n');
    expect(lines.filter((line) => line.includes('PAYMENT_GATEWAY=sandbox'))).toEqual([
      expect.stringMatching(/^ {2}- No payment gateway: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET not set/),
    ]);
    expect(server.output).not.toContain('    at '); // a message, not a stack trace
    expect(server.entries).toEqual([]);
  }, 60_000);

  it('with the default admin password is refused, even with the sandbox chosen explicitly', async () => {
    const server = await startRefused({ PAYMENT_GATEWAY: 'sandbox', ADMIN_PASSWORD: 'admin123' });
    expect(server.code).toBe(1);
    expect(server.output).toContain(
      "ADMIN_PASSWORD is the demo default 'admin123': set ADMIN_PASSWORD to a password of at least 12 characters",
    );
    expect(server.output).not.toContain('PAYMENT_GATEWAY=sandbox');
    expect(server.entries).toEqual([]);
  }, 60_000);
});
