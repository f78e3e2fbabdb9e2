/**
 * The Customers page at size (docs/shop-rules.md#customers-page): 16,000 people in no business and 4,000 businesses
 * of 3 people each (20,000 customer rows, 28,000 accounts), with 40,000 orders and their payments, made by set-based
 * SQL on a fresh embedded database; then the page's reads are timed through the module's own store (median of 20
 * runs each): the first page, searches, every sort, and the count. A figure, not a test.
 *
 *   npm run bench:customers
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { customerFiltersSchema } from '@pumpkart/shared';
import { openDatabase, PGLITE_EXTENSIONS } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { countCustomers, findCustomerPage } from '../apps/server/src/modules/customers/store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-bench-customers-'));
const client = new PGlite(path.join(dir, 'db'), { extensions: PGLITE_EXTENSIONS });
const database = await openDatabase({ pglite: client });
await migrateDatabase(database);
const { db } = database;
const started = performance.now();
await db.execute(sql`insert into users (name, email, phone, password_hash, gstin)
  select 'Buyer ' || i, 'buyer' || i || '@example.com', lpad((9000000000 + i)::text, 10, '0'), 'x',
    case when i % 5 = 0 then '27AAPFU' || lpad(i::text, 4, '0') || 'F1ZV' end
  from generate_series(1, 28000) i`);
await db.execute(sql`insert into businesses (legal_name, gstin, billing_address)
  select 'Fuel Business ' || i, '29AABCF' || lpad(i::text, 4, '0') || 'A1Z5',
    '{"recipientName":"A","recipientPhone":"9000000000","line1":"1","line2":"","city":"Pune","state":"Maharashtra","postalCode":"411001","country":"India"}'::jsonb
  from generate_series(1, 4000) i`);
await db.execute(sql`insert into business_members (user_id, business_id, role)
  select u.id, b.id, 'buyer' from (select id, row_number() over (order by email) - 1 as n from users
    where email like 'buyer%' and split_part(split_part(email, '@', 1), 'buyer', 2)::int > 16000) u
  join (select id, row_number() over (order by legal_name) - 1 as n from businesses) b on b.n = u.n / 3`);
await db.execute(sql`insert into orders (user_id, payment_mode, customer_name, customer_email, customer_phone, address,
    subtotal_paise, shipping_paise, total_paise, status)
  select u.id, 'cod', u.name, u.email, u.phone, '{"recipientName":"A","recipientPhone":"9000000000","line1":"1","line2":"","city":"Pune","state":"Maharashtra","postalCode":"411001","country":"India"}'::jsonb,
    100000 + g * 10, 6000, 106000 + g * 10, 'pending'
  from (select id, name, email, phone, row_number() over (order by id) as n from users) u
  join generate_series(1, 40000) g on u.n = (g % 28000) + 1`);
await db.execute(sql`insert into payments (order_id, mode, status, amount_paise, gateway)
  select id, 'cod', case when total_paise % 3 = 0 then 'pending' else 'success' end::payment_status, total_paise, 'cod'
  from orders`);
await db.execute(sql`analyze`);
console.log(`seeded in ${Math.round(performance.now() - started)} ms`);

async function time(name: string, run: () => Promise<unknown>) {
  await run();
  const runs: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const at = performance.now();
    await run();
    runs.push(performance.now() - at);
  }
  runs.sort((a, b) => a - b);
  console.log(`${name.padEnd(36)} median ${runs[10]!.toFixed(1)} ms, worst ${runs[19]!.toFixed(1)} ms`);
}

const filters = (query: Record<string, string>) => customerFiltersSchema.parse(query);
console.log(`customers: ${await countCustomers(db, filters({}))} (capped count)`);
await time('first page (newest)', () => findCustomerPage(db, filters({}), 0, 20));
await time('page 50 (newest)', () => findCustomerPage(db, filters({}), 980, 20));
await time('first page by name', () => findCustomerPage(db, filters({ sort: 'name_asc' }), 0, 20));
await time('search "buyer 1234"', () => findCustomerPage(db, filters({ search: 'buyer 1234' }), 0, 20));
await time('search a member e-mail (business)', () => findCustomerPage(db, filters({ search: 'buyer27001@' }), 0, 20));
await time('search a GSTIN (business)', () => findCustomerPage(db, filters({ search: '29aabcf1234' }), 0, 20));
await time('first page by name, Z to A', () => findCustomerPage(db, filters({ sort: 'name_desc' }), 0, 20));
await time('first page by spent (every figure)', () => findCustomerPage(db, filters({ sort: 'spent_desc' }), 0, 20));
await time('first page by owes', () => findCustomerPage(db, filters({ sort: 'owes_desc' }), 0, 20));
await time('first page by last order', () => findCustomerPage(db, filters({ sort: 'last_order_desc' }), 0, 20));
await time('search + sort by spent', () =>
  findCustomerPage(db, filters({ search: 'buyer 1', sort: 'spent_desc' }), 0, 20),
);
await time('count, unfiltered', () => countCustomers(db, filters({})));
await time('count, search', () => countCustomers(db, filters({ search: 'buyer 1234' })));
await database.close();
rmSync(dir, { recursive: true, force: true });
