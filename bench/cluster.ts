/**
 * `npm run test:cluster`: several app processes on one PostgreSQL database behind nginx, tested through it
 * (README.md, "Cluster test"; docs/decisions/0021-cluster-test.md). It creates a throw-away database on
 * CLUSTER_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), starts the
 * processes all at once on it (lib/cluster/cluster.ts) and nginx in front (lib/cluster/nginx.ts), then runs:
 *
 *   1. the start-up: the processes seeded the empty database once;
 *   2. an API journey through nginx (lib/cluster/journey.ts);
 *   3. a race of 50 buyers for 10 units (lib/cluster/race.ts);
 *   4. a checkout load during which one process gets `kill -9` (lib/cluster/kill.ts).
 *
 * Each check prints PASS or FAIL; a summary follows, and the exit code is 1 when any check failed. Everything it
 * starts is stopped and removed at the end, on failure and on Ctrl-C (lib/cleanup.ts).
 *
 *   --processes=N         app processes (default 3, at least 2)
 *   --bench               instead of the checks: the catalog and checkout rows directly and through nginx over
 *                         1..N processes (lib/cluster/throughput.ts)
 *   --seconds=S           the bench's measured seconds per row (default 4)
 *   --print-nginx-config  print the nginx configuration for N processes (app1:3000, ...) and exit
 *   --write-deploy-config write deploy/nginx.conf (the compose file's nginx configuration) and exit
 *   --log-level=L         the processes' LOG_LEVEL (default warn)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DEMO_PRODUCTS } from '../apps/server/src/seed/demo-products';
import { cleanupAll, wasInterrupted } from './lib/cleanup';
import { Checks, MARK_NOTIFY, MARK_SHARED_LIMITS, type Stage } from './lib/cluster/checks';
import { ADMIN_EMAIL, startCluster } from './lib/cluster/cluster';
import { runJourney } from './lib/cluster/journey';
import { runKill } from './lib/cluster/kill';
import { DEPLOY_NGINX_CONF, deployNginxConfig, nginxConfig } from './lib/cluster/nginx';
import { runRace } from './lib/cluster/race';
import { adminClient } from './lib/cluster/shop';
import { runThroughput } from './lib/cluster/throughput';
import { openSession } from './lib/database';
import { prepareCheckoutStock } from './lib/integrity';

/** The processes' login limit per client address and minute: the shop's default, which the journey checks. */
const AUTH_RATE_LIMIT = 10;
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

interface Options {
  processes: number;
  bench: boolean;
  seconds: number;
  printNginxConfig: boolean;
  writeDeployConfig: boolean;
  logLevel: string;
}

function parseOptions(args: string[]): Options {
  const options: Options = {
    processes: 3,
    bench: false,
    seconds: 4,
    printNginxConfig: false,
    writeDeployConfig: false,
    logLevel: 'warn',
  };
  for (const arg of args) {
    const [name, value] = arg.split('=', 2) as [string, string | undefined];
    if (name === '--processes' && Number(value) >= 2) options.processes = Number(value);
    else if (name === '--seconds' && Number(value) >= 1) options.seconds = Number(value);
    else if (name === '--log-level' && value) options.logLevel = value;
    else if (arg === '--bench') options.bench = true;
    else if (arg === '--print-nginx-config') options.printNginxConfig = true;
    else if (arg === '--write-deploy-config') options.writeDeployConfig = true;
    else throw new Error(`Unknown or invalid argument: ${arg} (see the comment at the top of bench/cluster.ts)`);
  }
  return options;
}

