/**
 * The cluster test's crash (bench/cluster.ts): 30 buyers check out in a loop through nginx for 10 s, each from
 * their own address, as the storefront does (read each product, place the order with an Idempotency-Key, then pay
 * it through the sandbox or cancel it); 4.5 s in, one app process is killed with SIGKILL. A client whose order
 * request got no answer (nginx's 502, or none) repeats it with the same key, as the storefront does
 * (docs/shop-rules.md#orders), and so learns of an order the dead process had committed.
 *
 * Afterwards the database must hold every order, payment and cancellation a client got a 2xx for; the stock of
 * each product plus the units of its live (not cancelled) orders must equal its starting stock (nothing leaked,
 * whatever the dead process was doing); the load must have gone on succeeding on the other processes; and its
 * errors must all be requests in flight around the kill.
 */
import { randomUUID } from 'node:crypto';
import type { OrderItem } from '../checkout-load';
import { random } from '../checkout-load';
import { seconds, type Stage } from './checks';
import { field, HttpClient, messageOf, type Answer } from './http';
import {
  cancelOrder,
  createProduct,
  lineOf,
  newBuyers,
  orderIdOf,
  payOnline,
  placeOrder,
  type Buyer,
  type Product,
} from './shop';

const BUYERS = 30;
const LOAD_MS = 10_000;
const KILL_AT_MS = 4_500;
/** Client numbers (http.ts addresses) of the load's buyers. */
const FIRST_BUYER = 200;
const INITIAL_STOCK = 100_000;
/** Tries of one order request: the first and the repeats with the same Idempotency-Key. */
const ORDER_TRIES = 4;
/** Errors must have come back within this long after the kill (in-flight requests answered 502). */
const AROUND_KILL_MS = 3_000;

/** One request of the load, for the report. */
interface Sent {
  buyer: number;
  step: string;
  answer: Answer;
}

interface Acknowledged {
  buyer: Buyer;
  /** Units per product id, as the client sent them. */
  units: Map<string, number>;
}

