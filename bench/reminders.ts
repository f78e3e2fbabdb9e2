/**
 * A day's reminders of tasks falling due at size (docs/shop-rules.md#reminders): 100,000 assets across 5,000 outlets
 * of 1,000 businesses (3 people each: admin, buyer, viewer), a tenth of the outlets with reminders off, one asset in 50
 * retired, a third with tasks done (an extinguisher inspected in the last 40 days, a dispenser re-verified in the last
 * 400), and a service product for the main tasks, made by set-based SQL on a fresh embedded database and, when a
 * PostgreSQL URL is given, on a throw-away database of that server. Then, each timed once on the same data:
 *
 * - compute: the day's pass over every asset (dueReminders), the tasks due in 30, 7 and 0 days found and grouped;
 * - whole job: remindOn, the pass plus the products, the people and every e-mail enqueued with its reminder_sends;
 * - again: the same day once more, which finds everything sent and enqueues nothing.
 *
 * A figure, not a test.
 *
 *   npm run bench:reminders                                   # embedded database
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reminders   # also PostgreSQL
 *   npm run bench:reminders -- --assets=20000 --db=postgres --keep --batch=2000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { indiaDateOf } from '@pumpkart/shared';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { scheduleTasks } from '../apps/server/src/modules/compliance';
import { dueReminders } from '../apps/server/src/modules/reminders/compose';
import { remindOn } from '../apps/server/src/modules/reminders';
import { adminUrl, databaseUrl } from '../apps/server/src/test/postgres';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ASSETS = Number(flag('assets') ?? 100_000);
const OUTLETS = Number(flag('outlets') ?? Math.max(1, Math.round(ASSETS / 20)));
const OUTLETS_PER_BUSINESS = 5;
const BATCH = flag('batch') ? Number(flag('batch')) : undefined;
const KEEP = process.argv.includes('--keep');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const DBS = flag('db') ?? (POSTGRES_URL ? 'both' : 'embedded');
const TODAY = indiaDateOf(new Date());

const ADDRESS = `'{"recipientName":"A","recipientPhone":"9000000000","line1":"1","line2":"","city":"Pune","state":"Maharashtra","postalCode":"411001","country":"India"}'::jsonb`;

async function seed({ db }: DatabaseHandle): Promise<void> {
  const businesses = Math.ceil(OUTLETS / OUTLETS_PER_BUSINESS);
  const today = sql`${TODAY}::date`;
  const run = (statement: ReturnType<typeof sql>) => db.execute(statement);
  await run(sql`insert into businesses (legal_name, billing_address)
    select 'Fuel Business ' || lpad(b::text, 6, '0'), ${sql.raw(ADDRESS)} from generate_series(1, ${businesses}) b`);
  await run(sql`insert into users (name, email, phone, password_hash)
    select 'Person ' || p, 'person' || p || '@example.com', lpad((9000000000 + p)::text, 10, '0'), 'x'
    from generate_series(1, ${businesses * 3}) p`);
  await run(sql`insert into business_members (user_id, business_id, role)
    select u.id, b.id, (array['admin', 'buyer', 'viewer'])[u.n % 3 + 1]
    from (select id, row_number() over (order by email) - 1 as n from users where email like 'person%') u
    join (select id, row_number() over (order by legal_name) - 1 as n from businesses) b on b.n = u.n / 3`);
  await run(sql`insert into business_outlets (business_id, name, address, brand, reminders_enabled)
    select b.id, 'Outlet ' || o, ${sql.raw(ADDRESS)}, 'IOCL', o % 10 <> 0
    from generate_series(1, ${OUTLETS}) o
    join (select id, row_number() over (order by legal_name) as n from businesses) b
      on b.n = (o - 1) / ${OUTLETS_PER_BUSINESS} + 1`);
  // Four in ten extinguishers (of every type), three dispensers, a measure, an air gauge and a density meter.
  await run(sql`insert into assets (business_id, outlet_id, make, model, serial_number, compliance_category,
      extinguisher_type, installed_on, retired_on)
    select o.business_id, o.id, 'Make', 'Model ' || (i % 10), 'SN-' || i,
      case when i % 10 < 4 then 'fire-extinguisher' when i % 10 < 7 then 'fuel-dispenser'
        when i % 10 = 7 then 'capacity-measure' when i % 10 = 8 then 'air-gauge' else 'density-meter' end,
      case when i % 10 < 4 then (array['water-stored-pressure', 'water-cartridge', 'foam-stored-pressure',
        'foam-cartridge', 'dry-powder', 'co2', 'clean-agent'])[i % 7 + 1] end,
      ${today} - ((i * 37) % 1095), case when i % 50 = 0 then ${today} - 3 end
    from generate_series(1, ${ASSETS}) i
    join (select id, business_id, row_number() over (order by name) as n from business_outlets) o
      on o.n = (i - 1) % ${OUTLETS} + 1`);
  // A third with tasks done: an older and a recent record, so that the last-done read takes the latest.
  await run(sql`insert into asset_task_records (asset_id, task_key, done_on)
    select a.id, t.key, ${today} - d.days::int
    from (select id, compliance_category, row_number() over (order by serial_number) as n from assets) a
    join (values ('fire-extinguisher', 'extinguisher-inspection'), ('fuel-dispenser', 'dispenser-reverification'))
      as t(category, key) on t.category = a.compliance_category
    cross join lateral (values ((a.n * 7) % 40 + 400), (case when t.key = 'extinguisher-inspection'
      then (a.n * 7) % 40 else (a.n * 13) % 400 end)) as d(days)
    where a.n % 3 = 0`);
  await run(sql`insert into products (title, category, price_paise, stock, kind, hsn_code, task_keys)
    values ('Extinguisher inspection visit', 'Services', 50000, 0, 'service', '998719', '{extinguisher-inspection}'),
      ('Dispenser re-verification visit', 'Services', 450000, 0, 'service', '998719', '{dispenser-reverification}'),
      ('CO2 refill', 'Services', 120000, 0, 'service', '998719', '{extinguisher-refill-co2-clean-agent}')`);
  await run(sql`analyze`);
}

const ms = (since: number) => Math.round(performance.now() - since);

async function measure(name: string, database: DatabaseHandle) {
  const seeded = performance.now();
  await migrateDatabase(database);
  await seed(database);
  console.log(`${name}: seeded ${ASSETS} assets at ${OUTLETS} outlets in ${ms(seeded)} ms`);
  const schedule = await scheduleTasks(database.db);

  let at = performance.now();
  const byOutlet = await dueReminders(database.db, schedule, TODAY, BATCH);
  const tasks = [...byOutlet.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(`${name}: compute ${ms(at)} ms: ${tasks} tasks due in 30/7/0 days at ${byOutlet.size} outlets`);

  at = performance.now();
  const first = await remindOn(database.db, TODAY, { batchSize: BATCH });
  console.log(
    `${name}: whole job ${ms(at)} ms: ${first.tasks} tasks, ${first.outlets} outlets, ${first.mails} e-mails`,
  );

  at = performance.now();
  const again = await remindOn(database.db, TODAY, { batchSize: BATCH });
  console.log(`${name}: again ${ms(at)} ms: ${again.mails} e-mails`);
}

if (DBS === 'embedded' || DBS === 'both') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-bench-reminders-'));
  const database = await openDatabase({ pglite: new PGlite(path.join(dir, 'db'), { extensions: PGLITE_EXTENSIONS }) });
  try {
    await measure('embedded', database);
  } finally {
    await database.close();
    if (KEEP) console.log(`kept the embedded database in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if ((DBS === 'postgres' || DBS === 'both') && POSTGRES_URL) {
  const name = `pumpkart_bench_reminders_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl(POSTGRES_URL) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = databaseUrl(POSTGRES_URL, name);
    const database = await openDatabase({ url, poolSize: 10 });
    try {
      await measure('postgres', database);
    } finally {
      await database.close();
      if (KEEP) console.log(`kept the database ${url}`);
      else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
} else if (DBS !== 'embedded') {
  console.log('postgres: skipped (set BENCH_DATABASE_URL)');
}
