/**
 * Lighthouse 13 (the npm package's command line) with Debian's Chromium, performance only, default
 * mobile settings (simulated throttling), JSON output. The full report is kept in
 * bench/results/lighthouse-<page>.json (not committed); the figures go into the results.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser';
import { onCleanup } from './cleanup';
import { BENCH_DIR, ROOT } from './options';
import type { LighthouseResult } from './results';

interface Audit {
  numericValue?: number;
  details?: { overallSavingsBytes?: number };
}

interface Report {
  categories?: { performance?: { score: number | null } };
  audits?: Record<string, Audit | undefined>;
  runtimeError?: { message?: string };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): one retry before reporting it. */
export async function runLighthouse(page: string, url: string, attempts = 2): Promise<LighthouseResult> {
  let result = await runLighthouseOnce(page, url);
  for (let attempt = 1; attempt < attempts && result.error && result.performanceScore === null; attempt += 1) {
    result = { ...(await runLighthouseOnce(page, url)), retried: attempt };
  }
  return result;
}

async function runLighthouseOnce(page: string, url: string): Promise<LighthouseResult> {
  const startedAt = performance.now();
  const outDir = path.join(BENCH_DIR, 'results');
  mkdirSync(outDir, { recursive: true });
  const slug =
    page === '/'
      ? 'home'
      : page
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase();
  const output = path.join(outDir, `lighthouse-${slug}.json`);
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    // Its own process group, so that a stop also ends the Chromium it launched.
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-3000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const stop = onCleanup(`lighthouse ${child.pid}`, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      killGroup();
      await exited;
    }
  });
  const timer = setTimeout(killGroup, 180_000);
  const code = await exited;
  clearTimeout(timer);
  await stop();

  const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
  const empty = {
    page,
    url,
    performanceScore: null,
    lcpMs: null,
    cls: null,
    tbtMs: null,
    fcpMs: null,
    speedIndexMs: null,
    unusedJavascriptBytes: null,
    responsiveImagesSavingsBytes: null,
    seconds,
  };
  if (code !== 0) return { ...empty, error: `lighthouse exited with ${code}: ${stderr.trim().slice(-500)}` };
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
  const audit = (id: string) => report.audits?.[id];
  const value = (id: string) => {
    const numeric = audit(id)?.numericValue;
    return typeof numeric === 'number' ? Math.round(numeric * 1000) / 1000 : null;
  };
  const score = report.categories?.performance?.score;
  return {
    page,
    url,
    performanceScore: typeof score === 'number' ? Math.round(score * 100) : null,
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    fcpMs: value('first-contentful-paint'),
    speedIndexMs: value('speed-index'),
    unusedJavascriptBytes: audit('unused-javascript')?.details?.overallSavingsBytes ?? null,
    responsiveImagesSavingsBytes: audit('uses-responsive-images')?.details?.overallSavingsBytes ?? null,
    seconds,
    ...(report.runtimeError?.message ? { error: report.runtimeError.message } : {}),
  };
}
