/**
 * `npm run test:cluster -- --bench` (bench/cluster.ts): the catalog and checkout rows of the benchmark
 * (bench/README.md: the category page, and the checkout with the bench's own driver) against one process
 * directly, then through nginx over 1, 2 and 3 processes of the same cluster, each row a second of warm-up and a
 * few measured seconds from a load process of its own (../load-runner.ts). On a 2-core machine the processes,
 * nginx, PostgreSQL and the load share the cores: the figures show nginx's cost and how little more processes add
 * here, not what more machines would.
 */
import type { CheckoutLoadResult, HttpLoadResult } from '../load-types';
import { runLoad } from '../load-runner';
import { loadAverage } from '../machine';
import { biggestCategory } from '../scenarios';
import type { Cluster } from './cluster';

export interface ThroughputOptions {
  /** Measured seconds of each row (after one second of warm-up). */
  seconds: number;
  connections: number;
  buyers: number;
  log: (text: string) => void;
}

interface Row {
  label: string;
  catalog: HttpLoadResult;
  checkout: CheckoutLoadResult;
  loadAverage: number;
}

export async function runThroughput(cluster: Cluster, options: ThroughputOptions): Promise<string> {
  const first = cluster.apps[0]!;
  const category = await biggestCategory(first.url);
  if (!category) throw new Error('The demo catalog has no category to read.');
  const catalogPath = `/api/products?category=${encodeURIComponent(category.name)}&page=1&limit=24`;
  const rows: Row[] = [];

  const measure = async (label: string, baseUrl: string) => {
    options.log(`bench: ${label} ...`);
    const before = loadAverage()[0]!;
    const catalog = await runLoad<HttpLoadResult>(
      {
        mode: 'http',
        url: `${baseUrl}${catalogPath}`,
        connections: options.connections,
        warmupSeconds: 1,
        durationSeconds: options.seconds,
        maxRequests: 100_000 * options.seconds,
      },
      options.seconds + 60,
    );
    const checkout = await runLoad<CheckoutLoadResult>(
      {
        mode: 'checkout',
        baseUrl,
        buyers: options.buyers,
        warmupSeconds: 1,
        durationSeconds: options.seconds,
        maxCheckouts: 1_000 * (options.seconds + 1),
        seed: rows.length + 1,
      },
      options.seconds + 180,
    );
    rows.push({ label, catalog, checkout, loadAverage: before });
  };

  await measure('1 process, directly (no nginx)', first.url);
  for (let count = 1; count <= cluster.apps.length; count += 1) {
    const nginx = await cluster.startNginx(cluster.apps.slice(0, count));
    try {
      await measure(`${count} process${count > 1 ? 'es' : ''} through nginx`, nginx.url);
    } finally {
      await nginx.stop();
    }
  }

  /** The answers that were not 2xx, by status, and the requests without an answer. */
  const errors = (result: HttpLoadResult | CheckoutLoadResult) => {
    const statuses = Object.entries(result.statusCounts).filter(([status]) => !/^2/.test(status));
    const parts = [
      ...statuses.map(([status, n]) => `${status} x${n}`),
      ...(result.socketErrors ? [`no answer x${result.socketErrors}`] : []),
    ];
    return parts.length ? ` (${parts.join(', ')})` : '';
  };
  return [
    `Catalog: GET ${catalogPath}, ${options.connections} connections. Checkout: ${options.buyers} buyers, each product read, order, ` +
      `payment create, sandbox pay, verify (bench/lib/checkout-load.ts). ${options.seconds} s measured per row.`,
    '',
    '| row | catalog req/s | catalog p99 | checkout req/s | checkout p99 | checkouts/s | load avg before |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.catalog.requestsPerSecond}${errors(row.catalog)} | ${row.catalog.latency.p99Ms} ms | ` +
        `${row.checkout.requestsPerSecond}${errors(row.checkout)} | ${row.checkout.latency.p99Ms} ms | ` +
        `${row.checkout.checkoutsPerSecond} | ${row.loadAverage} |`,
    ),
  ].join('\n');
}
