/**
 * nginx as the cluster test's load balancer (bench/cluster.ts): Debian's package, installed when missing, run as
 * a child process in the foreground with its configuration, pid, logs and temporary files in a folder of its own.
 * nginxConfig() is the one place the configuration is written; `npm run test:cluster -- --print-nginx-config`
 * prints it for a deployment (README.md, "Cluster test").
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT, PRODUCT_IMPORT_MAX_BYTES } from '@pumpkart/shared';
import { onCleanup } from '../cleanup';

export interface NginxConfigOptions {
  /** What nginx listens on: `80`, or `127.0.0.1:8080`. */
  listen: string;
  /** The app processes, `host:port` each. */
  upstreams: string[];
  /**
   * A throw-away nginx: in the foreground, its pid, logs and temporary files in this folder, and an access log
   * naming the process that answered each request. Unset: the configuration of a deployment.
   */
  runDir?: string;
}

const MB = 1024 * 1024;
/**
 * The largest request body the shop takes: a product form with every image at its largest, plus room for its text
 * fields, or a products CSV import (docs/shop-rules.md#product-images, #products-csv). nginx's default is 1 MB.
 */
export const MAX_BODY_MB = Math.ceil(
  Math.max(MAX_IMAGES_PER_PRODUCT * MAX_IMAGE_BYTES + MB, PRODUCT_IMPORT_MAX_BYTES) / MB,
);

/** The access log's fields, in the order readAccessLog() reads them. */
const LOG_FORMAT = `'$msec $remote_addr "$request" $status "$upstream_addr" "$upstream_status"'`;

/** The nginx configuration in front of the shop's processes. */
export function nginxConfig({ listen, upstreams, runDir }: NginxConfigOptions): string {
  const run = runDir
    ? [
        '# A throw-away nginx of the cluster test: in the foreground, everything it writes in one folder.',
        'daemon off;',
        'worker_processes 1;',
        `pid ${runDir}/nginx.pid;`,
        `error_log ${runDir}/error.log warn;`,
        '',
      ]
    : [];
  const http = runDir
    ? [
        `    log_format cluster ${LOG_FORMAT};`,
        `    access_log ${runDir}/access.log cluster;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `    ${kind}_temp_path ${runDir}/${kind}_temp;`,
        ),
        '',
      ]
    : [];
  return [
    ...run,
    'events {',
    '    worker_connections 1024;',
    '}',
    '',
    'http {',
    ...http,
    '    upstream pumpkart {',
    '        # Round robin: any process answers any request (logins are signed tokens; carts, orders and',
    '        # the secrets that sign them are in the database), so no sticky sessions. A process that',
    '        # refuses connections is left out for 10 s, then tried again.',
    ...upstreams.map((address) => `        server ${address} max_fails=1 fail_timeout=10s;`),
    '        keepalive 16;',
    '    }',
    '',
    '    server {',
    `        listen ${listen};`,
    `        # Product forms with ${MAX_IMAGES_PER_PRODUCT} images of ${MAX_IMAGE_BYTES / MB} MB, products CSV imports.`,
    `        client_max_body_size ${MAX_BODY_MB}m;`,
    '',
    '        location / {',
    '            proxy_pass http://pumpkart;',
    '            proxy_http_version 1.1;',
    '            proxy_set_header Connection "";',
    '            proxy_set_header Host $http_host;',
    "            # nginx is the edge: the client address is the connection's, never one the client wrote",
    '            # (with TRUST_PROXY=true the servers believe this header, and the login limits count by it).',
    '            proxy_set_header X-Forwarded-For $remote_addr;',
    '            proxy_set_header X-Forwarded-Proto $scheme;',
    '            # A refused connection, a time-out or a 503 (a process shutting down) moves a request to the',
    '            # next process. nginx never repeats a POST or PATCH that reached a process (no',
    '            # "non_idempotent" here): if that process dies mid-request the client gets 502 and decides',
    '            # (orders take an Idempotency-Key, so the client can repeat one safely).',
    '            proxy_next_upstream error timeout http_503;',
    '            proxy_connect_timeout 2s;',
    '            proxy_read_timeout 60s;',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
}

/** The example configuration beside deploy/compose.yaml: nginxConfig() for its two servers, kept in the repository. */
export const DEPLOY_NGINX_CONF = 'deploy/nginx.conf';

/** What deploy/nginx.conf holds: `npm run test:cluster -- --write-deploy-config` writes it, the cluster test compares. */
export function deployNginxConfig(): string {
  return [
    '# nginx in front of two PumpKart servers, as deploy/compose.yaml runs it (README.md#running-several-servers).',
    '# Written by `npm run test:cluster -- --write-deploy-config` from the configuration the cluster test runs',
    '# (bench/lib/cluster/nginx.ts): edit that, not this. Outside containers, put your servers in the upstream',
    '# block, and TLS in the server block.',
    nginxConfig({ listen: '80', upstreams: ['app1:3000', 'app2:3000'] }),
  ].join('\n');
}

/** One request as the access log has it. */
export interface AccessLogEntry {
  /** Unix time in ms. */
  at: number;
  client: string;
  method: string;
  path: string;
  status: number;
  /** The processes tried, in order (more than one when nginx moved the request on). */
  upstreams: string[];
  upstreamStatuses: string[];
}

const LOG_LINE = /^(\d+\.\d+) (\S+) "(\S+) (\S+) [^"]*" (\d+) "([^"]*)" "([^"]*)"$/;

