/**
 * The checkout's stock and payment set-up and its integrity check (docs/shop-rules.md#stock): before the
 * server starts, every product and variant gets CHECKOUT_STOCK units; after it stops, the database
 * must show no negative stock anywhere and, for the run's orders (those of its buyers: the demo
 * data has an order history of its own), exactly one successful payment per paid order, as many
 * successful payments as processing orders and as the buyers saw verified, and every stock row
 * down by exactly the units of the run's live orders that name it.
 */
import { seedGeneratedCatalog } from '../seed-catalog';
import type { SqlSession } from './database';
import type { IntegrityCheck } from './results';

export const CHECKOUT_STOCK = 100_000;

/** Gives every product enough stock for the run; a catalog without products gets a few generated ones. */
export async function prepareCheckoutStock(session: SqlSession): Promise<{ products: number; generated: boolean }> {
  const [existing] = await session.query<{ count: number | string }>(
    'SELECT count(*) AS count FROM products WHERE active',
  );
  const generated = Number(existing?.count ?? 0) === 0;
  if (generated) await seedGeneratedCatalog(session, 40);
  await session.query(`UPDATE product_variants SET stock = ${CHECKOUT_STOCK}`);
  await session.query(
    `UPDATE products p SET stock = ${CHECKOUT_STOCK} * greatest(1, (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id))`,
  );
  const [count] = await session.query<{ count: number | string }>(
    'SELECT count(*) AS count FROM products WHERE active',
  );
  return { products: Number(count?.count ?? 0), generated };
}

const numberOf = (row: Record<string, unknown> | undefined, key: string) => Number(row?.[key] ?? 0);

export async function checkCheckoutIntegrity(
  session: SqlSession,
  run: { buyerEmailPattern: string; paymentsVerifiedByBuyers: number },
): Promise<IntegrityCheck> {
  if (!/^[a-z0-9.%@-]+$/i.test(run.buyerEmailPattern)) throw new Error('unexpected buyer email pattern');
  // The run's orders are its buyers' (the demo data comes with an order history of its own).
  const runOrders = `SELECT o.* FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email LIKE '${run.buyerEmailPattern}'`;
  const [counts] = await session.query(`
    WITH run_orders AS (${runOrders}),
    run_payments AS (SELECT p.* FROM payments p JOIN run_orders o ON o.id = p.order_id)
    SELECT
      (SELECT count(*) FROM products WHERE stock < 0) AS negative_products,
      (SELECT count(*) FROM product_variants WHERE stock < 0) AS negative_variants,
      (SELECT count(*) FROM run_orders) AS orders,
      (SELECT count(*) FROM run_orders WHERE status = 'processing') AS processing,
      (SELECT count(*) FROM run_payments WHERE status = 'success') AS successes,
      (SELECT count(*) FROM (
         SELECT order_id FROM run_payments WHERE status = 'success' GROUP BY order_id HAVING count(*) <> 1
       ) AS several) AS several,
      (SELECT count(*) FROM run_orders o WHERE o.status = 'processing'
         AND NOT EXISTS (SELECT 1 FROM run_payments p WHERE p.order_id = o.id AND p.status = 'success')) AS processing_unpaid,
      (SELECT count(*) FROM run_payments p JOIN run_orders o ON o.id = p.order_id
         WHERE p.status = 'success' AND o.status <> 'processing') AS paid_not_processing`);
  // Stock was set to CHECKOUT_STOCK on every row just before the run, so only the run's orders moved it.
  const [stock] = await session.query(`
    WITH run_orders AS (${runOrders}),
    live AS (
      SELECT oi.product_id, oi.variant_id, sum(oi.quantity) AS units
      FROM order_items oi JOIN run_orders o ON o.id = oi.order_id
      WHERE o.status <> 'cancelled'
      GROUP BY oi.product_id, oi.variant_id
    ),
    stock_rows AS (
      SELECT ${CHECKOUT_STOCK} - v.stock AS taken, coalesce(l.units, 0) AS units
      FROM product_variants v LEFT JOIN live l ON l.variant_id = v.id
      UNION ALL
      SELECT ${CHECKOUT_STOCK} - p.stock, coalesce(l.units, 0)
      FROM products p LEFT JOIN live l ON l.product_id = p.id AND l.variant_id IS NULL
      WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
    )
    SELECT count(*) FILTER (WHERE taken <> units) AS not_conserved,
           coalesce(sum(taken), 0) AS taken, coalesce(sum(units), 0) AS units
    FROM stock_rows`);
  const [sums] = await session.query(`
    SELECT count(*) AS mismatched FROM products p
    WHERE EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
      AND p.stock <> (SELECT sum(v.stock) FROM product_variants v WHERE v.product_id = p.id)`);
  const paymentsVerifiedByBuyers = run.paymentsVerifiedByBuyers;

  const check: IntegrityCheck = {
    pass: true,
    negativeProductStock: numberOf(counts, 'negative_products'),
    negativeVariantStock: numberOf(counts, 'negative_variants'),
    orders: numberOf(counts, 'orders'),
    processingOrders: numberOf(counts, 'processing'),
    successfulPayments: numberOf(counts, 'successes'),
    ordersWithSeveralSuccessfulPayments: numberOf(counts, 'several'),
    processingOrdersWithoutSuccessfulPayment: numberOf(counts, 'processing_unpaid'),
    successfulPaymentsOfOrdersNotProcessing: numberOf(counts, 'paid_not_processing'),
    paymentsVerifiedByBuyers,
    stockRowsNotConserved: numberOf(stock, 'not_conserved'),
    unitsTakenFromStock: numberOf(stock, 'taken'),
    unitsInLiveOrders: numberOf(stock, 'units'),
    productsWithStockNotSumOfVariants: numberOf(sums, 'mismatched'),
    problems: [],
  };
  const problem = (failed: boolean, text: string) => failed && check.problems.push(text);
  problem(check.negativeProductStock > 0, `${check.negativeProductStock} products with negative stock`);
  problem(check.negativeVariantStock > 0, `${check.negativeVariantStock} variants with negative stock`);
  problem(
    check.ordersWithSeveralSuccessfulPayments > 0,
    `${check.ordersWithSeveralSuccessfulPayments} orders with more than one successful payment`,
  );
  problem(
    check.successfulPayments !== check.processingOrders,
    `${check.successfulPayments} successful payments but ${check.processingOrders} processing orders`,
  );
  problem(
    check.processingOrdersWithoutSuccessfulPayment > 0,
    `${check.processingOrdersWithoutSuccessfulPayment} processing orders without a successful payment`,
  );
  problem(
    check.successfulPaymentsOfOrdersNotProcessing > 0,
    `${check.successfulPaymentsOfOrdersNotProcessing} successful payments of orders that are not processing`,
  );
  problem(
    check.successfulPayments !== paymentsVerifiedByBuyers,
    `${check.successfulPayments} successful payments in the database but ${paymentsVerifiedByBuyers} verified by the buyers`,
  );
  problem(
    check.stockRowsNotConserved > 0,
    `${check.stockRowsNotConserved} stock rows not down by exactly the units of live orders (${check.unitsTakenFromStock} taken, ${check.unitsInLiveOrders} ordered)`,
  );
  check.pass = check.problems.length === 0;
  return check;
}
