/**
 * The checkout scenario's load: N registered buyers, each on its own single keep-alive connection,
 * each repeating the storefront's checkout sequence until the time is up:
 *
 *   GET /api/products/:id (each line's current price) -> POST /api/orders (priced with the shared
 *   orderTotals, so the server accepts it) -> POST /api/payments/create -> POST /api/payments/sandbox/pay
 *   -> POST /api/payments/verify
 *
 * A failed step ends that checkout (counted, with a sample of the message) and the buyer starts the
 * next one. A warm-up phase runs first; its requests are not in the figures but its orders are in
 * `all`, which the orchestrator compares with the database afterwards. Bounded by time (no new
 * checkout starts after the deadline) and by count (maxCheckouts).
 */
import http from 'node:http';
import { orderTotals, toPaise, toRupees } from '@pumpkart/shared';
import type { CheckoutLoadRequest, CheckoutLoadResult, StepFigures } from './load-types';
import { round, Samples } from './stats';

const STEPS = ['product', 'order', 'payment-create', 'sandbox-pay', 'verify'] as const;
type Step = (typeof STEPS)[number];

const REQUEST_TIMEOUT_MS = 15_000;
const BUYER_EMAIL_DOMAIN = '@example.com';

interface Reply {
  status: number;
  body: unknown;
}

class SocketError extends Error {}

