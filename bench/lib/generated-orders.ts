/**
 * Generated orders for the benchmarks at size (docs/shop-rules.md#admin-lists, #orders-csv), made by set-based SQL
 * (INSERT ... SELECT over generate_series) on a migrated database that already holds a catalog
 * (bench/seed-catalog.ts): used by bench/admin-lists.ts and bench/export-memory.ts.
 */
import type { SqlSession } from './database';

export interface GeneratedOrdersSize {
  orders: number;
  buyers: number;
}

const FIRST_NAMES = ['Asha', 'Ravi', 'Vikram', 'Priya', 'Arjun', 'Meena', 'Suresh', 'Kavya', 'Imran', 'Neha'];
const LAST_NAMES = ['Patel', 'Kumar', 'Singh', 'Rao', 'Iyer', 'Khan', 'Sharma', 'Das', 'Nair', 'Reddy'];
const ADDRESS = {
  recipientName: 'Bench Buyer',
  recipientPhone: '9123456780',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
};
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const array = (items: string[]) => `ARRAY[${items.map(quote).join(', ')}]`;

/**
 * Buyers, then orders over the past year in insertion order (1 to 3 lines of generated products, totals from
 * the lines), 30 % cash on delivery, each with its payment: 5 % unpaid, 3 % failed, 3 % refunded (cancelled),
 * the rest paid and processing, shipped or delivered. Online payments carry gateway ids.
 */
export async function seedOrders(session: SqlSession, size: GeneratedOrdersSize): Promise<number> {
  const startedAt = performance.now();
  const count = size.orders;
  await session.query('SELECT setseed(0.2424)');
  await session.query(
    `INSERT INTO users (name, email, phone, password_hash, role, created_at)
     SELECT (${array(FIRST_NAMES)})[1 + g % 10] || ' ' || (${array(LAST_NAMES)})[1 + (g / 10) % 10],
            'buyer' || g || '@bench.pumpkart.test', '9' || lpad((100000000 + g)::text, 9, '0'), 'not-a-hash',
            'customer', now() - interval '400 days'
     FROM generate_series(1, ${size.buyers}) AS g`,
  );
  await session.query(`DROP TABLE IF EXISTS bench_buyers`);
  await session.query(
    `CREATE TEMP TABLE bench_buyers AS
     SELECT row_number() OVER (ORDER BY email) AS k, id, name, email, phone FROM users WHERE role = 'customer'`,
  );
  await session.query(`DROP TABLE IF EXISTS bench_products`);
  await session.query(
    `CREATE TEMP TABLE bench_products AS
     SELECT row_number() OVER (ORDER BY id) AS k, id, title, price_paise FROM products`,
  );
  await session.query(`DROP TABLE IF EXISTS bench_orders`);
  await session.query(
    `CREATE TEMP TABLE bench_orders AS
     SELECT g AS n, gen_random_uuid() AS id, random() AS r_status, random() AS r_mode, random() AS r_age,
            1 + floor(random() * 3)::int AS lines, 1 + floor(random() * ${size.buyers})::int AS buyer
     FROM generate_series(1, ${count}) AS g`,
  );
  await session.query(`DROP TABLE IF EXISTS bench_lines`);
  await session.query(
    `CREATE TEMP TABLE bench_lines AS
     SELECT o.id AS order_id, p.id AS product_id, p.title, p.price_paise, 1 + (o.n + s) % 3 AS quantity
     FROM bench_orders o
     CROSS JOIN generate_series(1, 3) AS s
     JOIN bench_products p ON p.k = 1 + (o.n * 7919 + s * 104729) % (SELECT count(*) FROM bench_products)
     WHERE s <= o.lines`,
  );
  await session.query(
    `INSERT INTO orders (id, user_id, status, payment_mode, customer_name, customer_email, customer_phone, address,
                         subtotal_paise, shipping_paise, total_paise, created_at, updated_at)
     SELECT o.id, b.id,
            (CASE WHEN o.r_status < 0.05 THEN 'pending' WHEN o.r_status < 0.11 THEN 'cancelled'
                  WHEN o.r_status < 0.3 THEN 'processing' WHEN o.r_status < 0.5 THEN 'shipped'
                  ELSE 'delivered' END)::order_status,
            (CASE WHEN o.r_mode < 0.3 THEN 'cod' ELSE 'online' END)::payment_mode,
            b.name, b.email, b.phone, ${quote(JSON.stringify(ADDRESS))}::jsonb,
            t.subtotal, CASE WHEN t.subtotal >= 100000 THEN 0 ELSE 5000 END,
            t.subtotal + CASE WHEN t.subtotal >= 100000 THEN 0 ELSE 5000 END,
            now() - ((${count} - o.n) / ${count}::float8 + o.r_age / 10000) * interval '365 days',
            now() - ((${count} - o.n) / ${count}::float8 + o.r_age / 10000) * interval '365 days'
     FROM bench_orders o
     JOIN bench_buyers b ON b.k = o.buyer
     JOIN (SELECT order_id, sum(price_paise * quantity) AS subtotal FROM bench_lines GROUP BY order_id) t
       ON t.order_id = o.id`,
  );
  await session.query(
    `INSERT INTO order_items (order_id, product_id, title, unit_price_paise, quantity, subtotal_paise)
     SELECT order_id, product_id, title, price_paise, quantity, price_paise * quantity FROM bench_lines`,
  );
  await session.query(
    `INSERT INTO payments (order_id, mode, status, amount_paise, gateway, gateway_order_id, gateway_payment_id,
                           paid_at, created_at, updated_at)
     SELECT o.id, o.payment_mode,
            (CASE WHEN b.r_status < 0.05 THEN 'pending' WHEN b.r_status < 0.08 THEN 'failed'
                  WHEN b.r_status < 0.11 THEN 'refunded' ELSE 'success' END)::payment_status,
            o.total_paise,
            CASE WHEN o.payment_mode = 'cod' THEN 'cod' ELSE 'sandbox' END,
            CASE WHEN o.payment_mode = 'online' THEN 'order_' || left(md5(o.id::text), 14) END,
            CASE WHEN o.payment_mode = 'online' AND b.r_status >= 0.08 THEN 'pay_' || left(md5(o.id::text || 'p'), 14) END,
            CASE WHEN b.r_status >= 0.08 THEN o.created_at + interval '5 minutes' END,
            o.created_at, o.created_at
     FROM orders o JOIN bench_orders b ON b.id = o.id`,
  );
  for (const table of ['users', 'orders', 'order_items', 'payments']) await session.query(`VACUUM ANALYZE ${table}`);
  for (const table of ['bench_buyers', 'bench_products', 'bench_orders', 'bench_lines'])
    await session.query(`DROP TABLE ${table}`);
  return (performance.now() - startedAt) / 1000;
}
