// Starts the production server once for the browser journeys, on a free port and a fresh data
// directory, with COD enabled (a journey needs a COD order) and a fast expiry sweeper. Its e-mails go to a
// real SMTP server in this process (apps/server/src/test/smtp.ts), as they would to a recipient's mail
// service; the journeys read what it received over a small HTTP endpoint (support/mail.ts), since they run
// in other workers than this setup.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/src/test/smtp';
import type { CaughtMail } from './support/mail';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The catcher's endpoint: GET <mailUrl>?to=<address> answers the messages SMTP accepted for it (CaughtMail[]). */
    mailUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

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

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not become healthy in time');
}

/**
 * Serves the SMTP server's messages to the journeys: GET /messages?to=<address> answers those whose envelope
 * names that recipient (any case), oldest first.
 */
async function serveMessages(smtp: TestSmtpServer) {
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const answer: CaughtMail[] = smtp.messages
      .filter((mail) => !to || mail.envelope.to.some((address) => address.toLowerCase() === to))
      .map((mail) => ({
        messageId: mail.messageId ?? null,
        from: mail.from ?? null,
        to: mail.envelope.to,
        subject: mail.subject ?? null,
        html: typeof mail.html === 'string' ? mail.html : null,
        text: mail.text ?? null,
      }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export default async function setup(project: TestProject) {
  const smtp = await startTestSmtpServer();
  const mailbox = await serveMessages(smtp);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-e2e-'));
  const port = await freePort();
  const serverBundle = process.env.E2E_SERVER_BUNDLE ?? path.join(root, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      // The demo configuration the journeys log in with (sandbox payments, demo data, admin123):
      // NODE_ENV=production refuses it (docs/decisions/0007-production-safety.md).
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // A private build of the web app (E2E_WEB_DIST) lets several people run the suite side by side.
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
      LOG_LEVEL: 'warn',
      COD_ENABLED: 'true',
      AUTH_RATE_LIMIT: '1000',
      // One buyer of admin-table-state.e2e.ts places 25 cash-on-delivery orders to fill two pages of the orders list;
      // the cap on open unpaid orders (COD ones included) is proven by the server suite (orders/unpaid-holds.test.ts).
      MAX_OPEN_UNPAID_ORDERS: '100',
      // Every e-mail goes to the SMTP server above, at once (the worker is woken by each commit; the poll and
      // a retry's wait are short in case a send is refused while the machine is busy).
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: '250',
      MAIL_RETRY_BASE_MS: '500',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  project.provide('baseUrl', baseUrl);
  project.provide('mailUrl', mailbox.url);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await mailbox.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