const noAnswer = (answer: Answer) => answer.status === 0 || answer.status >= 502;
const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runKill(stage: Stage): Promise<void> {
  const { cluster, nginx, admin, checks, log, tag } = stage;
  const products: Product[] = [];
  for (const [index, price] of [120, 340, 560].entries()) {
    products.push(
      await createProduct(admin, {
        title: `Cluster Load Nozzle ${index + 1} ${tag}`,
        category: `Cluster ${tag}`,
        price,
        stock: INITIAL_STOCK,
      }),
    );
  }
  log(`kill: ${BUYERS} buyers register and log in through nginx ...`);
  const buyers = await newBuyers(nginx.url, FIRST_BUYER, BUYERS, tag);
  const victimIndex = cluster.apps.length - 1;
  const victim = cluster.apps[victimIndex]!;
  const victimHost = new URL(victim.url).host;

  const sent: Sent[] = [];
  const orders = new Map<string, Acknowledged>();
  const paid = new Set<string>();
  const cancelled = new Set<string>();
  let replays = 0;
  const call = async (buyer: Buyer, step: string, request: Promise<Answer>) => {
    const answer = await request;
    sent.push({ buyer: buyer.index, step, answer });
    return answer;
  };

  /** One buyer's checkouts until the time is up. */
  const shop = async (buyer: Buyer, until: number) => {
    const pick = random(buyer.index + 17);
    for (let round = 0; performance.now() < until; round += 1) {
      const chosen = [...new Set([0, 1].map(() => products[Math.floor(pick() * products.length)]!))];
      const items: OrderItem[] = [];
      for (const product of chosen) {
        const read = await call(buyer, 'product', buyer.client.get(`/api/products/${product._id}`));
        if (read.status === 200) items.push(lineOf(read.body as Product, 1 + Math.floor(pick() * 3)));
      }
      if (items.length < chosen.length) continue;

      const key = randomUUID();
      let placed: Answer | undefined;
      for (let attempt = 0; attempt < ORDER_TRIES && !placed; attempt += 1) {
        if (attempt > 0) await sleep(200);
        const answer = await call(buyer, attempt ? 'order (repeat)' : 'order', placeOrder(buyer, items, key));
        if (answer.status === 201) placed = answer;
        else if (!noAnswer(answer)) break; // a refusal is an answer: not repeated
      }
      if (!placed) continue;
      const orderId = orderIdOf(placed);
      if (placed.headers['idempotent-replayed'] === 'true') replays += 1;
      orders.set(orderId, { buyer, units: new Map(items.map((item) => [item.product, item.quantity])) });

      if (round % 2 === 0) {
        const payment = await payOnline(buyer, orderId);
        for (const answer of payment.answers) sent.push({ buyer: buyer.index, step: 'payment', answer });
        if (payment.paid) {
          paid.add(orderId);
          continue;
        }
      }
      // Cancelled: every other order, and one whose payment did not go through (it would hold its stock).
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await call(buyer, 'cancel', cancelOrder(buyer, orderId));
        if (ok(answer)) cancelled.add(orderId);
        if (!noAnswer(answer)) break;
        await sleep(200);
      }
    }
  };

  log(
    `kill: ${BUYERS} buyers check out for ${seconds(LOAD_MS)}; p${victimIndex + 1} gets SIGKILL at ${seconds(KILL_AT_MS)}`,
  );
  const startedAt = performance.now();
  const startedAtWall = Date.now();
  let killAt = 0;
  const killing = (async () => {
    await sleep(KILL_AT_MS);
    killAt = performance.now();
    await victim.kill();
    log(`kill: p${victimIndex + 1} (pid ${victim.pid}) killed with SIGKILL at ${seconds(killAt - startedAt)}`);
  })();
  await Promise.all(buyers.map((buyer) => shop(buyer, startedAt + LOAD_MS)));
  await killing;
  const endedAt = performance.now();
  // The sandbox's webhooks follow a payment by 250 ms: let the last ones land before reading the database.
  await sleep(1_500);

  await checkDatabase(stage, { products, buyers, orders, paid, cancelled });

  const errors = sent.filter(({ answer }) => !ok(answer));
  const afterKill = sent.filter(({ answer }) => answer.startedAt > killAt);
  const okAfterKill = afterKill.filter(({ answer }) => ok(answer));
  const paidAfterKill = sent.filter(
    ({ step, answer }) => step === 'payment' && answer.startedAt > killAt && field(answer.body, 'status') === 'success',
  ).length;
  const survivors = cluster.apps.filter((app) => app !== victim);
  const health = await Promise.all(survivors.map((app) => new HttpClient(app.url).get('/api/health')));
  checks.check(
    `kill: the load goes on on the other ${survivors.length} processes after the kill`,
    okAfterKill.length > 0 && paidAfterKill > 0 && health.every((answer) => answer.status === 200),
    `${okAfterKill.length} of ${afterKill.length} requests sent after the kill succeeded, ${paidAfterKill} payments ` +
      `verified; /api/health of the others: ${health.map((answer) => answer.status).join(', ')}`,
  );
  const outside = errors.filter(({ answer }) => answer.endedAt < killAt || answer.endedAt > killAt + AROUND_KILL_MS);
  const describe = ({ step, answer }: Sent) => {
    const status = answer.status ? String(answer.status) : 'no answer';
    const text = messageOf(answer);
    const what = text.startsWith(status) ? text : `${status} ${text}`;
    return `${step}: ${what} (sent ${relative(answer.startedAt - killAt)}, answered ${relative(answer.endedAt - killAt)})`;
  };
  checks.check(
    `kill: errors only around the kill (answered within ${seconds(AROUND_KILL_MS)} after it)`,
    outside.length === 0,
    `${errors.length} error(s) in ${sent.length} requests${errors.length ? `:\n        ${errors.map(describe).join('\n        ')}` : ''}`,
  );

  const entries = nginx.accessLog().filter((entry) => entry.at >= startedAtWall);
  const moved = entries.filter((entry) => entry.upstreams.length > 1 && entry.upstreams[0] === victimHost).length;
  const lost = entries.filter(
    (entry) => entry.status === 502 && entry.upstreams[entry.upstreams.length - 1] === victimHost,
  ).length;
  log(
    `kill: ${sent.length} requests in ${seconds(endedAt - startedAt)}; ${orders.size} orders acknowledged ` +
      `(${paid.size} paid, ${cancelled.size} cancelled, ${orders.size - paid.size - cancelled.size} left unpaid); ` +
      `${replays} acknowledged only by a repeat with the same Idempotency-Key (the first answer was lost); ` +
      `nginx answered 502 for ${lost} request(s) in flight on p${victimIndex + 1} and moved ${moved} to another process`,
  );
  for (const buyer of buyers) buyer.client.close();
}

