/**
 * A generated catalog for the search and filter scenarios: N products (100,000 by default) made by
 * set-based SQL (INSERT ... SELECT over generate_series) from word lists, in seconds to minutes on
 * either database. Titles, descriptions, brands and categories read like the shop's own (petrol-pump
 * equipment and pet supplies); prices are log-spread within each category's range so every price
 * filter ('0-500', '500-1000', '1000+') has plenty of matches; about 10 % are out of stock, 2 %
 * inactive, one in eight has three size variants, and each has one image row. Products are
 * created over the past year in insertion order (as a real shop's rows are), with a little jitter.
 * Deterministic (setseed) so runs compare.
 *
 * The trigram (GIN) indexes are dropped for the bulk insert and re-created from their own
 * definitions afterwards (faster than maintaining them row by row), then the tables are analysed.
 *
 * Standalone, on a database no server is using:
 *   tsx bench/seed-catalog.ts --products=100000 --data-dir=bench/.data/manual
 *   tsx bench/seed-catalog.ts --products=100000 --database-url=postgres://postgres@127.0.0.1:5432/mydb
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cleanupAll } from './lib/cleanup';
import { openSession, type SqlSession } from './lib/database';

interface CategorySpec {
  name: string;
  nouns: string[];
  /** Price range in rupees; prices are spread log-uniformly inside it. */
  fromRupees: number;
  toRupees: number;
}

const CATEGORIES: CategorySpec[] = [
  {
    name: 'Fuel Dispensers',
    nouns: ['Fuel Dispenser', 'Diesel Dispenser', 'Petrol Dispenser', 'Twin-Hose Dispenser', 'Dispenser Pump Unit'],
    fromRupees: 45_000,
    toRupees: 4_50_000,
  },
  {
    name: 'Nozzles & Hoses',
    nouns: ['Auto Shut-off Nozzle', 'Delivery Hose', 'Breakaway Coupling', 'Swivel Joint', 'Nozzle Spout'],
    fromRupees: 350,
    toRupees: 12_000,
  },
  {
    name: 'Tanks & Storage',
    nouns: ['Underground Tank', 'Dip Rod', 'Tank Lid', 'Fill Pipe Adapter', 'Level Gauge'],
    fromRupees: 900,
    toRupees: 2_50_000,
  },
  {
    name: 'Safety Equipment',
    nouns: ['Fire Extinguisher', 'Sand Bucket Stand', 'Spill Kit', 'Earthing Clamp', 'Safety Signboard'],
    fromRupees: 150,
    toRupees: 25_000,
  },
  {
    name: 'Testing & Calibration',
    nouns: ['Measure Can', 'Hydrometer', 'Density Jar', 'Calibration Kit', 'Water Finding Paste'],
    fromRupees: 250,
    toRupees: 60_000,
  },
  {
    name: 'Dog Supplies',
    nouns: ['Dog Food', 'Dog Leash', 'Chew Toy', 'Dog Bed', 'Dog Collar'],
    fromRupees: 99,
    toRupees: 6_000,
  },
  {
    name: 'Cat Supplies',
    nouns: ['Cat Food', 'Cat Litter', 'Scratching Post', 'Cat Tree', 'Cat Carrier'],
    fromRupees: 79,
    toRupees: 4_500,
  },
  {
    name: 'Aquatics',
    nouns: ['Aquarium Filter', 'Fish Food', 'Air Pump', 'Aquarium Heater', 'Glass Tank'],
    fromRupees: 49,
    toRupees: 15_000,
  },
  {
    name: 'Bird & Small Pets',
    nouns: ['Bird Cage', 'Seed Mix', 'Hamster Wheel', 'Rabbit Hutch', 'Water Bottle'],
    fromRupees: 49,
    toRupees: 3_500,
  },
  {
    name: 'Pet Grooming',
    nouns: ['Grooming Brush', 'Pet Shampoo', 'Nail Clipper', 'Tick Comb', 'Grooming Glove'],
    fromRupees: 99,
    toRupees: 3_000,
  },
];

