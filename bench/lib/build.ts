/**
 * The production build the benchmark measures: `npm run build` when apps/server/dist/main.js or
 * apps/web/dist is missing or older than its sources (scripts/build-state.mjs, as `npm start` does).
 * A private build (BENCH_SERVER_BUNDLE / BENCH_WEB_DIST) is used as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, type BenchOptions } from './options';

function buildIsStale(): boolean {
  const probe = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { buildIsStale } from './scripts/build-state.mjs'; process.stdout.write(String(buildIsStale()));",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (probe.status !== 0) throw new Error(`Could not check the build state: ${probe.stderr}`);
  return probe.stdout.trim() === 'true';
}

export function ensureBuild(options: BenchOptions): { built: boolean; seconds: number } {
  const standard =
    options.serverBundle === path.join(ROOT, 'apps/server/dist/main.js') &&
    options.webDist === path.join(ROOT, 'apps/web/dist');
  const startedAt = performance.now();
  let built = false;
  if (standard && buildIsStale()) {
    if (!options.build) {
      console.warn('warning: the production build looks stale and --no-build was given: measuring it anyway.');
    } else {
      console.log('Building the production bundle (npm run build)...');
      const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal}).`);
      built = true;
    }
  }
  for (const file of [options.serverBundle, path.join(options.webDist, 'index.html')]) {
    if (!existsSync(file)) throw new Error(`The production build is missing ${file} (run npm run build).`);
  }
  return { built, seconds: (performance.now() - startedAt) / 1000 };
}
