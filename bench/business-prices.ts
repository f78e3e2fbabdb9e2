/**
 * Business prices' cost (docs/shop-rules.md#business-prices): the bench's catalog rows (category page, product
 * answer, with the catalog cache on as the storefront reads them) and a checkout (price and place a cash-on-delivery
 * order of 1 to 3 lines) for a buyer whose business has a price list (category and product rules, products with
 * quantity breaks) next to a buyer without one. The demo catalog, the server's app in this process on 127.0.0.1,
 * the read load from a second process (bench/load.ts, autocannon), the checkouts sent from here one at a time. The
 * read rows run A B B A in each round and the checkouts alternate one by one, so that the machine's drift falls on
 * both buyers alike. A figure, not a test.
 *
 *   npx tsx bench/business-prices.ts                  # embedded database; --rounds=3 --duration=5 --checkouts=150
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/business-prices.ts --db=postgres
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { orderTotals, toPaise, toRupees } from '@pumpkart/shared';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { createUser } from '../apps/server/src/modules/auth';
import { seedDatabase } from '../apps/server/src/seed';
import { adminUrl, databaseUrl } from '../apps/server/src/test/postgres';
import type { HttpLoadResult } from './lib/load-types';
import { runLoad } from './lib/load-runner';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ROUNDS = Number(flag('rounds') ?? 3);
const WARMUP = Number(flag('warmup') ?? 2);
const DURATION = Number(flag('duration') ?? 5);
const CHECKOUTS = Number(flag('checkouts') ?? 150);
const DB = flag('db') ?? 'embedded';
const SECRETS = { jwtSecret: 'bench-prices-jwt-secret-0123456789abcdef', sandboxKeySecret: 'bench-prices-sandbox' };

type Run = (text: string) => Promise<Record<string, unknown>[]>;

const ADDRESS = {
  recipientName: 'Asha Rao',
  recipientPhone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'India',
};

interface Product {
  _id: string;
  title: string;
  price: number;
  variants: { _id: string; price: number }[];
}

/** Two buyers: one in no business, one whose business has a list with rules on what the rows read. */
async function buyers(app: App, run: Run) {
  const make = async (name: string) => {
    const user = await createUser(app.ctx, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '-')}-${process.pid}@bench.pumpkart.test`,
      phone: '9876501234',
      password: 'bench-buyer-password',
      role: 'customer',
    });
    return { id: user.id, token: app.signToken({ sub: user.id, role: user.role, ver: user.tokenVersion }) };
  };
  const plain = await make('Consumer');
  const listed = await make('Dealer');
  const [category] = await run(
    `SELECT category FROM products WHERE active GROUP BY category ORDER BY count(*) DESC, category LIMIT 1`,
  );
  const name = String(category!.category).replace(/'/g, "''");
  const [list] = await run(`INSERT INTO price_lists (name) VALUES ('Dealers') RETURNING id`);
  const [business] = await run(
    `INSERT INTO businesses (legal_name, billing_address, price_list_id) VALUES ('Bench Fuels Pvt Ltd', '{}'::jsonb, '${list!.id}') RETURNING id`,
  );
  await run(
    `INSERT INTO business_members (user_id, business_id, role) VALUES ('${listed.id}', '${business!.id}', 'buyer')`,
  );
  // A business's buyer orders to one of its outlets; this one is at the plain buyer's address, so the tax is alike.
  const [outlet] = await run(`INSERT INTO business_outlets (business_id, name, address, brand)
    VALUES ('${business!.id}', 'Pune outlet', '${JSON.stringify(ADDRESS)}'::jsonb, 'IOCL') RETURNING id`);
  await run(`INSERT INTO price_list_rules (price_list_id, category, percent_off)
    SELECT '${list!.id}', category, 7.5 FROM products GROUP BY category`);
  await run(`INSERT INTO price_list_rules (price_list_id, product_id, price_paise)
    SELECT '${list!.id}', id, price_paise * 85 / 100 FROM products WHERE category = '${name}' ORDER BY id LIMIT 5`);
  await run(
    `UPDATE products SET quantity_breaks = '[{"minQty":10,"percentOff":5},{"minQty":50,"percentOff":10}]'::jsonb`,
  );
  // Stock for every checkout of every round.
  await run(
    `UPDATE products SET stock = 1000000 WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = products.id)`,
  );
  await run(`UPDATE product_variants SET stock = 1000000`);
  await run(`UPDATE products p SET stock = (SELECT sum(stock) FROM product_variants v WHERE v.product_id = p.id)
    WHERE EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`);
  return { plain, listed: { ...listed, outletId: String(outlet!.id) }, category: String(category!.category) };
}

async function readRow(url: string, token: string): Promise<HttpLoadResult> {
  return runLoad<HttpLoadResult>(
    {
      mode: 'http',
      url,
      headers: { authorization: `Bearer ${token}` },
      connections: 10,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      maxRequests: 1_000_000,
    },
    WARMUP + DURATION + 60,
  );
}

/** One checkout: each line's product read, then the COD order of 1 to 3 lines; answers its ms. */
async function checkout(
  base: string,
  token: string,
  outletId: string | undefined,
  products: Product[],
  seed: number,
  i: number,
): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const lines = 1 + ((seed + i) % 3);
  const items = [];
  for (let l = 0; l < lines; l++) {
    const id = products[(seed * 7 + i * 3 + l) % products.length]!._id;
    const product = (await (await fetch(`${base}/api/products/${id}`, { headers })).json()) as Product;
    const variant = product.variants[0] ?? null;
    items.push({
      product: id,
      variantId: variant?._id ?? null,
      title: product.title,
      price: variant ? variant.price : product.price,
      quantity: 1,
    });
  }
  const totals = orderTotals(items.map((item) => ({ unitPricePaise: toPaise(item.price), quantity: item.quantity })));
  const answer = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      customer: { name: 'Bench Buyer', email: 'buyer@bench.pumpkart.test', phone: '9123456780' },
      address: ADDRESS,
      ...(outletId ? { outletId } : {}),
      items,
      shipping: toRupees(totals.shippingPaise),
      total: toRupees(totals.totalPaise),
      paymentMode: 'cod',
    }),
  });
  if (answer.status !== 201) throw new Error(`checkout refused: ${answer.status} ${await answer.text()}`);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runOn(database: DatabaseHandle) {
  await migrateDatabase(database);
  const run: Run = async (text) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-bench-prices-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    COD_ENABLED: 'true',
    MAX_OPEN_UNPAID_ORDERS: '1000000',
  });
  const app: App = await buildApp({ config, database, secrets: SECRETS, logger: false });
  try {
    await seedDatabase(app.ctx);
    const who = await buyers(app, run);
    app.ctx.catalogCache.invalidate();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const page = `${base}/api/products?category=${encodeURIComponent(who.category)}&page=1&limit=24`;
    const products = (await (await fetch(page)).json()) as Product[];
    const productUrl = `${base}/api/products/${products[0]!._id}`;
    const rows: Record<string, { A: number[]; B: number[] }> = {
      'category page req/s': { A: [], B: [] },
      'product answer req/s': { A: [], B: [] },
      'checkout ms (median)': { A: [], B: [] },
    };
    const sides = {
      A: { buyer: who.plain, outletId: undefined },
      B: { buyer: who.listed, outletId: who.listed.outletId },
    };
    for (let round = 0; round < ROUNDS; round++) {
      // A B B A within a round, so that a load rising or falling through the round falls on both alike.
      for (const side of ['A', 'B', 'B', 'A'] as const) {
        const { buyer } = sides[side];
        rows['category page req/s']![side].push((await readRow(page, buyer.token)).requestsPerSecond);
        rows['product answer req/s']![side].push((await readRow(productUrl, buyer.token)).requestsPerSecond);
      }
      // The checkouts alternate one by one (A B, then B A), so that both see the same moments of the machine.
      const times = { A: [] as number[], B: [] as number[] };
      for (let i = 0; i < CHECKOUTS; i++) {
        for (const side of i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
          const { buyer, outletId } = sides[side];
          times[side].push(await checkout(base, buyer.token, outletId, products, round, i));
        }
      }
      rows['checkout ms (median)']!.A.push(median(times.A));
      rows['checkout ms (median)']!.B.push(median(times.B));
      console.error(`round ${round + 1} done`);
    }
    console.log(
      `\n${DB}: A = buyer without a price list, B = buyer with one (${ROUNDS} rounds; read rows A B B A, checkouts alternated one by one)`,
    );
    console.log('| row | A (each round) | B (each round) | B / A (medians) |');
    console.log('|---|---|---|---|');
    for (const [name, { A, B }] of Object.entries(rows)) {
      const fmt = (values: number[]) => values.map((v) => v.toFixed(name.includes('ms') ? 2 : 0)).join(', ');
      console.log(`| ${name} | ${fmt(A)} | ${fmt(B)} | ${(median(B) / median(A)).toFixed(3)} |`);
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (DB === 'postgres') {
    const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('--db=postgres needs BENCH_DATABASE_URL');
    const name = `pumpkart_bench_prices_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl(server) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: databaseUrl(server, name), poolSize: 10 });
    try {
      await runOn(database);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    return;
  }
  const database = await openDatabase({ pglite: await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }) });
  try {
    await runOn(database);
  } finally {
    await database.close();
  }
}

await main();
