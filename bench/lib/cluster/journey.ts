/**
 * The cluster test's API journey through nginx (bench/cluster.ts): the admin adds a product with an image larger
 * than nginx's default body limit; a buyer registers and logs in, and every process accepts the login; the cart;
 * an online order paid through the sandbox; another order cancelled; the admin edits the product's title and
 * every process, asked directly, answers the new title (within 1 s with LISTEN/NOTIFY,
 * docs/decisions/0020-several-processes.md; within the catalog cache's 5 s TTL without); and login attempts from
 * one address spread over the processes meet one shared limit (docs/decisions/0019-shared-rate-limits.md).
 */
import { MARK_NOTIFY, MARK_SHARED_LIMITS, seconds, spreadOf, type Stage } from './checks';
import { clientAddress, field, HttpClient } from './http';
import {
  cancelOrder,
  createProduct,
  expectStatus,
  largeImage,
  lineOf,
  logIn,
  newBuyer,
  orderIdOf,
  payOnline,
  placeOrder,
  productForm,
  type Product,
} from './shop';

/** The catalog cache's TTL (docs/shop-rules.md#catalog-cache): how stale a process may be without a message. */
const CACHE_TTL_MS = 5_000;
/** How soon every process must see an edit, its invalidation sent through LISTEN/NOTIFY (docs/shop-rules.md#catalog-cache). */
const NOTIFY_BOUND_MS = 1_000;
/** Client numbers (http.ts addresses) of the journey's buyer and of the rate-limit check's client. */
const JOURNEY_BUYER = 0;
const LIMITED_CLIENT = 999;

export async function runJourney(stage: Stage): Promise<void> {
  const { cluster, nginx, admin, checks, log, tag } = stage;
  const dbRow = async (sql: string, id: string) => (await cluster.sql<Record<string, unknown>>(sql, [id]))[0] ?? {};
  const stockOf = async (id: string) => Number((await dbRow('select stock from products where id = $1', id)).stock);

  log('journey: the admin adds a product with a 2.4 MB picture');
  const category = `Cluster ${tag}`;
  const image = await largeImage();
  const product = await createProduct(admin, {
    title: `Cluster Dispenser ${tag}`,
    category,
    price: 1499,
    stock: 20,
    image,
  });
  checks.check(
    "journey: the admin adds a product with a picture larger than nginx's default 1 MB body",
    true,
    `${(image.length / 1024 / 1024).toFixed(1)} MB picture, product ${product._id}`,
  );

  const buyer = await newBuyer(nginx.url, JOURNEY_BUYER, tag);
  const direct = await Promise.all(
    cluster.apps.map((app) => new HttpClient(app.url, undefined, buyer.client.token).get('/api/cart')),
  );
  checks.check(
    'journey: a buyer registers and logs in through nginx; every process accepts the login (one JWT secret, kept in the database)',
    direct.every((answer) => answer.status === 200),
    `GET /api/cart on each process directly: ${direct.map((answer) => answer.status).join(', ')}`,
  );

  expectStatus(
    await buyer.client.post('/api/cart/add', { productId: product._id, quantity: 2 }),
    200,
    'add to the cart',
  );
  const cartIds = async () =>
    (
      (field(await buyer.client.get('/api/cart').then((answer) => answer.body), 'items') ?? []) as {
        product?: { _id?: string };
      }[]
    ).map((item) => item.product?._id);
  checks.check(
    'journey: the cart line added through nginx is in the cart the next requests read',
    (await cartIds()).includes(product._id),
  );

  const order = expectStatus(await placeOrder(buyer, [lineOf(product, 2)]), 201, 'place the online order');
  const orderId = orderIdOf(order);
  const payment = await payOnline(buyer, orderId);
  const paidRow = await dbRow(
    `select o.status, p.status as payment from orders o join payments p on p.order_id = o.id where o.id = $1`,
    orderId,
  );
  checks.check(
    "journey: an online order placed and paid through the sandbox (create, the window's Pay, verify)",
    payment.paid && paidRow.status === 'processing' && paidRow.payment === 'success',
    `answers ${payment.answers.map((answer) => answer.status).join(', ')}; order ${String(paidRow.status)}, payment ${String(paidRow.payment)}`,
  );
  checks.check('journey: the paid line has left the cart', !(await cartIds()).includes(product._id));

  const second = expectStatus(await placeOrder(buyer, [lineOf(product, 3)]), 201, 'place the second order');
  const secondId = orderIdOf(second);
  const stockWhilePending = await stockOf(product._id);
  const cancelled = await cancelOrder(buyer, secondId);
  const cancelledRow = await dbRow('select status from orders where id = $1', secondId);
  const stockAfter = await stockOf(product._id);
  checks.check(
    'journey: a second order placed, then cancelled by the buyer; its stock comes back',
    cancelled.status === 200 && cancelledRow.status === 'cancelled' && stockWhilePending === 15 && stockAfter === 18,
    `cancel ${cancelled.status}, order ${String(cancelledRow.status)}, stock 20 → ${stockWhilePending} → ${stockAfter}`,
  );

  await titleEdit(stage, product, category);
  await sharedLoginLimit(stage, buyer.email);
}

