/**
 * The cluster test's race (bench/cluster.ts): 50 buyers, each from their own address, order the last 10 units of
 * one product at the same moment through nginx, which spreads the orders over the processes. The stock is taken
 * with a conditional decrement in each order's transaction (docs/shop-rules.md#stock), so whichever process
 * serves an order: exactly 10 are placed, the stock ends at 0, and every other buyer gets the placing rule's
 * out-of-stock answer, 409 `"{title}" is out of stock.` (docs/shop-rules.md#orders), never a 500.
 */
import type { Answer } from './http';
import { messageOf } from './http';
import { spreadOf, type Stage } from './checks';
import { createProduct, lineOf, newBuyers, placeOrder } from './shop';

const BUYERS = 50;
const UNITS = 10;
/** Client numbers (http.ts addresses) of the race's buyers. */
const FIRST_BUYER = 100;

export async function runRace(stage: Stage): Promise<void> {
  const { cluster, nginx, admin, checks, log, tag } = stage;
  const product = await createProduct(admin, {
    title: `Cluster Race Pump ${tag}`,
    category: `Cluster ${tag}`,
    price: 2500,
    stock: UNITS,
  });
  log(`race: ${BUYERS} buyers register and log in through nginx ...`);
  const buyers = await newBuyers(nginx.url, FIRST_BUYER, BUYERS, tag);

  log(`race: ${BUYERS} buyers order 1 of the ${UNITS} units at once`);
  const answers: Answer[] = await Promise.all(buyers.map((buyer) => placeOrder(buyer, [lineOf(product, 1)])));
  const placed = answers.filter((answer) => answer.status === 201).length;
  const outOfStock = `"${product.title}" is out of stock.`;
  const refused = answers.filter((answer) => answer.status === 409 && messageOf(answer) === outOfStock).length;
  const other = answers.filter(
    (answer) => answer.status !== 201 && !(answer.status === 409 && messageOf(answer) === outOfStock),
  );
  const [row] = await cluster.sql<{ stock: number; orders: string; units: string }>(
    `select p.stock,
       (select count(distinct o.id) from orders o join order_items i on i.order_id = o.id
         where i.product_id = p.id and o.status <> 'cancelled') as orders,
       (select coalesce(sum(i.quantity), 0) from orders o join order_items i on i.order_id = o.id
         where i.product_id = p.id and o.status <> 'cancelled') as units
     from products p where p.id = $1`,
    [product._id],
  );
  const addresses = new Set(buyers.map((buyer) => buyer.client.localAddress));
  const spread = spreadOf(
    cluster,
    nginx
      .accessLog()
      .filter((entry) => entry.method === 'POST' && entry.path === '/api/orders' && addresses.has(entry.client))
      .map((entry) => entry.upstreams),
  );
  checks.check(
    `race: ${BUYERS} buyers for ${UNITS} units, spread over the processes: exactly ${UNITS} orders placed`,
    placed === UNITS,
    `${placed} placed; orders answered by ${spread}`,
  );
  checks.check(
    `race: every other buyer gets 409 ${outOfStock.replace(product.title, '{title}')}, no 500`,
    refused === BUYERS - UNITS && other.length === 0,
    `${refused} refused with it${other.length ? `; other answers: ${other.map((answer) => `${answer.status} ${messageOf(answer)}`).join('; ')}` : ''}`,
  );
  checks.check(
    'race: the stock ends at 0 and the database holds exactly those orders',
    row?.stock === 0 && Number(row.orders) === UNITS && Number(row.units) === UNITS,
    `stock ${row?.stock}, live orders ${row?.orders} of ${row?.units} units`,
  );
  for (const buyer of buyers) buyer.client.close();
}