const startedAt = performance.now();
/** Whether this run started anything (--print-nginx-config starts nothing). */
let startedAnything = false;
const log = (text: string) =>
  console.log(`[${((performance.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${text}`);

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.printNginxConfig) {
    const upstreams = Array.from({ length: options.processes }, (_, index) => `app${index + 1}:3000`);
    process.stdout.write(nginxConfig({ listen: '80', upstreams }));
    return 0;
  }
  if (options.writeDeployConfig) {
    writeFileSync(DEPLOY_NGINX_CONF, deployNginxConfig());
    console.log(`Wrote ${DEPLOY_NGINX_CONF}`);
    return 0;
  }
  startedAnything = true;
  const serverUrl = process.env.CLUSTER_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
  log(
    `PumpKart cluster ${options.bench ? 'bench' : 'test'}: ${options.processes} processes, nginx, PostgreSQL at ${redacted(serverUrl)}`,
  );

  const cluster = await startCluster({
    processes: options.processes,
    serverUrl,
    // The bench's checkout driver registers all its buyers from one address; the test's buyers have their own.
    authRateLimit: options.bench ? 100_000 : AUTH_RATE_LIMIT,
    logLevel: options.logLevel,
    log,
  });

  if (options.bench) {
    const session = await openSession(cluster.target);
    await prepareCheckoutStock(session);
    await session.close();
    const table = await runThroughput(cluster, { seconds: options.seconds, connections: 10, buyers: 20, log });
    console.log(`\n${table}\n`);
    return 0;
  }

  const checks = new Checks(log);
  checks.check(
    `${DEPLOY_NGINX_CONF} is the configuration this test runs nginx with`,
    existsSync(DEPLOY_NGINX_CONF) && readFileSync(DEPLOY_NGINX_CONF, 'utf8') === deployNginxConfig(),
    'after a change to nginxConfig(), run `npm run test:cluster -- --write-deploy-config`',
  );
  const [seeded] = await cluster.sql<{ products: string; admins: string }>(
    `select (select count(*) from products) as products, (select count(*) from users where email = $1) as admins`,
    [ADMIN_EMAIL],
  );
  checks.check(
    `start-up: ${options.processes} processes started at once on an empty database seeded it once`,
    Number(seeded?.products) === DEMO_PRODUCTS.length && Number(seeded?.admins) === 1,
    `${seeded?.products} products (the demo catalog has ${DEMO_PRODUCTS.length}), ${seeded?.admins} admin`,
  );

  const nginx = await cluster.startNginx();
  log(`nginx on ${nginx.url} over ${cluster.apps.map((app) => new URL(app.url).host).join(', ')}`);
  const admin = await adminClient(nginx.url, ADMIN_EMAIL, cluster.adminPassword);
  const stage: Stage = {
    cluster,
    nginx,
    admin,
    checks,
    log,
    tag: randomBytes(3).toString('hex'),
    authRateLimit: AUTH_RATE_LIMIT,
  };
  // The kill comes last: it leaves one process fewer.
  for (const [name, run] of [
    ['journey', runJourney],
    ['race', runRace],
    ['kill', runKill],
  ] as const) {
    if (wasInterrupted()) break;
    try {
      await run(stage);
    } catch (error) {
      checks.check(`${name}: ran to its end`, false, error instanceof Error ? error.message : String(error));
    }
  }
  const fiveHundreds = nginx.accessLog().filter((entry) => entry.upstreamStatuses.includes('500'));
  checks.check(
    'no process answered 500 during the whole run',
    fiveHundreds.length === 0,
    fiveHundreds.map((entry) => `${entry.method} ${entry.path}`).join(', '),
  );
  admin.close();
  if (wasInterrupted()) return 130;

  const failures = checks.failures;
  console.log(
    `\nCluster test: ${checks.results.length - failures.length} of ${checks.results.length} checks passed in ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`,
  );
  console.log(
    `Checks marked ${MARK_NOTIFY} need the catalog cache's invalidations across processes ` +
      `(docs/decisions/0020-several-processes.md); ${MARK_SHARED_LIMITS} the limits counted across processes ` +
      `(docs/decisions/0019-shared-rate-limits.md).`,
  );
  for (const failure of failures) console.log(`FAIL  ${failure.name}${failure.detail ? ` — ${failure.detail}` : ''}`);
  if (failures.length) {
    for (const [index, app] of cluster.apps.entries()) {
      const lines = app.output().trim().split('\n').slice(-5);
      const tail = lines.map((line) => (line.length > 400 ? `${line.slice(0, 400)} ...` : line)).join('\n    ');
      if (tail) console.log(`\np${index + 1}'s last lines:\n    ${tail}`);
    }
  }
  return failures.length ? 1 : 0;
}

/** The URL without its password, for the log. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Exits once every cleanup ran; after Ctrl-C the signal handler does the exiting (code 130). */
async function finish(code: number) {
  await cleanupAll();
  if (startedAnything) log('stopped everything the run started');
  if (!wasInterrupted()) process.exit(code);
}

main().then(finish, async (error: unknown) => {
  if (!wasInterrupted()) console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  await finish(1);
});
