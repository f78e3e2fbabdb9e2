/**
 * The cluster of bench/cluster.ts: a throw-away PostgreSQL database, N app processes on it (each on a free port
 * with a data directory of its own) and nginx in front of them. Everything is registered with the cleanup
 * registry (../cleanup.ts), so it is stopped and removed on success, on failure and on Ctrl-C.
 *
 * The processes run from the sources through tsx, as the server tests do (src/main.ts): nothing to build, so it
 * works from a fresh clone after `npm ci`, and what runs is the code checked out. Their settings are a real
 * deployment's (README.md, "Running in production"): NODE_ENV=production with a generated admin password, the
 * sandbox chosen explicitly (PAYMENT_GATEWAY=sandbox), the demo catalog asked for (SEED_DEMO=true), secrets left
 * to the database, TRUST_PROXY=true behind nginx and PUBLIC_URL = nginx's address, so the sandbox's webhooks go
 * through the load balancer too.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { onCleanup } from '../cleanup';
import { createDataTarget, type DataTarget } from '../database';
import { ROOT } from '../options';
import { freePort, startServer, type RunningServer } from '../server';
import { ensureNginx, startNginx, type RunningNginx } from './nginx';

export const ADMIN_EMAIL = 'admin@pumpkart.in';

export interface ClusterOptions {
  processes: number;
  /** A PostgreSQL server's URL; the cluster's database is created on it and dropped afterwards. */
  serverUrl: string;
  /** AUTH_RATE_LIMIT of every process. */
  authRateLimit: number;
  logLevel: string;
  log: (text: string) => void;
}

export interface Cluster {
  apps: RunningServer[];
  /** The first process's data target: the database, for set-up SQL sessions (../database.ts). */
  target: DataTarget;
  /** The throw-away database's URL. */
  databaseUrl: string;
  adminPassword: string;
  nginxPort: number;
  /** One statement on the cluster's database. */
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Starts nginx on nginxPort over these processes (default: all). */
  startNginx(apps?: RunningServer[]): Promise<RunningNginx>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginxBinary = ensureNginx(options.log);
  const target = await createDataTarget('postgres', 'cluster', {
    postgresUrl: options.serverUrl,
    keepData: false,
  }).catch((error: Error) => {
    throw new Error(
      `Could not create the cluster's database on ${new URL(options.serverUrl).host} (${error.message}): ` +
        'set CLUSTER_DATABASE_URL to a PostgreSQL server where this user may create databases.',
    );
  });
  const databaseUrl = target.url!;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  onCleanup('cluster database pool', () => pool.end());

  // nginx's address is every process's PUBLIC_URL, so its port is chosen before they start.
  let nginxPort = await freePort();
  while (nginxPort === 3000) nginxPort = await freePort();
  const adminPassword = randomBytes(12).toString('hex');
  const env = {
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: 'sandbox',
    SEED_DEMO: 'true',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: adminPassword,
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    AUTH_RATE_LIMIT: String(options.authRateLimit),
    // tsx reads the server's own tsconfig (JSX of the e-mail templates), as `npm run mail:preview` does.
    TSX_TSCONFIG_PATH: path.join(ROOT, 'apps/server/tsconfig.json'),
  };
  options.log(`starting ${options.processes} app processes at once on the empty database ${databaseName(target)} ...`);
  const started = performance.now();
  // All at once, as an orchestrator starts them: the start-up lock lets one of them migrate and seed.
  const apps = await Promise.all(
    Array.from({ length: options.processes }, (_, index) =>
      startServer(index === 0 ? target : { ...target, dataDir: siblingDataDir(target, index + 1) }, {
        bundle: path.join(ROOT, 'apps/server/src/main.ts'),
        nodeArgs: ['--import', 'tsx'],
        webDist: '',
        logLevel: options.logLevel,
        env,
      }),
    ),
  );
  options.log(
    `${apps.length} processes ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      apps.map((app) => `${app.url} (pid ${app.pid})`).join(', '),
  );

  return {
    apps,
    target,
    databaseUrl,
    adminPassword,
    nginxPort,
    sql: async (text, values) => (await pool.query(text, values)).rows,
    startNginx: (upstreams = apps) =>
      startNginx(
        nginxBinary,
        nginxPort,
        upstreams.map((app) => new URL(app.url).host),
      ),
  };
}

const databaseName = (target: DataTarget) => new URL(target.url!).pathname.slice(1);

/** Another process's data directory beside the first's, removed with it. */
function siblingDataDir(target: DataTarget, number: number): string {
  const dir = `${target.dataDir}-${number}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  onCleanup(`data directory ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
