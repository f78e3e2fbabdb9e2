/**
 * `npm run bench`: the benchmark harness (bench/README.md). Builds the production bundle if
 * needed, runs every scenario on the embedded database and, when BENCH_DATABASE_URL is set, on
 * PostgreSQL, then the storefront's weight and Lighthouse once, prints one table and writes it to
 * bench/results/. Exits non-zero only when the harness breaks or the checkout integrity check
 * fails, never because a figure is slow.
 */
import { ensureBuild } from './lib/build';
import { cleanupAll, wasInterrupted } from './lib/cleanup';
import { postgresVersion } from './lib/database';
import { describeMachine, loadAverage } from './lib/machine';
import { parseOptions } from './lib/options';
import { renderConsole, updateReadme, writeResults } from './lib/report';
import type { BenchResults } from './lib/results';
import { runDatabase } from './lib/scenarios';
import { round } from './lib/stats';

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const clock = performance.now();
  const machine = describeMachine();
  if (options.postgresUrl && options.databases.includes('postgres')) {
    machine.postgres = await postgresVersion(options.postgresUrl);
  }
  console.log(
    `PumpKart benchmark (${options.quick ? 'quick' : 'full'}): ${options.databases.join(' + ')}; ` +
      `${machine.cpuCount} CPUs, load average ${machine.loadAverageAtStart.join(' ')}`,
  );
  const build = ensureBuild(options);

  const results: BenchResults = {
    version: 1,
    mode: options.quick ? 'quick' : 'full',
    partial: options.partial,
    startedAt: startedAt.toISOString(),
    finishedAt: '',
    durationSeconds: 0,
    settings: {
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
      buyers: options.buyers,
      checkoutSeconds: options.checkoutSeconds,
      soakMinutes: options.only.has('soak') ? options.soakMinutes : undefined,
      generatedProducts: options.generatedProducts,
      serverLogLevel: options.serverLogLevel,
    },
    build: { built: build.built, seconds: round(build.seconds, 1) },
    machine,
    databases: [],
  };

  const failures: string[] = [];
  for (const db of ['embedded', 'postgres'] as const) {
    if (wasInterrupted()) break;
    if (!options.databases.includes(db)) {
      if (db === 'postgres' && !options.postgresUrl) {
        results.databases.push({ db, skipped: 'BENCH_DATABASE_URL is not set', rows: [], notes: [], errors: [] });
      }
      continue;
    }
    if (db === 'postgres' && !options.postgresUrl) {
      results.databases.push({ db, skipped: 'BENCH_DATABASE_URL is not set', rows: [], notes: [], errors: [] });
      continue;
    }
    try {
      const done = await runDatabase(options, db, results);
      results.databases.push(done);
      failures.push(...done.errors.map((text) => `${db}: ${text}`));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      failures.push(`${db}: ${message}`);
      results.databases.push({
        db,
        skipped: `the harness failed: ${firstLine(message)}`,
        rows: [],
        notes: [],
        errors: [],
      });
    } finally {
      await cleanupAll();
    }
  }
  if (!options.databases.includes('embedded') && (options.only.has('weight') || options.only.has('lighthouse'))) {
    console.log(
      'note: the storefront weight and Lighthouse run only with the embedded database (--db=embedded or both).',
    );
  }

  if (wasInterrupted()) return 130;
  results.finishedAt = new Date().toISOString();
  results.durationSeconds = round((performance.now() - clock) / 1000, 1);
  results.machine.loadAverageAtEnd = loadAverage();

  for (const row of results.databases.flatMap((db) => db.rows)) {
    const check = row.checkout?.integrity ?? row.soak?.integrity;
    if (check && !check.pass) failures.push(`${row.name} integrity on ${row.db} FAILED: ${check.problems.join('; ')}`);
  }

  console.log(`\n${renderConsole(results)}\n`);
  const written = writeResults(results);
  console.log(`Results: ${written.files.map((file) => file.replace(`${process.cwd()}/`, '')).join(', ')}`);
  if (written.latest && failures.length === 0) {
    updateReadme(results);
    console.log('bench/README.md: table updated from results/latest.json');
  }
  console.log(`Benchmark took ${Math.round(results.durationSeconds)} s.`);
  if (failures.length) {
    console.error(`\n${failures.length} problem(s):\n${failures.map((text) => `- ${text}`).join('\n')}`);
    return 1;
  }
  return 0;
}

const firstLine = (text: string) => text.split('\n')[0] ?? text;

/** Exits once every cleanup ran; after Ctrl-C the signal handler does the exiting (code 130). */
async function finish(code: number) {
  await cleanupAll();
  if (!wasInterrupted()) process.exit(code);
}

main().then(finish, async (error: unknown) => {
  if (!wasInterrupted()) console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  await finish(1);
});
