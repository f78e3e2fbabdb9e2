/**
 * The run's figures as text: the console table, the JSON files under bench/results/, and the
 * generated part of bench/README.md (between its markers), all from one BenchResults object.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR } from './options';
import type { BenchResults, ScenarioRow } from './results';

type Cell = string | number | undefined | null;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kb = (bytes: number) => `${oneDecimal.format(bytes / 1024)} KB`;
const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : twoDecimals.format(value);

function table(headers: string[], rows: Cell[][], markdown: boolean, rightAligned: boolean[] = []): string {
  const text = rows.map((row) => row.map((cell) => (cell === undefined || cell === null ? '' : String(cell))));
  if (markdown) {
    const rule = headers.map((_, i) => (rightAligned[i] ? '---:' : '---'));
    return [headers, rule, ...text].map((row) => `| ${row.join(' | ')} |`).join('\n');
  }
  const widths = headers.map((header, i) => Math.max(header.length, ...text.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (rightAligned[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}

/** One row per kind of request (a checkout's steps, the soak's kinds): how many, p50, p99 and the failures. */
function latencyTable(
  label: string,
  kinds: Record<
    string,
    { requests: number; latency: { p50Ms: number; p99Ms: number }; unexpectedStatus: number; socketErrors: number }
  >,
  markdown: boolean,
): string {
  return table(
    [label, 'requests', 'p50 ms', 'p99 ms', 'non-2xx', 'socket errors'],
    Object.entries(kinds).map(([kind, figures]) => [
      kind,
      integer.format(figures.requests),
      ms(figures.latency.p50Ms),
      ms(figures.latency.p99Ms),
      integer.format(figures.unexpectedStatus),
      integer.format(figures.socketErrors),
    ]),
    markdown,
    [false, true, true, true, true, true],
  );
}

function scenarioRows(results: BenchResults): ScenarioRow[] {
  return results.databases.flatMap((db) => db.rows);
}

export function renderScenarioTable(results: BenchResults, markdown: boolean): string {
  const headers = [
    'db',
    'scenario',
    'req/s',
    'x baseline',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'socket errors',
    'peak RSS MB',
    'load avg',
    'notes',
  ];
  const rows = scenarioRows(results).map((row) => [
    row.db,
    row.name,
    oneDecimal.format(row.requestsPerSecond),
    row.ratioToBaseline === undefined ? '-' : twoDecimals.format(row.ratioToBaseline),
    ms(row.p50Ms),
    ms(row.p99Ms),
    integer.format(row.unexpectedStatus),
    integer.format(row.socketErrors),
    oneDecimal.format(row.peakRssMb),
    oneDecimal.format(row.loadAverageBefore),
    [
      ...(row.singleConnection
        ? [`1 connection: p50 ${ms(row.singleConnection.p50Ms)} ms, p99 ${ms(row.singleConnection.p99Ms)} ms`]
        : []),
      ...row.notes,
    ].join('; '),
  ]);
  return table(headers, rows, markdown, [false, false, true, true, true, true, true, true, true, true, false]);
}

