/**
 * The soak's load (bench/README.md, soak): `connections` shoppers, each sending one request after the other until
 * the time is up, every request drawn from a storefront mix: the home view, category pages, searches (misspelt ones
 * included), suggestions, product answers, the server-rendered product pages, and now and then a checkout paid
 * through the sandbox. Meanwhile the server's resident memory (VmRSS) is read every `sampleSeconds`, which is what
 * the row is for: whether the memory stays flat over minutes of mixed traffic.
 *
 * It runs on fetch (undici, keep-alive connections) rather than autocannon: which request comes next depends on
 * the answers (a checkout's steps, the product ids), and the figure that matters is memory over minutes, not the
 * last request per second. A checkout in progress when the time is up is finished, so that what the buyers saw
 * verified is exact for the integrity check afterwards.
 */
import {
  fieldOf,
  messageOf,
  onlineOrderBody,
  parseBody,
  random,
  registerBuyers,
  runBuyers,
  setupCall,
  type Buyer,
  type OrderItem,
} from './checkout-load';
import { SOAK_KINDS, type SoakKind, type SoakLoadRequest, type SoakLoadResult, type StepFigures } from './load-types';
import { residentMb } from './server-probe';
import { round, Samples } from './stats';

/** Share of each kind among the requests a shopper picks (a checkout counts once here, five requests on the wire). */
const MIX: [SoakKind, number][] = [
  ['home', 25],
  ['category', 15],
  ['search', 20],
  ['suggest', 5],
  ['product', 20],
  ['product page', 10],
  ['checkout', 5],
];
/** Words of the generated catalog (bench/seed-catalog.ts), two misspelt (the typo fallback), one that finds nothing. */
const SEARCH_TERMS = [
  'dispenser',
  'nozzle',
  'delivery hose',
  'fire extinguisher',
  'hydrometer',
  'dip rod',
  'dog food',
  'cat litter',
  'aquarium filter',
  'dispnser',
  'fule nozle',
  'zzqx',
];
const PRODUCT_PAGES = 5;
const REQUEST_TIMEOUT_MS = 15_000;

interface CatalogProduct {
  _id: string;
  title: string;
  price: number;
  variants: { _id: string; price: number; stock: number }[];
}

class KindFigures {
  readonly samples = new Samples();
  unexpected = 0;
  socketErrors = 0;
}

