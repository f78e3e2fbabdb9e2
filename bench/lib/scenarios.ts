/**
 * The scenarios, per database. Each group of rows gets a production server started on a fresh
 * data target; each row is a warm-up then a measured load from a second process, with the
 * server's resident memory sampled throughout.
 *
 *   demo catalog (server seeds it):   baseline, home view (+ its 304 revalidation), category page
 *                                     then, embedded only, the storefront weight and Lighthouse
 *   same data, restarted:             checkout (stock raised by SQL while no server runs), then
 *                                     the integrity check on the database
 *   generated catalog (bench seeds):  search term, misspelt term, price range + availability,
 *                                     with the catalog cache off so every request reaches the database
 *   same data, restarted:             the soak: a mixed load for --minutes with the cache on, the server's
 *                                     VmRSS read every 10 s (stock raised by SQL first), then the integrity check
 *
 * Each server of read rows also gives a memory figure: its RSS after start and the highest peak of its rows.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { wasInterrupted } from './cleanup';
import { checkCheckoutIntegrity, prepareCheckoutStock } from './integrity';
import { createDataTarget, openSession, type DataTarget } from './database';
import type {
  CheckoutLoadRequest,
  CheckoutLoadResult,
  HttpLoadResult,
  LoadFigures,
  SoakLoadResult,
} from './load-types';
import { runLoad } from './load-runner';
import { runLighthouse } from './lighthouse';
import { loadAverage } from './machine';
import type { BenchOptions, DbKind } from './options';
import { soakMemory } from './memory';
import type { BenchResults, DatabaseResults, MemoryFigure, ScenarioRow } from './results';
import { startServer, type RunningServer } from './server';
import { residentMb } from './server-probe';
import { round } from './stats';
import { measureStorefrontWeight } from './weight';
import { seedGeneratedCatalog } from '../seed-catalog';

const startedAt = performance.now();
/** Progress lines with the seconds since the run started (where a slow run spends its time). */
const log = (text: string) =>
  console.log(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${text}`);

const idleRss = (server: RunningServer) => round(residentMb(server.pid) ?? 0, 1);

/** A small file of the web build served by @fastify/static, without any database work. */
function staticFilePath(webDist: string): string {
  return existsSync(path.join(webDist, 'favicon.svg')) ? '/favicon.svg' : '/index.html';
}

interface HttpScenario {
  id: string;
  name: string;
  path: string;
  headers?: Record<string, string>;
  expectStatus?: number[];
  notes?: string[];
  /** Also measure with one connection: the latency of a request that waits for no other. */
  singleConnection?: boolean;
}

function serverFor(options: BenchOptions, target: DataTarget, env: Record<string, string> = {}) {
  return startServer(target, {
    bundle: options.serverBundle,
    webDist: options.webDist,
    logLevel: options.serverLogLevel,
    env,
  });
}

async function measureHttp(
  options: BenchOptions,
  db: DbKind,
  server: RunningServer,
  scenario: HttpScenario,
): Promise<ScenarioRow> {
  const loadAverageBefore = loadAverage()[0]!;
  log(`  ${db} · ${scenario.name} ...`);
  const stopSampling = server.sampleMemory();
  const load = (connections: number, warmupSeconds: number) =>
    runLoad<HttpLoadResult>(
      {
        mode: 'http',
        url: `${server.url}${scenario.path}`,
        headers: scenario.headers,
        connections,
        warmupSeconds,
        durationSeconds: options.durationSeconds,
        expectStatus: scenario.expectStatus,
        // Far above what one core can serve in the time: the bound that stops a runaway, not a target.
        maxRequests: Math.round(100_000 * options.durationSeconds),
      },
      warmupSeconds + options.durationSeconds + 60,
    );
  let result: HttpLoadResult;
  let single: HttpLoadResult | undefined;
  let peakRssMb = 0;
  try {
    result = await load(options.connections, options.warmupSeconds);
    if (scenario.singleConnection) single = await load(1, 0);
  } finally {
    peakRssMb = stopSampling();
  }
  return {
    db,
    id: scenario.id,
    name: scenario.name,
    request: `GET ${scenario.path}`,
    ...rowFigures(result),
    durationSeconds: round(result.durationSeconds),
    peakRssMb: round(peakRssMb, 1),
    loadAverageBefore,
    notes: [
      ...(scenario.notes ?? []),
      ...responseSizeNote(result),
      ...statusNote(result.statusCounts, scenario.expectStatus),
    ],
    ...(single
      ? {
          singleConnection: {
            requestsPerSecond: single.requestsPerSecond,
            p50Ms: single.latency.p50Ms,
            p99Ms: single.latency.p99Ms,
          },
        }
      : {}),
  };
}

/** Size of a 2xx response as sent (headers included; autocannon asks for no compression). */
function responseSizeNote(result: HttpLoadResult): string[] {
  const bytes = result.bytesPerResponse;
  if (!bytes) return [];
  return [`${bytes >= 10_240 ? Math.round(bytes / 1024) : (bytes / 1024).toFixed(1)} KB a response`];
}

function statusNote(counts: Record<string, number>, expected?: number[]): string[] {
  const odd = Object.entries(counts).filter(([status]) =>
    expected ? !expected.includes(Number(status)) : !status.startsWith('2'),
  );
  return odd.length ? [`statuses: ${odd.map(([status, n]) => `${status} x${n}`).join(', ')}`] : [];
}

async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** The demo category with the most products (the category page a buyer most likely opens; also bench/cluster.ts). */
export async function biggestCategory(baseUrl: string): Promise<{ name: string; total: number } | undefined> {
  const home = await getJson<{ sections?: { category: string; total: number }[] }>(`${baseUrl}/api/products?view=home`);
  const sections = [...(home.body?.sections ?? [])].sort((a, b) => b.total - a.total);
  return sections[0] ? { name: sections[0].category, total: sections[0].total } : undefined;
}

/** The id of a category's newest active product (its page's first card). */
async function newestProductOf(baseUrl: string, category: string): Promise<string | undefined> {
  const query = new URLSearchParams({ category, sort: 'newest', limit: '1' });
  const list = await getJson<{ _id: string }[]>(`${baseUrl}/api/products?${query}`);
  return list.body?.[0]?._id;
}

export async function runDatabase(options: BenchOptions, db: DbKind, results: BenchResults): Promise<DatabaseResults> {
  const out: DatabaseResults = { db, rows: [], notes: [], errors: [] };
  const wants = (group: Parameters<typeof options.only.has>[0]) => options.only.has(group);
  const storefront = db === 'embedded' && (wants('weight') || wants('lighthouse'));
  const demoNeeded = wants('baseline') || wants('home') || wants('category') || wants('checkout') || storefront;
  const targetOptions = { postgresUrl: options.postgresUrl, keepData: options.keepData };
  let baseline: ScenarioRow | undefined;
  const addRow = (row: ScenarioRow) => {
    // Not the soak's: its requests are a mix, sent by a slower client (bench/lib/soak-load.ts).
    if (baseline && row !== baseline && !row.soak)
      row.ratioToBaseline = round(row.requestsPerSecond / baseline.requestsPerSecond, 3);
    out.rows.push(row);
    return row;
  };
  /** One scenario: a failure is recorded (and fails the run at the end) but the others still run. */
  const attempt = async (label: string, scenario: () => Promise<unknown>) => {
    if (wasInterrupted()) return;
    try {
      await scenario();
    } catch (error) {
      if (wasInterrupted()) return; // its processes were stopped under it
      const message = error instanceof Error ? error.message : String(error);
      log(`${db}: ${label} FAILED: ${message.split('\n')[0]}`);
      out.errors.push(`${label}: ${message}`);
    }
  };
  const measureBaseline = async (server: RunningServer, notes: string[]) => {
    baseline = addRow(
      await measureHttp(options, db, server, {
        id: 'baseline',
        name: 'baseline (liveness)',
        path: '/api/health/live',
        notes: ['the cheapest route: no database work', ...notes],
      }),
    );
  };

  if (demoNeeded) {
    const target = await createDataTarget(db, 'demo', targetOptions);
    // First start on the fresh data: migrations, the demo catalog and the admin. Not measured: the
    // measured server is a second start, so its memory is that of serving, not of seeding.
    log(`${db}: first start on a fresh ${db === 'embedded' ? 'data directory' : 'database'} (seeds the demo catalog)`);
    const seedStartedAt = performance.now();
    const seeding = await serverFor(options, target);
    await seeding.stop();
    out.notes.push(`first start with demo seeding: ${round((performance.now() - seedStartedAt) / 1000, 1)} s`);
    const server = await serverFor(options, target);
    const rowsBefore = out.rows.length;
    let memory: MemoryFigure | undefined;
    try {
      const count = await getJson<unknown[]>(`${server.url}/api/products?limit=1`);
      const productCount = Number(count.headers.get('x-total-count') ?? 0);
      memory = { catalog: 'demo', products: productCount, restMb: idleRss(server), peakMb: 0, rows: 0 };
      out.notes.push(`demo catalog: ${productCount} active products; server RSS after start ${memory.restMb} MB`);
      // The row every other row is compared with; always measured so that ratios exist.
      await attempt('baseline', () => measureBaseline(server, []));
      await attempt('health', async () =>
        addRow(
          await measureHttp(options, db, server, {
            id: 'health',
            name: 'health (database)',
            path: '/api/health',
            notes: ['one database round trip (select 1)'],
          }),
        ),
      );
      await attempt('static file', async () =>
        addRow(
          await measureHttp(options, db, server, {
            id: 'static',
            name: 'static file',
            path: staticFilePath(options.webDist),
            notes: ['no database work'],
          }),
        ),
      );
      if (wants('home')) {
        await attempt('home view', async () => {
          const homePath = '/api/products?view=home';
          addRow(await measureHttp(options, db, server, { id: 'home', name: 'home view', path: homePath }));
          const etag = (await fetch(`${server.url}${homePath}`)).headers.get('etag');
          if (!etag) {
            out.notes.push('home view: no ETag header, so no revalidation row');
            return;
          }
          addRow(
            await measureHttp(options, db, server, {
              id: 'home-304',
              name: 'home view, revalidated',
              path: homePath,
              headers: { 'if-none-match': etag },
              expectStatus: [304],
              notes: ['If-None-Match: the ETag (304 expected)'],
            }),
          );
        });
      }
      if (wants('category')) {
        await attempt('category page', async () => {
          const category = await biggestCategory(server.url);
          if (!category) {
            out.notes.push('category page: skipped (the demo catalog has no categories)');
            return;
          }
          addRow(
            await measureHttp(options, db, server, {
              id: 'category',
              name: 'category page',
              path: `/api/products?category=${encodeURIComponent(category.name)}&page=1&limit=24`,
              notes: [`${category.name}: ${category.total} products`],
            }),
          );
        });
      }
      // The read rows' memory, before the browser's pages add theirs.
      addMemory(out, memory, out.rows.slice(rowsBefore));
      if (storefront) await attempt('storefront', () => runStorefront(options, server, results));
    } finally {
      await server.stop();
    }

    if (wants('checkout')) {
      await attempt('checkout', async () => {
        const row = await runCheckout(options, db, target, out.notes);
        if (row) addRow(row);
      });
    }
  }

  /** The generated catalog, made once for the search rows and the soak (which run one after the other on it). */
  let generated: { target: DataTarget; seeding: NonNullable<DatabaseResults['seeding']> } | undefined;
  const generatedCatalog = async () => {
    if (generated) return generated;
    const target = await createDataTarget(db, 'generated', targetOptions);
    log(`${db}: generating a catalog of ${options.generatedProducts.toLocaleString('en-US')} products`);
    const session = await openSession(target);
    let seeding: DatabaseResults['seeding'];
    try {
      seeding = await seedGeneratedCatalog(session, options.generatedProducts);
    } finally {
      await session.close();
    }
    seeding.seconds = round(seeding.seconds, 1);
    out.seeding = seeding;
    log(`${db}: seeded ${seeding.products} products in ${seeding.seconds} s`);
    generated = { target, seeding };
    return generated;
  };

  if (wants('search')) {
    await attempt('generated catalog', async () => {
      const { target, seeding } = await generatedCatalog();
      const server = await serverFor(options, target, { SEED_DEMO: 'false', CATALOG_CACHE_SIZE: '0' });
      const rowsBefore = out.rows.length;
      const memory: MemoryFigure = {
        catalog: 'generated',
        products: seeding.products,
        restMb: idleRss(server),
        peakMb: 0,
        rows: 0,
      };
      try {
        out.notes.push(`generated catalog: server RSS after start ${memory.restMb} MB`);
        if (!baseline) await attempt('baseline', () => measureBaseline(server, ['on the generated-catalog server']));
        const notes = [`${seeding.products.toLocaleString('en-US')} products, catalog cache off`];
        for (const scenario of [
          { id: 'search', name: 'search', path: '/api/products?search=dispenser' },
          // The matches grouped by category: the API answers it, but the storefront asks for the home view only without
          // a search or a filter (docs/decisions/0014-search-at-scale.md, "Not changed"); a figure, not a buyer's read.
          { id: 'search-home', name: 'search, home page', path: '/api/products?view=home&search=dispenser' },
          { id: 'search-misspelt', name: 'search, misspelt', path: '/api/products?search=dispnser' },
          // The navbar's suggestions (docs/shop-rules.md#search): for the search row's term, and for the first two
          // characters typed, which no trigram index serves (docs/decisions/0014-search-at-scale.md).
          { id: 'suggest', name: 'suggestions', path: '/api/products/suggest?q=dispenser' },
          { id: 'suggest-short', name: 'suggestions, 2 characters', path: '/api/products/suggest?q=di' },
          {
            id: 'search-filter',
            name: 'price range + availability',
            path: '/api/products?priceRange=1000%2B&availability=In%20Stock',
          },
          // Not a storefront call at this scale without the cache, but what every cache miss costs.
          { id: 'home-large', name: 'home view, cache off', path: '/api/products?view=home' },
        ]) {
          await attempt(scenario.name, async () => {
            const probe = await getJson<unknown>(`${server.url}${scenario.path}`);
            // A page says its total in X-Total-Count, the home view in its body.
            const matches =
              probe.headers.get('x-total-count') ?? (probe.body as { total?: number } | null)?.total ?? null;
            addRow(
              await measureHttp(options, db, server, {
                ...scenario,
                notes: [...notes, ...(matches !== null ? [`${Number(matches).toLocaleString('en-US')} matches`] : [])],
                // Quick runs skip it: CI only needs the code path, and time is short there.
                singleConnection: !options.quick,
              }),
            );
          });
        }
        addMemory(out, memory, out.rows.slice(rowsBefore));
      } finally {
        await server.stop();
      }
    });
  }

  if (wants('soak')) {
    await attempt('soak', async () => {
      const { target, seeding } = await generatedCatalog();
      const row = await runSoak(options, db, target, seeding.products);
      addRow(row);
    });
  }
  return out;
}

/** The memory figure of one server's read rows: its RSS after start and the highest peak of its rows. */
function addMemory(out: DatabaseResults, memory: MemoryFigure | undefined, rows: ScenarioRow[]): void {
  if (!memory || rows.length === 0) return;
  memory.peakMb = Math.max(...rows.map((row) => row.peakRssMb));
  memory.rows = rows.length;
  (out.memory ??= []).push(memory);
}

/** Seconds between two readings of the server's VmRSS during the soak. */
const SOAK_SAMPLE_SECONDS = 10;

/**
 * The soak (bench/lib/soak-load.ts): the generated catalog with the catalog cache on, as a shop runs, and stock for
 * its checkouts; a mixed load for --minutes while the server's VmRSS is read every 10 s; then the checkout integrity
 * check on the database.
 */
async function runSoak(options: BenchOptions, db: DbKind, target: DataTarget, products: number): Promise<ScenarioRow> {
  const session = await openSession(target);
  try {
    await prepareCheckoutStock(session);
  } finally {
    await session.close();
  }
  const server = await serverFor(options, target, { SEED_DEMO: 'false' });
  const loadAverageBefore = loadAverage()[0]!;
  const durationSeconds = Math.round(options.soakMinutes * 60);
  let result: SoakLoadResult;
  let peakRssMb = 0;
  try {
    log(`  ${db} · soak: ${options.soakMinutes} min of mixed load, ${options.connections} shoppers ...`);
    const stopSampling = server.sampleMemory();
    try {
      result = await runLoad<SoakLoadResult>(
        {
          mode: 'soak',
          baseUrl: server.url,
          connections: options.connections,
          durationSeconds,
          sampleSeconds: SOAK_SAMPLE_SECONDS,
          seed: 42,
          server: server.probe,
        },
        durationSeconds + 300,
      );
    } finally {
      peakRssMb = stopSampling();
    }
  } finally {
    await server.stop();
  }
  const integrity = await integrityAfter(target, result.buyerEmailPattern, result.paymentsVerified);
  const memory = soakMemory(result.samples, options.soakMinutes);
  const mb = (value: number) => `${round(value, 1)} MB`;
  return {
    db,
    id: 'soak',
    name: `soak (${options.soakMinutes} min mixed)`,
    request: 'home, category, search, suggest, product, product page, checkout',
    ...rowFigures(result),
    peakRssMb: round(peakRssMb, 1),
    loadAverageBefore,
    notes: [
      `RSS ${memory.rssAt.map((mark) => `${mark.minute} min ${mb(mark.rssMb)}`).join(', ')}`,
      `slope over the last ${memory.slopeMinutes} min ${memory.slopeMbPerMinute >= 0 ? '+' : ''}${round(memory.slopeMbPerMinute, 2)} MB/min`,
      `${products.toLocaleString('en-US')} products, catalog cache on`,
      `${result.checkoutsCompleted} checkouts; integrity ${integrity.pass ? 'PASS' : 'FAIL'}`,
      ...statusNote(result.statusCounts),
    ],
    soak: {
      minutes: options.soakMinutes,
      connections: result.connections,
      products,
      sampleSeconds: SOAK_SAMPLE_SECONDS,
      samples: result.samples,
      rssAt: memory.rssAt,
      slopeMbPerMinute: round(memory.slopeMbPerMinute, 3),
      slopeMinutes: memory.slopeMinutes,
      kinds: result.kinds,
      checkoutsCompleted: result.checkoutsCompleted,
      failedCheckouts: result.failedCheckouts,
      errorSamples: result.errorSamples,
      integrity,
    },
  };
}

const CHECKOUT_ROUTES = ['/api/orders', '/api/payments/create', '/api/payments/sandbox/pay', '/api/payments/verify'];

/** The checkout routes this build does not serve at all (Fastify's "Route ... not found"), if any. */
async function missingRoutes(baseUrl: string): Promise<string[]> {
  const missing: string[] = [];
  for (const route of CHECKOUT_ROUTES) {
    const res = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    if (res.status === 404 && /^Route .* not found$/.test(body.message ?? '')) missing.push(`POST ${route}`);
  }
  return missing;
}

async function runCheckout(
  options: BenchOptions,
  db: DbKind,
  target: DataTarget,
  notes: string[],
): Promise<ScenarioRow | undefined> {
  const session = await openSession(target);
  let stock: Awaited<ReturnType<typeof prepareCheckoutStock>>;
  try {
    stock = await prepareCheckoutStock(session);
  } finally {
    await session.close();
  }
  log(
    `${db}: checkout on ${stock.products} products${stock.generated ? ' (generated: the demo catalog was empty)' : ''}`,
  );
  const server = await serverFor(options, target);
  const loadAverageBefore = loadAverage()[0]!;
  let result: CheckoutLoadResult;
  let peakRssMb = 0;
  try {
    const missing = await missingRoutes(server.url);
    if (missing.length) {
      notes.push(`checkout: skipped, this build does not serve ${missing.join(', ')}`);
      return undefined;
    }
    log(`  ${db} · checkout, ${options.buyers} buyers ...`);
    const stopSampling = server.sampleMemory();
    try {
      const request: CheckoutLoadRequest = {
        mode: 'checkout',
        baseUrl: server.url,
        buyers: options.buyers,
        warmupSeconds: options.checkoutWarmupSeconds,
        durationSeconds: options.checkoutSeconds,
        maxCheckouts: Math.round(1_000 * (options.checkoutWarmupSeconds + options.checkoutSeconds)),
        seed: 42,
        server: server.probe,
      };
      result = await runLoad<CheckoutLoadResult>(
        request,
        options.checkoutWarmupSeconds + options.checkoutSeconds + 180,
      );
    } finally {
      peakRssMb = stopSampling();
    }
  } finally {
    await server.stop();
  }
  const integrity = await integrityAfter(target, result.buyerEmailPattern, result.all.paymentsVerified);
  return {
    db,
    id: 'checkout',
    name: 'checkout',
    request: 'product -> order -> payment create -> sandbox pay -> verify',
    ...rowFigures(result),
    peakRssMb: round(peakRssMb, 1),
    loadAverageBefore,
    notes: [
      `${result.checkoutsPerSecond} checkouts/s (${result.checkoutsCompleted} completed)`,
      ...perCheckoutNotes(result.perCheckout),
      `integrity ${integrity.pass ? 'PASS' : 'FAIL'}`,
      ...statusNote(result.statusCounts),
    ],
    checkout: {
      buyers: result.buyers,
      checkoutsCompleted: result.checkoutsCompleted,
      checkoutsPerSecond: result.checkoutsPerSecond,
      registrationSeconds: result.registrationSeconds,
      steps: result.steps,
      perCheckout: result.perCheckout,
      all: result.all,
      errorSamples: result.errorSamples,
      integrity,
    },
  };
}

/** The server's cost of one checkout (bench/lib/server-probe.ts), as the row's notes say it. */
function perCheckoutNotes(perCheckout: CheckoutLoadResult['perCheckout']): string[] {
  if (!perCheckout) return [];
  return [
    ...(perCheckout.statements === undefined ? [] : [`${perCheckout.statements} statements per checkout`]),
    `server CPU ${perCheckout.serverCpuMs} ms per checkout`,
    ...(perCheckout.postgresCpuMs === undefined ? [] : [`PostgreSQL CPU ${perCheckout.postgresCpuMs} ms per checkout`]),
  ];
}

async function runStorefront(options: BenchOptions, server: RunningServer, results: BenchResults): Promise<void> {
  const storefront: NonNullable<BenchResults['storefront']> = {};
  results.storefront = storefront;
  try {
    if (options.only.has('weight')) {
      log('  storefront weight (Chromium) ...');
      storefront.weight = await measureStorefrontWeight(server.url, options.webDist);
    }
    if (options.only.has('lighthouse')) {
      const category = await biggestCategory(server.url);
      const pages = [{ page: '/', url: `${server.url}/` }];
      // About 15 s a run: quick runs (CI) keep only the home page.
      if (category && !options.quick) {
        const page = `/category/${encodeURIComponent(category.name)}`;
        pages.push({ page, url: `${server.url}${page}` });
        // The product page of that category's first card (the newest), as a buyer opens one from a shared link.
        const product = await newestProductOf(server.url, category.name);
        if (product) pages.push({ page: `/product/${product}`, url: `${server.url}/product/${product}` });
      }
      storefront.lighthouse = [];
      for (const { page, url } of pages) {
        log(`  Lighthouse ${page} ...`);
        storefront.lighthouse.push(await runLighthouse(page, url));
      }
    }
  } catch (error) {
    storefront.error = error instanceof Error ? error.message : String(error);
    throw error;
  }
}

/** The checkout integrity check (integrity.ts) of a run's buyers, on a session of its own once the server stopped. */
async function integrityAfter(
  target: Parameters<typeof openSession>[0],
  buyerEmailPattern: string,
  paymentsVerifiedByBuyers: number,
) {
  const check = await openSession(target);
  try {
    return await checkCheckoutIntegrity(check, { buyerEmailPattern, paymentsVerifiedByBuyers });
  } finally {
    await check.close();
  }
}

/** A row's figures from what a load process measured (an HTTP row, the checkout, the soak). */
function rowFigures(result: LoadFigures) {
  return {
    requests: result.requests,
    durationSeconds: result.durationSeconds,
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.latency.p50Ms,
    p99Ms: result.latency.p99Ms,
    unexpectedStatus: result.unexpectedStatus,
    socketErrors: result.socketErrors,
  };
}