export function renderDetails(results: BenchResults, markdown: boolean): string {
  const parts: string[] = [];
  const heading = (text: string) => (markdown ? `#### ${text}` : `${text}:`);

  for (const db of results.databases) {
    if (db.skipped) parts.push(`${db.db}: skipped (${db.skipped})`);
    if (db.seeding) {
      parts.push(
        `${db.db}: generated catalog of ${integer.format(db.seeding.products)} products (${integer.format(db.seeding.variants)} variants) seeded in ${oneDecimal.format(db.seeding.seconds)} s`,
      );
    }
    for (const note of db.notes) parts.push(`${db.db}: ${note}`);
    for (const error of db.errors) parts.push(`${db.db}: FAILED ${error.split('\n')[0]}`);
  }

  const memory = results.databases.flatMap((db) => (db.memory ?? []).map((figure) => ({ db: db.db, ...figure })));
  if (memory.length) {
    parts.push(heading('Memory of the read rows (the server process, VmRSS)'));
    parts.push(
      table(
        ['db', 'catalog', 'products', 'RSS after start MB', 'peak RSS of its read rows MB', 'rows'],
        memory.map((figure) => [
          figure.db,
          figure.catalog === 'demo' ? 'demo, cache on' : 'generated, cache off',
          integer.format(figure.products),
          oneDecimal.format(figure.restMb),
          oneDecimal.format(figure.peakMb),
          figure.rows,
        ]),
        markdown,
        [false, false, true, true, true, true],
      ),
    );
  }

  for (const row of scenarioRows(results)) {
    const soak = row.soak;
    if (!soak) continue;
    parts.push(
      heading(
        `Soak on ${row.db}: ${soak.minutes} min, ${soak.connections} shoppers, ${integer.format(soak.products)} products`,
      ),
    );
    // One sample a minute (the one nearest to each whole minute), and the last.
    const perMinute = new Map<number, (typeof soak.samples)[number]>();
    for (const sample of soak.samples) {
      const minute = Math.round(sample.seconds / 60);
      const kept = perMinute.get(minute);
      if (!kept || Math.abs(sample.seconds - minute * 60) < Math.abs(kept.seconds - minute * 60)) {
        perMinute.set(minute, sample);
      }
    }
    parts.push(
      `RSS MB at ${[...perMinute].map(([minute, sample]) => `${minute} min ${oneDecimal.format(sample.rssMb)}`).join(', ')}; ` +
        `slope over the last ${soak.slopeMinutes} min ${twoDecimals.format(soak.slopeMbPerMinute)} MB/min ` +
        `(${soak.samples.length} samples, every ${soak.sampleSeconds} s).`,
    );
    parts.push(latencyTable('requests of', soak.kinds, markdown));
    const check = soak.integrity;
    parts.push(
      `checkouts: ${integer.format(soak.checkoutsCompleted)} completed, ${integer.format(soak.failedCheckouts)} failed; ` +
        `integrity ${check.pass ? 'PASS' : 'FAIL'}: ${check.processingOrders} processing orders, ${check.successfulPayments} successful payments ` +
        `(buyers saw ${check.paymentsVerifiedByBuyers}), negative stock: ${check.negativeProductStock} products / ${check.negativeVariantStock} variants` +
        (check.problems.length ? `; problems: ${check.problems.join('; ')}` : '') +
        (soak.errorSamples.length ? `; first errors: ${soak.errorSamples.map((text) => `"${text}"`).join(', ')}` : ''),
    );
  }

  for (const row of scenarioRows(results)) {
    const checkout = row.checkout;
    if (!checkout) continue;
    const check = checkout.integrity;
    parts.push(
      heading(`Checkout on ${row.db}: ${checkout.buyers} buyers, ${oneDecimal.format(row.durationSeconds)} s measured`),
    );
    parts.push(latencyTable('step', checkout.steps, markdown));
    parts.push(
      [
        `completed checkouts: ${integer.format(checkout.checkoutsCompleted)} (${twoDecimals.format(checkout.checkoutsPerSecond)}/s);`,
        `warm-up and run together: ${integer.format(checkout.all.checkoutsStarted)} started, ${integer.format(checkout.all.ordersCreated)} orders, ${integer.format(checkout.all.paymentsVerified)} payments verified, ${integer.format(checkout.all.failedCheckouts)} failed;`,
        `registering the buyers took ${twoDecimals.format(checkout.registrationSeconds)} s.`,
      ].join(' '),
    );
    if (checkout.perCheckout) {
      const { statements, serverCpuMs, postgresCpuMs } = checkout.perCheckout;
      parts.push(
        `per completed checkout (measured phase, sandbox webhook included): ` +
          `${statements === undefined ? 'statements not counted (embedded database)' : `${oneDecimal.format(statements)} statements per checkout`}, ` +
          `server CPU ${twoDecimals.format(serverCpuMs)} ms per checkout` +
          (postgresCpuMs === undefined
            ? '.'
            : `, PostgreSQL CPU ${twoDecimals.format(postgresCpuMs)} ms per checkout.`),
      );
    }
    parts.push(
      `integrity ${check.pass ? 'PASS' : 'FAIL'}: ${check.orders} orders, ${check.processingOrders} processing, ` +
        `${check.successfulPayments} successful payments (buyers saw ${check.paymentsVerifiedByBuyers}), ` +
        `${check.ordersWithSeveralSuccessfulPayments} orders with several, ` +
        `negative stock: ${check.negativeProductStock} products / ${check.negativeVariantStock} variants, ` +
        `stock taken ${check.unitsTakenFromStock} = units in live orders ${check.unitsInLiveOrders} ` +
        `(${check.stockRowsNotConserved} rows differ)` +
        (check.productsWithStockNotSumOfVariants
          ? `; note: ${check.productsWithStockNotSumOfVariants} products with variants whose stock is not the variants' sum`
          : '') +
        (check.problems.length ? `; problems: ${check.problems.join('; ')}` : ''),
    );
    if (checkout.errorSamples.length) {
      parts.push(`failed checkouts, first messages: ${checkout.errorSamples.map((text) => `"${text}"`).join(', ')}`);
    }
  }

  const storefront = results.storefront;
  if (storefront?.weight) {
    const weight = storefront.weight;
    parts.push(heading('Storefront weight (production build, cold load, Chromium)'));
    parts.push(
      table(
        ['page', 'JS files', 'JS raw', 'JS gzip -9', 'CSS raw', 'CSS gzip -9', 'sent over the wire'],
        weight.pages.map((page) => [
          page.page,
          page.files.filter((file) => file.type === 'script').length,
          kb(page.scriptRawBytes),
          kb(page.scriptGzipBytes),
          kb(page.styleRawBytes),
          kb(page.styleGzipBytes),
          kb(page.transferBytes),
        ]),
        markdown,
        [false, true, true, true, true, true, true],
      ),
    );
    for (const page of weight.pages) {
      const biggest = page.files
        .filter((file) => file.type === 'script')
        .slice(0, 4)
        .map(
          (file) =>
            `${file.url} ${kb(file.rawBytes)} (gzip ${kb(file.gzipBytes)}${file.admin ? ', admin code' : ''}${file.charting ? ', charting library' : ''})`,
        );
      parts.push(`${page.page} largest scripts: ${biggest.join(', ') || 'none'}`);
    }
    const encodings = [...new Set(weight.pages.flatMap((page) => page.files.map((file) => file.contentEncoding)))];
    parts.push(`content-encoding of JS/CSS as served: ${encodings.join(', ')}`);
    parts.push(
      `home page downloads admin code: ${weight.homeDownloadsAdminCode.length ? `yes (${weight.homeDownloadsAdminCode.join(', ')})` : 'no'}; ` +
        `the charting library: ${weight.homeDownloadsCharting.length ? `yes (${weight.homeDownloadsCharting.join(', ')})` : 'no'}`,
    );
    parts.push(
      table(
        [
          'home page images',
          'downloaded',
          'bytes',
          'largest',
          'its bytes',
          'natural',
          'displayed (CSS px)',
          'larger than shown (>1.5x)',
        ],
        weight.homeImages.map((finding) => [
          finding.viewport,
          finding.imagesDownloaded,
          kb(finding.imageBytes),
          finding.largest?.url ?? '-',
          finding.largest ? kb(finding.largest.bytes) : '-',
          finding.largest ? `${finding.largest.naturalWidth}x${finding.largest.naturalHeight}` : '-',
          finding.largest ? `${finding.largest.displayedWidth}x${finding.largest.displayedHeight}` : '-',
          finding.oversized.length
            ? `${finding.oversized.length}: ${finding.oversized
                .slice(0, 3)
                .map((image) => `${image.url} ${image.naturalWidth}px for ${image.neededWidth}px`)
                .join(', ')}`
            : 'none',
        ]),
        markdown,
        [false, true, true, false, true, true, true, false],
      ),
    );
  }
  if (storefront?.lighthouse?.length) {
    parts.push(heading('Lighthouse (mobile defaults, performance only)'));
    parts.push(
      table(
        ['page', 'score', 'LCP ms', 'CLS', 'TBT ms', 'FCP ms', 'unused JS', 'image savings', 'error'],
        storefront.lighthouse.map((run) => [
          run.page,
          run.performanceScore ?? '-',
          run.lcpMs === null ? '-' : integer.format(run.lcpMs),
          run.cls === null ? '-' : run.cls.toFixed(3),
          run.tbtMs === null ? '-' : integer.format(run.tbtMs),
          run.fcpMs === null ? '-' : integer.format(run.fcpMs),
          run.unusedJavascriptBytes === null ? '-' : kb(run.unusedJavascriptBytes),
          run.responsiveImagesSavingsBytes === null ? '-' : kb(run.responsiveImagesSavingsBytes),
          run.error ?? '',
        ]),
        markdown,
        [false, true, true, true, true, true, true, true, false],
      ),
    );
  }
  if (storefront?.error) parts.push(`storefront measurement failed: ${storefront.error}`);
  return parts.join('\n\n');
}