const ADJECTIVES = [
  'Heavy-Duty',
  'Compact',
  'Premium',
  'Industrial',
  'Economy',
  'Deluxe',
  'Rugged',
  'Digital',
  'Stainless',
  'Portable',
  'Classic',
  'Advanced',
  'Eco',
  'Pro',
  'Ultra',
  'Standard',
];
const BRANDS = [
  'Tokheim',
  'Gilbarco',
  'Midco',
  'Wayne',
  'OPW',
  'Husky',
  'Elaflex',
  'Safefire',
  'Pedigree',
  'Whiskas',
  'Drools',
  'Himalaya',
  'Tetra',
  'Sera',
  'Vitapol',
  'PetKart',
  'Trixie',
  'Kong',
  'Bharat Pumps',
  'Raj Equipments',
];
const FEATURES = [
  'Built for round-the-clock forecourt duty',
  'Fits most forecourt equipment in India',
  'Tested to BIS and PESO guidelines',
  'Easy to clean and maintain',
  'Weather-proof finish for open yards',
  'Made with food-grade, pet-safe materials',
  'Recommended by veterinarians',
  'Ideal for small and large breeds',
  'Low noise and energy efficient',
  'Ships with a fitting kit and manual',
  'Corrosion-resistant body',
  'Calibrated at the factory',
  'Suitable for diesel, petrol and biofuel blends',
  'Gentle on sensitive skin',
  'Long-lasting and value for money',
  'Spare parts available across India',
];
const CLOSINGS = [
  'One year warranty',
  'Six months warranty',
  'Pan-India delivery',
  'GST invoice provided',
  'Installation support on request',
  'Bulk discounts for dealers',
  'Replacement within 7 days',
  'Trusted by pump owners since 1998',
];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const array = (items: string[]) => `ARRAY[${items.map(quote).join(', ')}]`;
/** 1-based pick of an array literal by a random column in [0, 1). */
const pick = (items: string[], randomColumn: string) =>
  `(${array(items)})[1 + floor(${randomColumn} * ${items.length})::int]`;

export interface SeedResult {
  products: number;
  variants: number;
  seconds: number;
}