const relative = (ms: number) => `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(2)} s`;

/** Every acknowledged write is in the database, and no stock leaked. */
async function checkDatabase(
  stage: Stage,
  run: {
    products: Product[];
    buyers: Buyer[];
    orders: Map<string, Acknowledged>;
    paid: Set<string>;
    cancelled: Set<string>;
  },
): Promise<void> {
  const { cluster, checks } = stage;
  const ids = [...run.orders.keys()];
  const rows = await cluster.sql<{ id: string; status: string; payment: string | null }>(
    `select o.id, o.status,
       (select string_agg(p.status::text, ',') from payments p where p.order_id = o.id) as payment
     from orders o where o.id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lines = await cluster.sql<{ order_id: string; product_id: string; units: string }>(
    `select order_id, product_id, sum(quantity) as units from order_items where order_id = any($1::uuid[])
     group by order_id, product_id`,
    [ids],
  );
  const linesMatch = ids.every((id) => {
    const mine = lines.filter((line) => line.order_id === id);
    const sent = run.orders.get(id)!.units;
    return mine.length === sent.size && mine.every((line) => sent.get(line.product_id) === Number(line.units));
  });
  checks.check(
    'kill: every order a client got 201 for is in the database, with the lines it sent',
    rows.length === ids.length && linesMatch,
    `${rows.length} of ${ids.length} found${linesMatch ? '' : '; some lines differ'}`,
  );
  const paidWrong = [...run.paid].filter((id) => {
    const row = byId.get(id);
    return row?.status !== 'processing' || row.payment !== 'success';
  });
  const cancelledWrong = [...run.cancelled].filter((id) => byId.get(id)?.status !== 'cancelled');
  checks.check(
    'kill: every payment and cancellation a client got 200 for is in the database',
    paidWrong.length === 0 && cancelledWrong.length === 0,
    `${run.paid.size} paid orders processing with a successful payment, ${run.cancelled.size} cancelled` +
      (paidWrong.length + cancelledWrong.length ? `; wrong: ${[...paidWrong, ...cancelledWrong].join(', ')}` : ''),
  );

  const userIds = await cluster.sql<{ id: string }>('select id from users where email = any($1::text[])', [
    run.buyers.map((buyer) => buyer.email),
  ]);
  const [all] = await cluster.sql<{ orders: string; duplicates: string }>(
    `select count(*) as orders,
       count(*) - count(distinct idempotency_key) as duplicates
     from orders where user_id = any($1::uuid[])`,
    [userIds.map((row) => row.id)],
  );
  const unacknowledged = Number(all?.orders ?? 0) - ids.length;
  checks.check(
    'kill: one order per Idempotency-Key; the only orders nobody was told of are those whose answer the kill lost',
    Number(all?.duplicates) === 0 && unacknowledged >= 0,
    `${all?.orders} orders in the database for ${ids.length} acknowledged: ${unacknowledged} placed whose answer was lost (they hold their stock, counted below)`,
  );

  const stock = await cluster.sql<{ id: string; stock: number; live: string }>(
    `select p.id, p.stock,
       coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
         where i.product_id = p.id and o.status <> 'cancelled'), 0) as live
     from products p where p.id = any($1::uuid[]) order by p.title`,
    [run.products.map((product) => product._id)],
  );
  const balanced =
    stock.length === run.products.length && stock.every((row) => row.stock + Number(row.live) === INITIAL_STOCK);
  checks.check(
    `kill: no stock leaked: each product's stock + the units of its live orders = ${INITIAL_STOCK.toLocaleString('en-IN')}`,
    balanced,
    stock.map((row) => `${row.stock} + ${row.live}`).join(', '),
  );
}