/** "127.0.0.1:8001, 127.0.0.1:8002" (tries) or "502, 200": a value per process tried; "-" is none. */
const tries = (value: string) => (value === '-' ? [] : value.split(/\s*[,:]\s+/).filter((part) => part !== ''));

export function parseAccessLog(text: string): AccessLogEntry[] {
  const entries: AccessLogEntry[] = [];
  for (const line of text.split('\n')) {
    const match = LOG_LINE.exec(line.trim());
    if (!match) continue;
    entries.push({
      at: Number(match[1]) * 1000,
      client: match[2]!,
      method: match[3]!,
      path: match[4]!,
      status: Number(match[5]),
      upstreams: tries(match[6]!),
      upstreamStatuses: tries(match[7]!),
    });
  }
  return entries;
}

/** The nginx binary: on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
function findNginx(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined;
}

/**
 * The nginx binary, installing Debian's package first when it is missing and this runs as root. The package may
 * start a system nginx of its own on port 80 (where the init system lets it): that one is stopped again, since
 * this run started it.
 */
export function ensureNginx(log: (text: string) => void): string {
  const existing = findNginx();
  if (existing) return existing;
  if (process.getuid?.() !== 0) {
    throw new Error('nginx is not installed. Install it with:\n\n  sudo apt-get install -y nginx\n');
  }
  log("nginx is missing: installing Debian's package (apt-get install -y nginx) ...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-q'],
    ['install', '-y', '-q', 'nginx'],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
  }
  const nginx = findNginx();
  if (!nginx) throw new Error('apt-get installed nginx, but no nginx binary was found.');
  if (existsSync('/run/nginx.pid')) {
    log('stopping the system nginx the package started');
    spawnSync(nginx, ['-s', 'quit'], { stdio: 'inherit' });
  }
  return nginx;
}

export interface RunningNginx {
  url: string;
  config: string;
  /** Every request so far, from the access log. */
  accessLog(): AccessLogEntry[];
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on 127.0.0.1:`port` over `upstreams`; stopped by stop() or the cleanup. */
export async function startNginx(binary: string, port: number, upstreams: string[]): Promise<RunningNginx> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-nginx-'));
  // Run as root, nginx's workers run as an unprivileged user, which must reach the temporary files in here.
  chmodSync(runDir, 0o755);
  const removeDir = onCleanup(`nginx folder ${runDir}`, () => rmSync(runDir, { recursive: true, force: true }));
  const config = nginxConfig({ listen: `127.0.0.1:${port}`, upstreams, runDir });
  const configFile = path.join(runDir, 'nginx.conf');
  writeFileSync(configFile, config);
  const errorLog = path.join(runDir, 'error.log');
  // -e: the error log before the configuration is read (else the package's /var/log/nginx/error.log).
  const child = spawn(binary, ['-p', runDir, '-c', configFile, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopProcess = onCleanup(`nginx pid ${child.pid}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  });
  const stop = async () => {
    await stopProcess();
    await removeDir();
  };

  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    const errors = () => `${output}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`.trim();
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start (exit ${child.exitCode}):\n${errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const accessLogFile = path.join(runDir, 'access.log');
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    accessLog: () => (existsSync(accessLogFile) ? parseAccessLog(readFileSync(accessLogFile, 'utf8')) : []),
    stop,
  };
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