export async function seedGeneratedCatalog(session: SqlSession, count: number): Promise<SeedResult> {
  const startedAt = performance.now();
  const postgres = session.handle.kind === 'postgres';
  await session.query(`SET maintenance_work_mem = '${postgres ? '512MB' : '128MB'}'`);
  await session.query('SELECT setseed(0.4242)');

  // Bulk load without the expensive GIN indexes; re-create them from their own definitions afterwards.
  const ginIndexes = await session.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'products' AND indexdef ILIKE '% USING gin %'`,
  );
  for (const index of ginIndexes) await session.query(`DROP INDEX IF EXISTS "${index.indexname}"`);

  await session.query(`DROP TABLE IF EXISTS bench_categories`);
  await session.query(
    `CREATE TEMP TABLE bench_categories (position int PRIMARY KEY, name text, nouns text[], low float8, high float8)`,
  );
  await session.query(
    `INSERT INTO bench_categories VALUES ${CATEGORIES.map(
      (c, i) => `(${i + 1}, ${quote(c.name)}, ${array(c.nouns)}, ${c.fromRupees}, ${c.toRupees})`,
    ).join(', ')}`,
  );
  await session.query(`DROP TABLE IF EXISTS bench_generated`);
  await session.query(
    `CREATE TEMP TABLE bench_generated AS
     SELECT g AS n, gen_random_uuid() AS id, 1 + floor(random() * ${CATEGORIES.length})::int AS category,
            random() AS r_noun, random() AS r_adjective, random() AS r_brand, random() AS r_price,
            random() AS r_stock, random() AS r_age, random() AS r_feature1, random() AS r_feature2, random() AS r_closing
     FROM generate_series(1, ${count}) AS g`,
  );
  const brand = pick(BRANDS, 'g.r_brand');
  const adjective = pick(ADJECTIVES, 'g.r_adjective');
  await session.query(
    `INSERT INTO products (id, title, description, brand, category, price_paise, stock, low_stock_threshold, active, created_at, updated_at)
     SELECT g.id,
            ${adjective} || ' ' || c.nouns[1 + floor(g.r_noun * array_length(c.nouns, 1))::int]
              || ' ' || upper(left(${brand}, 2)) || '-' || (100 + g.n % 900),
            ${adjective} || ' ' || lower(c.nouns[1 + floor(g.r_noun * array_length(c.nouns, 1))::int]) || ' by ' || ${brand}
              || '. ' || ${pick(FEATURES, 'g.r_feature1')} || '. ' || ${pick(FEATURES, 'g.r_feature2')}
              || '. ' || ${pick(CLOSINGS, 'g.r_closing')} || '.',
            ${brand},
            c.name,
            -- whole rupees; every third price ends in .99 (e.g. 1,499 -> 1,498.99)
            round(exp(ln(c.low) + g.r_price * (ln(c.high) - ln(c.low))))::int * 100 - CASE WHEN g.n % 3 = 0 THEN 1 ELSE 0 END,
            CASE WHEN g.r_stock < 0.1 THEN 0 ELSE 1 + floor(g.r_stock * 250)::int END,
            5,
            g.n % 50 <> 0,
            now() - ((${count} - g.n) / ${count}::float8 + g.r_age / 1000) * interval '365 days',
            now() - ((${count} - g.n) / ${count}::float8 + g.r_age / 1000) * interval '365 days'
     FROM bench_generated g JOIN bench_categories c ON c.position = g.category`,
  );
  // One in eight products has three sizes: the product keeps the cheapest price and the sum of the stock.
  await session.query(
    `INSERT INTO product_variants (product_id, size, price_paise, stock, position)
     SELECT p.id, v.size, (round(p.price_paise * v.factor / 100.0) * 100)::int,
            CASE WHEN v.position < 2 THEN p.stock / 3 ELSE p.stock - 2 * (p.stock / 3) END,
            v.position
     FROM bench_generated g
     JOIN products p ON p.id = g.id
     CROSS JOIN (VALUES ('Small', 1.0, 0), ('Medium', 1.6, 1), ('Large', 2.5, 2)) AS v(size, factor, position)
     WHERE g.n % 8 = 0`,
  );
  await session.query(
    `UPDATE products p SET price_paise = v.price_paise
     FROM product_variants v WHERE v.product_id = p.id AND v.position = 0`,
  );
  await session.query(
    `INSERT INTO product_images (product_id, public_id, width, height, renditions, position)
     SELECT g.id, 'products/' || g.id, 640, 480, '[320, 640, 1024]'::jsonb, 0 FROM bench_generated g`,
  );
  for (const index of ginIndexes) await session.query(index.indexdef);
  // What autovacuum does on its own some seconds after a bulk load (PostgreSQL counts inserted rows
  // towards it): statistics for the planner, and the visibility map that lets the filter counts be
  // index-only scans. Done here so the first measured request does not race it.
  for (const table of ['products', 'product_variants', 'product_images'])
    await session.query(`VACUUM ANALYZE ${table}`);
  await session.query('DROP TABLE bench_generated');
  await session.query('DROP TABLE bench_categories');

  const [totals] = await session.query<{ products: number | string; variants: number | string }>(
    `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM product_variants) AS variants`,
  );
  return {
    products: Number(totals?.products ?? 0),
    variants: Number(totals?.variants ?? 0),
    seconds: (performance.now() - startedAt) / 1000,
  };
}

async function main() {
  const args = new Map(
    process.argv.slice(2).map((arg) => {
      const [name, ...rest] = arg.replace(/^--/, '').split('=');
      return [name ?? '', rest.join('=')] as const;
    }),
  );
  const count = Number(args.get('products') ?? 100_000);
  const dataDir = args.get('data-dir');
  const url = args.get('database-url');
  if (!Number.isInteger(count) || count < 1 || (!dataDir && !url)) {
    console.error('usage: tsx bench/seed-catalog.ts --products=N (--data-dir=DIR | --database-url=postgres://...)');
    process.exit(2);
  }
  const session = await openSession({
    kind: url ? 'postgres' : 'embedded',
    dataDir: path.resolve(dataDir ?? 'bench/.data/seed-standalone'),
    url,
    label: 'standalone',
  });
  try {
    const result = await seedGeneratedCatalog(session, count);
    console.log(`Seeded ${result.products} products (${result.variants} variants) in ${result.seconds.toFixed(1)} s.`);
  } finally {
    await session.close();
    await cleanupAll();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