class StepError extends Error {
  constructor(
    readonly step: Step,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Figures of one phase (warm-up or measured). */
class PhaseFigures {
  readonly all = new Samples();
  readonly steps = new Map<Step, { samples: Samples; unexpected: number; socketErrors: number }>(
    STEPS.map((step) => [step, { samples: new Samples(), unexpected: 0, socketErrors: 0 }]),
  );
  readonly statusCounts: Record<string, number> = {};
  unexpected = 0;
  socketErrors = 0;
  checkoutsCompleted = 0;
}

/** A small deterministic random source (mulberry32), one per buyer, so runs compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface CatalogProduct {
  _id: string;
  title: string;
  price: number;
  stock: number;
  variants: { _id: string; size: string | null; price: number; stock: number }[];
}

class Buyer {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  token = '';

  constructor(
    readonly index: number,
    readonly base: URL,
    readonly email: string,
  ) {}

  request(method: string, path: string, body?: unknown): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // not JSON: keep the text for the error sample
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', (error) => reject(new SocketError(error.message)));
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', (error) => reject(new SocketError(error.message)));
      if (payload) req.write(payload);
      req.end();
    });
  }

  close() {
    this.agent.destroy();
  }
}

const messageOf = (body: unknown) =>
  typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : '';

export async function runCheckoutLoad(request: CheckoutLoadRequest): Promise<CheckoutLoadResult> {
  const base = new URL(request.baseUrl);
  const runTag = `${Date.now().toString(36)}${process.pid}`;
  const buyers = Array.from(
    { length: request.buyers },
    (_, i) => new Buyer(i, base, `bench.buyer${i + 1}.${runTag}${BUYER_EMAIL_DOMAIN}`),
  );

  try {
    // 1. Accounts: register and log in every buyer (a few at a time: argon2 hashing is CPU-bound).
    const registrationStarted = performance.now();
    for (let i = 0; i < buyers.length; i += 5) {
      await Promise.all(
        buyers.slice(i, i + 5).map(async (buyer) => {
          const password = 'bench-password-1';
          const phone = `9${String(100000000 + buyer.index).padStart(9, '0')}`;
          const registered = await buyer.request('POST', '/api/auth/register', {
            name: `Bench Buyer ${buyer.index + 1}`,
            email: buyer.email,
            phone,
            password,
          });
          if (registered.status >= 300) {
            throw new Error(`register ${buyer.email}: ${registered.status} ${messageOf(registered.body)}`);
          }
          const login = await buyer.request('POST', '/api/auth/login', { email: buyer.email, password });
          const token = (login.body as { token?: string } | null)?.token;
          if (login.status !== 200 || !token) throw new Error(`login ${buyer.email}: ${login.status}`);
          buyer.token = token;
        }),
      );
    }
    const registrationSeconds = (performance.now() - registrationStarted) / 1000;

    // 2. What can be bought: the in-stock products of the catalog's first page.
    const listing = await buyers[0]!.request('GET', '/api/products?availability=In%20Stock&limit=100');
    if (listing.status !== 200 || !Array.isArray(listing.body) || listing.body.length === 0) {
      throw new Error(`No in-stock products to buy (GET /api/products answered ${listing.status}).`);
    }
    const productIds = (listing.body as CatalogProduct[]).map((product) => product._id);

    // 3. Warm-up, then the measured run.
    let figures = new PhaseFigures();
    const all = { checkoutsStarted: 0, ordersCreated: 0, paymentsVerified: 0, failedCheckouts: 0 };
    const errorSamples: string[] = [];

    const timed = async (buyer: Buyer, step: Step, method: string, path: string, body?: unknown) => {
      const phase = figures;
      const startedAt = performance.now();
      let reply: Reply;
      try {
        reply = await buyer.request(method, path, body);
      } catch (error) {
        phase.socketErrors += 1;
        phase.steps.get(step)!.socketErrors += 1;
        throw new StepError(step, 0, error instanceof Error ? error.message : String(error));
      }
      const ms = performance.now() - startedAt;
      phase.all.add(ms);
      phase.steps.get(step)!.samples.add(ms);
      phase.statusCounts[reply.status] = (phase.statusCounts[reply.status] ?? 0) + 1;
      if (reply.status < 200 || reply.status >= 300) {
        phase.unexpected += 1;
        phase.steps.get(step)!.unexpected += 1;
        throw new StepError(step, reply.status, messageOf(reply.body) || JSON.stringify(reply.body).slice(0, 200));
      }
      return reply.body;
    };

    const checkout = async (buyer: Buyer, pick: () => number) => {
      all.checkoutsStarted += 1;
      const lineCount = 1 + Math.floor(pick() * 3);
      const chosen = new Set<string>();
      while (chosen.size < Math.min(lineCount, productIds.length)) {
        chosen.add(productIds[Math.floor(pick() * productIds.length)]!);
      }
      const items = [];
      for (const id of chosen) {
        const product = (await timed(buyer, 'product', 'GET', `/api/products/${id}`)) as CatalogProduct;
        const variants = product.variants.filter((variant) => variant.stock > 0);
        const variant = variants.length ? variants[Math.floor(pick() * variants.length)]! : null;
        if (product.variants.length && !variant) continue;
        items.push({
          product: product._id,
          variantId: variant?._id ?? null,
          title: product.title,
          price: variant ? variant.price : product.price,
          quantity: 1 + Math.floor(pick() * 3),
        });
      }
      if (items.length === 0) return;
      const totals = orderTotals(
        items.map((item) => ({ unitPricePaise: toPaise(item.price), quantity: item.quantity })),
      );
      const placed = (await timed(buyer, 'order', 'POST', '/api/orders', {
        customer: { name: `Bench Buyer ${buyer.index + 1}`, email: buyer.email, phone: '9876543210' },
        address: {
          recipientName: `Bench Buyer ${buyer.index + 1}`,
          recipientPhone: '9876543210',
          line1: 'Plot 12, Highway Fuel Station',
          line2: 'NH 48',
          city: 'Pune',
          state: 'Maharashtra',
          postalCode: '411028',
          country: 'India',
        },
        items,
        shipping: toRupees(totals.shippingPaise),
        total: toRupees(totals.totalPaise),
        paymentMode: 'online',
      })) as { order?: { _id: string }; data?: { _id: string }; _id?: string };
      const orderId = placed.order?._id ?? placed.data?._id ?? placed._id;
      if (!orderId) throw new StepError('order', 201, 'the order answer has no _id');
      all.ordersCreated += 1;
      const created = (await timed(buyer, 'payment-create', 'POST', '/api/payments/create', { orderId })) as {
        rzpOrderId: string;
      };
      const paid = (await timed(buyer, 'sandbox-pay', 'POST', '/api/payments/sandbox/pay', {
        order_id: created.rzpOrderId,
      })) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
      const verified = (await timed(buyer, 'verify', 'POST', '/api/payments/verify', { ...paid, orderId })) as {
        status?: string;
      };
      if (verified.status !== 'success') {
        throw new StepError('verify', 200, `verify answered status ${String(verified.status)}`);
      }
      all.paymentsVerified += 1;
      figures.checkoutsCompleted += 1;
    };

    const runPhase = async (seconds: number) => {
      const deadline = performance.now() + seconds * 1000;
      const startedAt = performance.now();
      await Promise.all(
        buyers.map(async (buyer) => {
          const pick = random(request.seed * 1000 + buyer.index + Math.round(seconds * 7));
          while (performance.now() < deadline && all.checkoutsStarted < request.maxCheckouts) {
            try {
              await checkout(buyer, pick);
            } catch (error) {
              all.failedCheckouts += 1;
              if (errorSamples.length < 8) {
                const detail = error instanceof StepError ? `${error.step} ${error.status}: ` : '';
                errorSamples.push(`${detail}${error instanceof Error ? error.message : String(error)}`);
              }
              if (!(error instanceof StepError)) throw error;
            }
          }
        }),
      );
      return (performance.now() - startedAt) / 1000;
    };

    if (request.warmupSeconds > 0) await runPhase(request.warmupSeconds);
    figures = new PhaseFigures();
    const durationSeconds = await runPhase(request.durationSeconds);

    const steps: Record<string, StepFigures> = {};
    for (const [step, entry] of figures.steps) {
      steps[step] = {
        requests: entry.samples.count,
        latency: entry.samples.summary(),
        unexpectedStatus: entry.unexpected,
        socketErrors: entry.socketErrors,
      };
    }
    return {
      mode: 'checkout',
      buyers: buyers.length,
      buyerEmailPattern: `bench.buyer%.${runTag}${BUYER_EMAIL_DOMAIN}`,
      registrationSeconds: round(registrationSeconds),
      requests: figures.all.count,
      durationSeconds: round(durationSeconds),
      requestsPerSecond: round(figures.all.count / durationSeconds, 1),
      latency: figures.all.summary(),
      unexpectedStatus: figures.unexpected,
      socketErrors: figures.socketErrors,
      statusCounts: figures.statusCounts,
      checkoutsCompleted: figures.checkoutsCompleted,
      checkoutsPerSecond: round(figures.checkoutsCompleted / durationSeconds),
      steps,
      all,
      errorSamples,
    };
  } finally {
    for (const buyer of buyers) buyer.close();
  }
}