export async function runSoakLoad(request: SoakLoadRequest): Promise<SoakLoadResult> {
  const base = new URL(request.baseUrl);
  const { buyers, buyerEmailPattern } = runBuyers(request.connections);
  await registerBuyers(base, buyers);

  // What the shoppers ask for: the categories, a few pages of product ids, the in-stock ones for checkouts.
  const categories = (await setupCall(base, 'GET', '/api/products/categories/list')).body;
  if (!Array.isArray(categories) || categories.length === 0) throw new Error('The catalog has no categories.');
  const productIds: string[] = [];
  for (let page = 1; page <= PRODUCT_PAGES; page += 1) {
    const list = await setupCall(base, 'GET', `/api/products?limit=100&page=${page}`);
    if (Array.isArray(list.body)) productIds.push(...(list.body as CatalogProduct[]).map((product) => product._id));
  }
  const inStock = await setupCall(base, 'GET', '/api/products?availability=In%20Stock&limit=100');
  const buyable = Array.isArray(inStock.body) ? (inStock.body as CatalogProduct[]).map((product) => product._id) : [];
  if (productIds.length === 0 || buyable.length === 0) throw new Error('The catalog has no products to show or buy.');

  const all = new Samples();
  const kinds = new Map<SoakKind, KindFigures>(SOAK_KINDS.map((kind) => [kind, new KindFigures()]));
  const statusCounts: Record<string, number> = {};
  let unexpectedStatus = 0;
  let socketErrors = 0;
  let checkoutsCompleted = 0;
  let paymentsVerified = 0;
  let failedCheckouts = 0;
  const errorSamples: string[] = [];

  /** One measured request: its status and parsed body, or null when no answer came. */
  const send = async (
    kind: SoakKind,
    method: string,
    path: string,
    options: { body?: unknown; token?: string } = {},
  ) => {
    const figures = kinds.get(kind)!;
    const startedAt = performance.now();
    try {
      const response = await fetch(new URL(path, base), {
        method,
        headers: {
          accept: kind === 'product page' ? 'text/html' : 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      const ms = performance.now() - startedAt;
      all.add(ms);
      figures.samples.add(ms);
      statusCounts[response.status] = (statusCounts[response.status] ?? 0) + 1;
      if (response.status < 200 || response.status >= 300) {
        unexpectedStatus += 1;
        figures.unexpected += 1;
        if (errorSamples.length < 8) errorSamples.push(`${kind} ${method} ${path}: ${response.status}`);
      }
      return { status: response.status, body: kind === 'product page' ? text : parseBody(text) };
    } catch (error) {
      socketErrors += 1;
      figures.socketErrors += 1;
      if (errorSamples.length < 8) errorSamples.push(`${kind} ${method} ${path}: ${(error as Error).message}`);
      return null;
    }
  };

  const ok = (answer: { status: number } | null) => answer !== null && answer.status >= 200 && answer.status < 300;

  /** A whole checkout by one buyer: 1-2 in-stock products, the order, its payment through the sandbox. */
  const checkout = async (buyer: Buyer, pick: () => number) => {
    const fail = (step: string, answer: { status: number; body: unknown } | null) => {
      failedCheckouts += 1;
      if (answer && errorSamples.length < 8) errorSamples.push(`checkout ${step}: ${messageOf(answer.body)}`);
    };
    const items: OrderItem[] = [];
    const lines = 1 + Math.floor(pick() * 2);
    for (let line = 0; line < lines; line += 1) {
      const id = buyable[Math.floor(pick() * buyable.length)]!;
      if (items.some((item) => item.product === id)) continue;
      const answer = await send('checkout', 'GET', `/api/products/${id}`, { token: buyer.token });
      if (!ok(answer)) return fail('product', answer);
      const product = answer!.body as CatalogProduct;
      const variants = product.variants.filter((variant) => variant.stock > 0);
      const variant = variants.length ? variants[Math.floor(pick() * variants.length)]! : null;
      if (product.variants.length && !variant) continue;
      items.push({
        product: product._id,
        variantId: variant?._id ?? null,
        title: product.title,
        price: variant ? variant.price : product.price,
        quantity: 1 + Math.floor(pick() * 2),
      });
    }
    if (items.length === 0) return;
    const name = `Bench Buyer ${buyer.index + 1}`;
    const order = await send('checkout', 'POST', '/api/orders', {
      body: onlineOrderBody(name, buyer.email, items),
      token: buyer.token,
    });
    const orderId =
      fieldOf(fieldOf(order?.body, 'order'), '_id') ??
      fieldOf(fieldOf(order?.body, 'data'), '_id') ??
      fieldOf(order?.body, '_id');
    if (!ok(order) || typeof orderId !== 'string') return fail('order', order);
    const payment = await send('checkout', 'POST', '/api/payments/create', { body: { orderId }, token: buyer.token });
    const rzpOrderId = fieldOf(payment?.body, 'rzpOrderId');
    if (!ok(payment) || typeof rzpOrderId !== 'string') return fail('payment create', payment);
    const paid = await send('checkout', 'POST', '/api/payments/sandbox/pay', {
      body: { order_id: rzpOrderId },
      token: buyer.token,
    });
    if (!ok(paid) || typeof fieldOf(paid!.body, 'razorpay_signature') !== 'string') {
      return fail('sandbox pay', paid);
    }
    const verify = await send('checkout', 'POST', '/api/payments/verify', {
      body: { ...(paid!.body as object), orderId },
      token: buyer.token,
    });
    if (!ok(verify) || fieldOf(verify!.body, 'status') !== 'success') return fail('verify', verify);
    paymentsVerified += 1;
    checkoutsCompleted += 1;
  };

  const totalWeight = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const kindOf = (draw: number): SoakKind => {
    let left = draw * totalWeight;
    for (const [kind, weight] of MIX) {
      left -= weight;
      if (left < 0) return kind;
    }
    return MIX[0]![0];
  };
  const one = <T>(list: readonly T[], pick: () => number) => list[Math.floor(pick() * list.length)]!;

  const shopper = async (buyer: Buyer, deadline: number) => {
    const pick = random(request.seed * 1000 + buyer.index);
    while (performance.now() < deadline) {
      const kind = kindOf(pick());
      switch (kind) {
        case 'home':
          await send(kind, 'GET', '/api/products?view=home');
          break;
        case 'category': {
          const category = encodeURIComponent(one(categories as string[], pick));
          await send(kind, 'GET', `/api/products?category=${category}&page=${1 + Math.floor(pick() * 3)}&limit=24`);
          break;
        }
        case 'search':
          await send(kind, 'GET', `/api/products?search=${encodeURIComponent(one(SEARCH_TERMS, pick))}`);
          break;
        case 'suggest': {
          const term = one(SEARCH_TERMS, pick);
          await send(
            kind,
            'GET',
            `/api/products/suggest?q=${encodeURIComponent(term.slice(0, 2 + Math.floor(pick() * 3)))}`,
          );
          break;
        }
        case 'product':
          await send(kind, 'GET', `/api/products/${one(productIds, pick)}`);
          break;
        case 'product page':
          await send(kind, 'GET', `/product/${one(productIds, pick)}`);
          break;
        case 'checkout':
          await checkout(buyer, pick);
          break;
      }
    }
  };

  // The memory samples: one just before the load, then every sampleSeconds until the last shopper stopped.
  const samples: SoakLoadResult['samples'] = [];
  const startedAt = performance.now();
  const sample = () => {
    const rssMb = residentMb(request.server.pid);
    if (rssMb !== undefined)
      samples.push({ seconds: round((performance.now() - startedAt) / 1000, 1), rssMb: round(rssMb, 1) });
  };
  sample();
  let next = startedAt;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    next += request.sampleSeconds * 1000;
    timer = setTimeout(
      () => {
        sample();
        schedule();
      },
      Math.max(0, next - performance.now()),
    );
  };
  schedule();
  const deadline = startedAt + request.durationSeconds * 1000;
  try {
    await Promise.all(buyers.map((buyer) => shopper(buyer, deadline)));
  } finally {
    clearTimeout(timer);
  }
  sample();
  const durationSeconds = (performance.now() - startedAt) / 1000;

  const byKind = {} as Record<SoakKind, StepFigures>;
  for (const [kind, figures] of kinds) {
    byKind[kind] = {
      requests: figures.samples.count,
      latency: figures.samples.summary(),
      unexpectedStatus: figures.unexpected,
      socketErrors: figures.socketErrors,
    };
  }
  return {
    mode: 'soak',
    connections: request.connections,
    requests: all.count,
    durationSeconds: round(durationSeconds),
    requestsPerSecond: round(all.count / durationSeconds, 1),
    latency: all.summary(),
    unexpectedStatus,
    socketErrors,
    statusCounts,
    samples,
    kinds: byKind,
    checkoutsCompleted,
    buyerEmailPattern,
    paymentsVerified,
    failedCheckouts,
    errorSamples,
  };
}