export function renderMachine(results: BenchResults): string {
  const m = results.machine;
  return [
    `- ${m.cpuCount} x ${m.cpuModel}, ${m.memoryGb} GB memory, ${m.os}`,
    `- Node ${m.node}${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}`,
    `- git ${m.gitCommit}${m.uncommittedFiles ? ` with ${m.uncommittedFiles} uncommitted files in the checkout` : ''}`,
    `- load average (1, 5, 15 min) at start ${m.loadAverageAtStart.join(', ')}, at end ${m.loadAverageAtEnd?.join(', ') ?? '-'}`,
    `- ${results.mode} run started ${results.startedAt}, took ${Math.round(results.durationSeconds)} s; ` +
      `read scenarios: ${results.settings.connections} connections, ${results.settings.warmupSeconds} s warm-up + ${results.settings.durationSeconds} s measured; ` +
      `checkout: ${results.settings.buyers} buyers, ${results.settings.checkoutSeconds} s; ` +
      (results.settings.soakMinutes ? `soak: ${results.settings.soakMinutes} min; ` : '') +
      `server LOG_LEVEL=${results.settings.serverLogLevel}`,
  ].join('\n');
}

export function renderConsole(results: BenchResults): string {
  return [renderScenarioTable(results, false), renderDetails(results, false), renderMachine(results)].join('\n\n');
}