/** The admin edits the title through nginx; each process, asked directly, must answer the new one soon. */
async function titleEdit(stage: Stage, product: Product, category: string): Promise<void> {
  const { cluster, admin, checks, log, tag } = stage;
  const listPath = `/api/products?category=${encodeURIComponent(category)}`;
  const clients = cluster.apps.map((app) => new HttpClient(app.url));
  const titlesOn = async (client: HttpClient) =>
    ((await client.get(listPath)).body as { title?: string }[] | null)?.map((item) => item.title) ?? [];
  // Every process reads the list once, so each holds the old title in its catalog cache.
  const before = await Promise.all(clients.map(titlesOn));
  const current = expectStatus(await admin.get(`/api/products/${product._id}`), 200, 'read the product')
    .body as Product;

  const newTitle = `Cluster Dispenser ${tag} (edited)`;
  log('journey: the admin edits the title; polling every process directly');
  const edit = await admin.request('PUT', `/api/products/${product._id}`, {
    form: productForm({ title: newTitle, category, price: current.price, stock: current.stock }, current.version),
  });
  expectStatus(edit, 200, 'edit the title');
  const editedAt = edit.endedAt;
  const seenAfter = await Promise.all(
    clients.map(async (client) => {
      const deadline = editedAt + CACHE_TTL_MS + 3_000;
      for (;;) {
        if ((await titlesOn(client)).includes(newTitle)) return performance.now() - editedAt;
        if (performance.now() > deadline) return Number.POSITIVE_INFINITY;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }),
  );
  const slowest = Math.max(...seenAfter);
  const times = seenAfter.map((ms, index) => `p${index + 1} ${Number.isFinite(ms) ? seconds(ms) : 'never'}`).join(', ');
  const cachedOld = before.every((titles) => titles.includes(product.title));
  checks.check(
    'journey: the admin edits the title through nginx; every process, asked directly, answers it within the cache TTL (5 s)',
    cachedOld && slowest <= CACHE_TTL_MS + 500,
    `${cachedOld ? 'each process had the old title cached; ' : 'a process did not list the product before the edit; '}seen after: ${times}`,
  );
  checks.check(
    `${MARK_NOTIFY} journey: every process answers the new title within ${seconds(NOTIFY_BOUND_MS)} of the edit`,
    slowest <= NOTIFY_BOUND_MS,
    `slowest ${Number.isFinite(slowest) ? seconds(slowest) : 'never'}`,
  );
}

/**
 * AUTH_RATE_LIMIT + 1 logins from one client address through nginx, which spreads them over the processes: with
 * limits counted across processes the last one gets 429, as against a single process.
 */
async function sharedLoginLimit(stage: Stage, email: string): Promise<void> {
  const { cluster, nginx, checks, authRateLimit } = stage;
  const address = clientAddress(LIMITED_CLIENT);
  const client = new HttpClient(nginx.url, address);
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= authRateLimit; attempt += 1) {
    statuses.push(
      await logIn(client, email, 'cluster-buyer-password').then(
        () => 200,
        (error: Error) => Number(/got (\d+)/.exec(error.message)?.[1] ?? 0),
      ),
    );
  }
  const tried = nginx
    .accessLog()
    .filter((entry) => entry.client === address && entry.path === '/api/auth/login')
    .map((entry) => entry.upstreams);
  const allowed = statuses.slice(0, authRateLimit).every((status) => status === 200);
  checks.check(
    `${MARK_SHARED_LIMITS} journey: ${authRateLimit + 1} logins from one address, spread over the processes: the last gets 429`,
    allowed && statuses[authRateLimit] === 429,
    `statuses ${statuses.join(' ')}; answered by ${spreadOf(cluster, tried)}`,
  );
}
