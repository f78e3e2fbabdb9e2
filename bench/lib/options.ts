/** Command-line flags of `npm run bench -- ...` (bench/README.md lists them). */
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_DIR = path.join(ROOT, 'bench');

/**
 * What --only can name. `search` is the rows on the generated catalog; `soak` the mixed load of --minutes (10), which
 * a full run includes and a --quick run leaves out unless --only names it.
 */
export const SCENARIO_GROUPS = [
  'baseline',
  'home',
  'category',
  'search',
  'checkout',
  'weight',
  'lighthouse',
  'soak',
] as const;
export type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

export type DbKind = 'embedded' | 'postgres';

export interface BenchOptions {
  quick: boolean;
  only: Set<ScenarioGroup>;
  /** Whether --only was given (a partial run never replaces results/latest.json). */
  partial: boolean;
  databases: DbKind[];
  /** postgres://... of a server on which throw-away databases are created and dropped. */
  postgresUrl?: string;
  generatedProducts: number;
  warmupSeconds: number;
  durationSeconds: number;
  connections: number;
  buyers: number;
  checkoutWarmupSeconds: number;
  checkoutSeconds: number;
  /** The soak's length. */
  soakMinutes: number;
  serverLogLevel: string;
  build: boolean;
  serverBundle: string;
  webDist: string;
  keepData: boolean;
}

const HELP = `usage: npm run bench -- [flags]

  --quick                 a few seconds per scenario, 10,000 generated products (CI)
  --only=a,b              only these: ${SCENARIO_GROUPS.join(', ')}
  --db=embedded|postgres|both
                          default: both when BENCH_DATABASE_URL is set, else embedded
  --products=N            size of the generated catalog (default 100000; quick 10000)
  --duration=S            measured seconds per read scenario (default 15; quick 2)
  --warmup=S              warm-up seconds before each read scenario (default 5; quick 1)
  --connections=N         autocannon connections for the read scenarios (default 10)
  --buyers=N              concurrent buyers in the checkout (default 50)
  --checkout-duration=S   measured seconds of the checkout (default 60; quick 5)
  --minutes=N             length of the soak, the mixed load whose memory is sampled (default 10;
                          a --quick run has no soak unless --only=soak)
  --server-log-level=L    the server's LOG_LEVEL (default warn)
  --no-build              never run \`npm run build\`, even when the build looks stale
  --keep-data             keep the data directories under bench/.data/ afterwards

environment: BENCH_DATABASE_URL (PostgreSQL server for throw-away databases),
  BENCH_SERVER_BUNDLE / BENCH_WEB_DIST (a private build instead of apps/server/dist and apps/web/dist)`;

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument ${arg}\n\n${HELP}`);
    flags.set(match[1]!, match[2] ?? 'true');
  }
  const known = [
    'quick',
    'only',
    'db',
    'products',
    'duration',
    'warmup',
    'connections',
    'buyers',
    'checkout-duration',
    'minutes',
    'server-log-level',
    'no-build',
    'keep-data',
  ];
  for (const name of flags.keys()) if (!known.includes(name)) throw new Error(`Unknown flag --${name}\n\n${HELP}`);

  const quick = flags.get('quick') === 'true';
  const number = (name: string, fallback: number, min = 1) => {
    const text = flags.get(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number of at least ${min}.`);
    return value;
  };

  const onlyText = flags.get('only');
  // A quick run (CI) leaves the soak out: it lasts minutes by design.
  const only = new Set<ScenarioGroup>(onlyText ? [] : SCENARIO_GROUPS.filter((group) => !(quick && group === 'soak')));
  for (const name of onlyText
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean) ?? []) {
    if (!(SCENARIO_GROUPS as readonly string[]).includes(name)) {
      throw new Error(`--only: unknown scenario "${name}" (one of ${SCENARIO_GROUPS.join(', ')}).`);
    }
    only.add(name as ScenarioGroup);
  }

  const postgresUrl = env.BENCH_DATABASE_URL || undefined;
  const dbFlag = flags.get('db') ?? (postgresUrl ? 'both' : 'embedded');
  const databases: DbKind[] =
    dbFlag === 'both' ? ['embedded', 'postgres'] : dbFlag === 'embedded' || dbFlag === 'postgres' ? [dbFlag] : [];
  if (databases.length === 0) throw new Error('--db must be embedded, postgres or both.');

  return {
    quick,
    only,
    partial: Boolean(onlyText),
    databases,
    postgresUrl,
    generatedProducts: Math.round(number('products', quick ? 10_000 : 100_000)),
    warmupSeconds: number('warmup', quick ? 1 : 5, 0),
    durationSeconds: number('duration', quick ? 2 : 15),
    connections: Math.round(number('connections', 10)),
    buyers: Math.round(number('buyers', 50)),
    checkoutWarmupSeconds: number('warmup', quick ? 1 : 5, 0),
    checkoutSeconds: number('checkout-duration', quick ? 5 : 60),
    soakMinutes: number('minutes', 10, 0.5),
    serverLogLevel: flags.get('server-log-level') ?? 'warn',
    build: flags.get('no-build') !== 'true',
    serverBundle: path.resolve(env.BENCH_SERVER_BUNDLE || path.join(ROOT, 'apps/server/dist/main.js')),
    webDist: path.resolve(env.BENCH_WEB_DIST || path.join(ROOT, 'apps/web/dist')),
    keepData: flags.get('keep-data') === 'true',
  };
}