export const README_START = '<!-- bench:results:start -->';
export const README_END = '<!-- bench:results:end -->';

export function renderReadmeSection(results: BenchResults): string {
  return [
    README_START,
    '<!-- Generated by `npm run bench` (or `tsx bench/readme.ts`) from bench/results/latest.json: do not edit by hand. -->',
    '',
    '### Machine',
    '',
    renderMachine(results),
    '',
    '### Figures',
    '',
    renderScenarioTable(results, true),
    '',
    renderDetails(results, true),
    '',
    README_END,
  ].join('\n');
}

/** Replaces the generated section of bench/README.md (between the markers) with these results. */
export function updateReadme(results: BenchResults, readmePath = path.join(BENCH_DIR, 'README.md')): void {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`${readmePath} lacks the ${README_START} ... ${README_END} markers.`);
  const next = readme.slice(0, start) + renderReadmeSection(results) + readme.slice(end + README_END.length);
  writeFileSync(readmePath, next);
}

/** Writes results/<timestamp>-<mode>.json always, and results/latest.json for complete full runs. */
export function writeResults(results: BenchResults): { files: string[]; latest: boolean } {
  const dir = path.join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  const body = `${JSON.stringify(results, null, 2)}\n`;
  const files = [path.join(dir, `${stamp}-${results.mode}${results.partial ? '-partial' : ''}.json`)];
  const latest = results.mode === 'full' && !results.partial;
  if (latest) files.push(path.join(dir, 'latest.json'));
  else files.push(path.join(dir, `last-${results.mode}${results.partial ? '-partial' : ''}.json`));
  for (const file of files) writeFileSync(file, body);
  return { files, latest };
}
