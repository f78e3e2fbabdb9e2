/**
 * The checkout scenario's load, driven by autocannon: N registered buyers, each bound to one
 * autocannon connection (pipelining 1), each connection repeating the storefront's checkout sequence
 * until the time is up:
 *
 *   GET /api/products/:id (each line's current price) -> POST /api/orders (priced with the shared
 *   orderTotals, so the server accepts it) -> POST /api/payments/create -> POST /api/payments/sandbox/pay
 *   -> POST /api/payments/verify
 *
 * A failed step (non-2xx, an unexpected answer, or no answer within the time-out) ends that checkout
 * (counted, with a sample of the message) and the connection starts the next one. A warm-up phase
 * comes first; its requests are not in the figures but its orders are in `all`, which the
 * orchestrator compares with the database afterwards. Registering the buyers and reading the catalog
 * are set-up, done with fetch and not measured.
 *
 * How it sits on autocannon:
 * - One autocannon run holds both phases, so the measured phase runs on the warm-up's connections: a
 *   saturated server answers the first request of a newly opened connection only after seconds, which
 *   fresh connections for the measured phase would put into its figures.
 * - Each connection's `requests` is one entry whose setupRequest/onResponse step the connection's
 *   checkout along: a checkout has 1-3 product requests, which a fixed sequence cannot express
 *   (setupRequest cannot skip an entry: a falsy return restarts from the first, which itself must not
 *   return one), and autocannon resets the context to `initialContext` each time it starts the
 *   sequence again, so the buyer and the checkout in progress live in a per-connection state instead.
 * - The buyer is bound to the connection in setupClient, before its first request is built, by giving
 *   it its own sequence (Client.setRequests).
 * - Latency is measured per request from setupRequest (autocannon builds a request just before it
 *   writes it) to onResponse, so every sample belongs to a known step.
 * - Phases as before: no checkout starts after a phase's deadline or once maxCheckouts were started
 *   (both phases together). After the warm-up's deadline a connection whose checkout has ended waits,
 *   sending GET /api/health (not counted), until every warm-up checkout has ended; then the measured
 *   phase starts, all buyers together. After its deadline a connection finishes the checkout in
 *   progress and closes after its last answer, so no order or payment request is ever cut off in
 *   flight and `all` is exact; the run stops by itself once every connection has closed. autocannon's
 *   own `duration` (both phases plus DRAIN_LIMIT_SECONDS) stays as a hard limit behind that.
 */
import autocannon, { type AutocannonOptions } from 'autocannon';
import { orderTotals, toPaise, toRupees } from '@pumpkart/shared';
import type { CheckoutLoadRequest, CheckoutLoadResult, StepFigures } from './load-types';
import { postgresCpuBetween, sampleServer, type ServerSample } from './server-probe';
import { round, Samples } from './stats';

const STEPS = ['product', 'order', 'payment-create', 'sandbox-pay', 'verify'] as const;
type Step = (typeof STEPS)[number];

/** Seconds without an answer before autocannon drops the connection (and opens a new one). */
const REQUEST_TIMEOUT_SECONDS = 15;
/** autocannon's hard time limit beyond both phases: room for the checkouts in progress to end. */
const DRAIN_LIMIT_SECONDS = 60;
const MAX_LINES = 3;
const BUYER_EMAIL_DOMAIN = '@example.com';
/** What a connection between checkouts sends when autocannon needs a request: answered cheaply, not counted. */
const IDLE_PATH = '/api/health';

/** The request autocannon hands to setupRequest (its defaults merged in) and builds from what comes back. */
interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface SequenceEntry {
  setupRequest: (request: RawRequest, context: object) => RawRequest;
  onResponse: (status: number, body: string, context: object) => void;
}

/**
 * The part of autocannon 9's Client this load uses: setRequests (documented), and the request budget
 * behind its maxConnectionRequests option (the Client closes instead of sending its next request once
 * reqsMade reaches responseMax), which is how a connection stops after its last checkout.
 */
interface AutocannonClient {
  setRequests(requests: SequenceEntry[]): void;
  reqsMade: number;
  responseMax: number;
}

interface CheckoutRunOptions extends AutocannonOptions {
  setupClient: (client: AutocannonClient) => void;
}

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

/** A small deterministic random source (mulberry32), one per buyer, so runs compare (also the cluster test's). */
export function random(seed: number): () => number {
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

export interface Buyer {
  index: number;
  email: string;
  token: string;
}

export interface OrderItem {
  product: string;
  variantId: string | null;
  title: string;
  /** The unit price in rupees, as the product answer gives it. */
  price: number;
  quantity: number;
}

/**
 * The body of `POST /api/orders` for an online order of these lines, as the storefront sends it: the shipping and
 * total computed with the shared orderTotals, so that the server accepts them (also the cluster test's orders).
 */
export function onlineOrderBody(name: string, email: string, items: OrderItem[]) {
  const totals = orderTotals(items.map((item) => ({ unitPricePaise: toPaise(item.price), quantity: item.quantity })));
  return {
    customer: { name, email, phone: '9876543210' },
    address: {
      recipientName: name,
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
    paymentMode: 'online' as const,
  };
}

/** One checkout in progress on a connection. */
interface Checkout {
  /** The chosen products, fetched one after the other. */
  lines: string[];
  nextLine: number;
  items: OrderItem[];
  step: Step;
  orderId: string;
  rzpOrderId: string;
  paid: Record<string, unknown>;
}

/** A phase of the run: warm-up or measured. */
interface Phase {
  name: 'warm-up' | 'measured';
  seconds: number;
  figures: PhaseFigures;
  startedAt: number;
  deadline: number;
  /** When its last connection closed (measured phase), or 0. */
  endedAt: number;
}

/** One connection: its buyer, its random source and where its checkout stands. */
interface Connection {
  buyer: Buyer;
  /** The random source of the phase named, as before one per buyer and phase. */
  pick: () => number;
  pickPhase: Phase['name'] | null;
  checkout: Checkout | null;
  /** The request sent and not yet answered: a checkout step, or an uncounted idle one (wait, or close). */
  inFlight: { step: Step | 'wait' | 'close'; startedAt: number; figures: PhaseFigures } | null;
  closed: boolean;
}

export const parseBody = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text; // not JSON: keep the text for the error sample
  }
};

export const messageOf = (body: unknown) =>
  typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : '';

export const fieldOf = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body ? (body as Record<string, unknown>)[key] : undefined;

/** A run's buyers: new accounts whose e-mails carry a tag of the run, so that their orders can be told apart. */
export function runBuyers(count: number): { buyers: Buyer[]; buyerEmailPattern: string } {
  const runTag = `${Date.now().toString(36)}${process.pid}`;
  const buyers = Array.from({ length: count }, (_, index) => ({
    index,
    email: `bench.buyer${index + 1}.${runTag}${BUYER_EMAIL_DOMAIN}`,
    token: '',
  }));
  return { buyers, buyerEmailPattern: `bench.buyer%.${runTag}${BUYER_EMAIL_DOMAIN}` };
}

/** A set-up request (not measured): status and parsed body. */
export async function setupCall(base: URL, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_SECONDS * 1000),
  });
  return { status: response.status, body: parseBody(await response.text()) };
}

/** Registers and logs in every buyer (a few at a time: argon2 hashing is CPU-bound); answers the seconds it took. */
export async function registerBuyers(base: URL, buyers: Buyer[]): Promise<number> {
  const registrationStarted = performance.now();
  for (let i = 0; i < buyers.length; i += 5) {
    await Promise.all(
      buyers.slice(i, i + 5).map(async (buyer) => {
        const password = 'bench-password-1';
        const phone = `9${String(100000000 + buyer.index).padStart(9, '0')}`;
        const registered = await setupCall(base, 'POST', '/api/auth/register', {
          name: `Bench Buyer ${buyer.index + 1}`,
          email: buyer.email,
          phone,
          password,
        });
        if (registered.status >= 300) {
          throw new Error(`register ${buyer.email}: ${registered.status} ${messageOf(registered.body)}`);
        }
        const login = await setupCall(base, 'POST', '/api/auth/login', { email: buyer.email, password });
        const token = fieldOf(login.body, 'token');
        if (login.status !== 200 || typeof token !== 'string' || !token) {
          throw new Error(`login ${buyer.email}: ${login.status}`);
        }
        buyer.token = token;
      }),
    );
  }
  return (performance.now() - registrationStarted) / 1000;
}

export async function runCheckoutLoad(request: CheckoutLoadRequest): Promise<CheckoutLoadResult> {
  const base = new URL(request.baseUrl);
  const { buyers, buyerEmailPattern } = runBuyers(request.buyers);
  const call = (method: string, path: string, body?: unknown) => setupCall(base, method, path, body);

  // 1. Accounts: register and log in every buyer.
  const registrationSeconds = await registerBuyers(base, buyers);

  // 2. What can be bought: the in-stock products of the catalog's first page.
  const listing = await call('GET', '/api/products?availability=In%20Stock&limit=100');
  if (listing.status !== 200 || !Array.isArray(listing.body) || listing.body.length === 0) {
    throw new Error(`No in-stock products to buy (GET /api/products answered ${listing.status}).`);
  }
  const productIds = (listing.body as CatalogProduct[]).map((product) => product._id);

  // 3. Warm-up, then the measured phase, in one autocannon run.
  const all = { checkoutsStarted: 0, ordersCreated: 0, paymentsVerified: 0, failedCheckouts: 0 };
  const errorSamples: string[] = [];
  /** A bug in this file (not a failed checkout): every connection winds down and the run rethrows it. */
  let fatal: { error: unknown } | null = null;

  const startPhase = (name: Phase['name'], seconds: number): Phase => {
    const startedAt = performance.now();
    return { name, seconds, figures: new PhaseFigures(), startedAt, deadline: startedAt + seconds * 1000, endedAt: 0 };
  };
  let phase =
    request.warmupSeconds > 0
      ? startPhase('warm-up', request.warmupSeconds)
      : startPhase('measured', request.durationSeconds);
  let measured: Phase | null = phase.name === 'measured' ? phase : null;
  /** The server's CPU time and statements when the measured phase started and when its last connection closed. */
  const sample = () => {
    if (!request.server) return undefined;
    const sampled = sampleServer(request.server);
    sampled.catch(() => {}); // awaited (and so reported) after the run
    return sampled;
  };
  let measuredStart = measured ? sample() : undefined;
  let measuredEnd: Promise<ServerSample> | undefined;
  const connections: Connection[] = [];
  /** Connections with a checkout in progress, and connections not closed. */
  let busy = 0;
  let open = buyers.length;

  /**
   * What a connection without a checkout does next: start one, wait for the warm-up's last checkouts
   * to end (then the measured phase starts), or close.
   */
  const nextMove = (): 'start' | 'wait' | 'close' => {
    if (fatal || all.checkoutsStarted >= request.maxCheckouts) return 'close';
    if (performance.now() < phase.deadline) return 'start';
    if (phase.name === 'measured') return 'close';
    if (busy > 0) return 'wait';
    phase = measured = startPhase('measured', request.durationSeconds);
    measuredStart = sample();
    return 'start';
  };

  const failCheckout = (step: Step, status: number, message: string) => {
    all.failedCheckouts += 1;
    if (errorSamples.length < 8) errorSamples.push(`${step} ${status}: ${message}`);
  };

  const startCheckout = (connection: Connection) => {
    if (connection.pickPhase !== phase.name) {
      connection.pick = random(request.seed * 1000 + connection.buyer.index + Math.round(phase.seconds * 7));
      connection.pickPhase = phase.name;
    }
    all.checkoutsStarted += 1;
    busy += 1;
    const { pick } = connection;
    const lineCount = 1 + Math.floor(pick() * MAX_LINES);
    const chosen = new Set<string>();
    while (chosen.size < Math.min(lineCount, productIds.length)) {
      chosen.add(productIds[Math.floor(pick() * productIds.length)]!);
    }
    connection.checkout = {
      lines: [...chosen],
      nextLine: 0,
      items: [],
      step: 'product',
      orderId: '',
      rzpOrderId: '',
      paid: {},
    };
  };

  const endCheckout = (connection: Connection) => {
    if (!connection.checkout) return;
    connection.checkout = null;
    busy -= 1;
  };

  /** The next request of the connection's checkout, as method, path and JSON body. */
  const nextRequestOf = (connection: Connection, checkout: Checkout): [string, string, unknown?] => {
    const { buyer } = connection;
    switch (checkout.step) {
      case 'product':
        return ['GET', `/api/products/${checkout.lines[checkout.nextLine]!}`];
      case 'order':
        return ['POST', '/api/orders', onlineOrderBody(`Bench Buyer ${buyer.index + 1}`, buyer.email, checkout.items)];
      case 'payment-create':
        return ['POST', '/api/payments/create', { orderId: checkout.orderId }];
      case 'sandbox-pay':
        return ['POST', '/api/payments/sandbox/pay', { order_id: checkout.rzpOrderId }];
      case 'verify':
        return ['POST', '/api/payments/verify', { ...checkout.paid, orderId: checkout.orderId }];
    }
  };

  /**
   * Takes a step's 2xx answer: moves the checkout to its next step, or ends it. Throws a StepError when
   * the answer is not what the storefront expects.
   */
  const advance = (
    connection: Connection,
    checkout: Checkout,
    figures: PhaseFigures,
    step: Step,
    status: number,
    body: unknown,
  ) => {
    switch (step) {
      case 'product': {
        const product = body as CatalogProduct | null;
        if (!product || typeof product !== 'object' || !Array.isArray(product.variants)) {
          throw new StepError(step, status, 'the product answer has no variants list');
        }
        const { pick } = connection;
        const variants = product.variants.filter((variant) => variant.stock > 0);
        const variant = variants.length ? variants[Math.floor(pick() * variants.length)]! : null;
        if (!product.variants.length || variant) {
          checkout.items.push({
            product: product._id,
            variantId: variant?._id ?? null,
            title: product.title,
            price: variant ? variant.price : product.price,
            quantity: 1 + Math.floor(pick() * 3),
          });
        }
        checkout.nextLine += 1;
        if (checkout.nextLine < checkout.lines.length) return;
        // Nothing in stock among the chosen lines: the checkout ends here, neither failed nor completed.
        if (checkout.items.length === 0) endCheckout(connection);
        else checkout.step = 'order';
        return;
      }
      case 'order': {
        const orderId =
          fieldOf(fieldOf(body, 'order'), '_id') ?? fieldOf(fieldOf(body, 'data'), '_id') ?? fieldOf(body, '_id');
        if (typeof orderId !== 'string' || !orderId) throw new StepError(step, status, 'the order answer has no _id');
        all.ordersCreated += 1;
        checkout.orderId = orderId;
        checkout.step = 'payment-create';
        return;
      }
      case 'payment-create': {
        const rzpOrderId = fieldOf(body, 'rzpOrderId');
        if (typeof rzpOrderId !== 'string' || !rzpOrderId) {
          throw new StepError(step, status, 'the payment answer has no rzpOrderId');
        }
        checkout.rzpOrderId = rzpOrderId;
        checkout.step = 'sandbox-pay';
        return;
      }
      case 'sandbox-pay': {
        if (typeof fieldOf(body, 'razorpay_signature') !== 'string') {
          throw new StepError(step, status, 'the sandbox payment answer has no razorpay_signature');
        }
        checkout.paid = body as Record<string, unknown>;
        checkout.step = 'verify';
        return;
      }
      case 'verify': {
        const verified = fieldOf(body, 'status');
        if (verified !== 'success') throw new StepError(step, status, `verify answered status ${String(verified)}`);
        all.paymentsVerified += 1;
        figures.checkoutsCompleted += 1;
        endCheckout(connection);
        return;
      }
    }
  };

  /** A request that got no answer counts as a socket error of its step and ends its checkout. */
  const noAnswer = (connection: Connection, message: string) => {
    const flight = connection.inFlight;
    connection.inFlight = null;
    if (!flight || flight.step === 'wait' || flight.step === 'close') return;
    flight.figures.socketErrors += 1;
    flight.figures.steps.get(flight.step)!.socketErrors += 1;
    if (connection.checkout) failCheckout(flight.step, 0, message);
    endCheckout(connection);
  };

  const setupClient = (client: AutocannonClient) => {
    if (typeof client.reqsMade !== 'number' || typeof client.responseMax !== 'number') {
      throw new Error('autocannon Client without reqsMade/responseMax: the checkout load is written for autocannon 9');
    }
    const connection: Connection = {
      buyer: buyers[connections.length]!,
      pick: Math.random,
      pickPhase: null,
      checkout: null,
      inFlight: null,
      closed: false,
    };
    connections.push(connection);
    const { buyer } = connection;

    /** Only from onResponse: autocannon then closes the connection instead of sending another request. */
    const close = () => {
      if (connection.closed) return;
      connection.closed = true;
      client.responseMax = client.reqsMade;
      open -= 1;
      if (open === 0 && measured) {
        measured.endedAt = performance.now();
        measuredEnd = sample();
      }
    };

    const send = (raw: RawRequest, step: Step | 'wait' | 'close', method: string, path: string, body?: unknown) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      connection.inFlight = { step, startedAt: performance.now(), figures: phase.figures };
      const idle = step === 'wait' || step === 'close';
      return {
        ...raw,
        method,
        path,
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idle ? {} : { authorization: `Bearer ${buyer.token}` }),
        },
        body: payload,
      };
    };

    const setupRequest = (raw: RawRequest): RawRequest => {
      try {
        // Still waiting for an answer: autocannon timed the request out or lost the connection, and
        // asks for the next request on a new one.
        if (connection.inFlight) {
          noAnswer(connection, `no answer within ${REQUEST_TIMEOUT_SECONDS} s, or the connection was lost`);
        }
        if (!connection.checkout) {
          const move = nextMove();
          // A request has to go out: an idle one (closing: the connection closes on its answer).
          if (move !== 'start') return send(raw, move, 'GET', IDLE_PATH);
          startCheckout(connection);
        }
        const checkout = connection.checkout!;
        const [method, path, body] = nextRequestOf(connection, checkout);
        return send(raw, checkout.step, method, path, body);
      } catch (error) {
        fatal ??= { error };
        endCheckout(connection);
        return send(raw, 'close', 'GET', IDLE_PATH);
      }
    };

    const onResponse = (status: number, text: string) => {
      const flight = connection.inFlight;
      connection.inFlight = null;
      if (!flight) return;
      if (flight.step === 'close') return close();
      if (flight.step !== 'wait') {
        const { step, figures } = flight;
        try {
          const ms = performance.now() - flight.startedAt;
          const entry = figures.steps.get(step)!;
          figures.all.add(ms);
          entry.samples.add(ms);
          figures.statusCounts[status] = (figures.statusCounts[status] ?? 0) + 1;
          const body = parseBody(text);
          if (status < 200 || status >= 300) {
            figures.unexpected += 1;
            entry.unexpected += 1;
            throw new StepError(step, status, messageOf(body) || JSON.stringify(body).slice(0, 200));
          }
          advance(connection, connection.checkout!, figures, step, status, body);
        } catch (error) {
          if (error instanceof StepError) failCheckout(error.step, error.status, error.message);
          else fatal ??= { error };
          endCheckout(connection);
        }
      }
      if (!connection.checkout && nextMove() === 'close') close();
    };

    client.setRequests([{ setupRequest, onResponse }]);
  };

  const options: CheckoutRunOptions = {
    // Only the default request autocannon builds before setupClient replaces the sequence: never sent.
    url: new URL(IDLE_PATH, base).href,
    connections: buyers.length,
    pipelining: 1,
    timeout: REQUEST_TIMEOUT_SECONDS,
    duration: request.warmupSeconds + request.durationSeconds + DRAIN_LIMIT_SECONDS,
    setupClient,
  };
  await autocannon(options);

  // Stopped by autocannon's hard limit rather than by the connections closing: what was in flight is
  // unanswered as far as the buyers know (the database may still show it).
  for (const connection of connections) {
    noAnswer(connection, `cut off by the time limit (${options.duration} s)`);
  }
  const failure = fatal as { error: unknown } | null; // set in the callbacks, which TypeScript does not follow
  if (failure) throw failure.error;
  const spent = await serverSpent(measuredStart, measuredEnd ?? sample());

  const figures = measured?.figures ?? new PhaseFigures();
  const durationSeconds = measured ? ((measured.endedAt || performance.now()) - measured.startedAt) / 1000 : 0;
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
    buyerEmailPattern,
    registrationSeconds: round(registrationSeconds),
    requests: figures.all.count,
    durationSeconds: round(durationSeconds),
    requestsPerSecond: durationSeconds > 0 ? round(figures.all.count / durationSeconds, 1) : 0,
    latency: figures.all.summary(),
    unexpectedStatus: figures.unexpected,
    socketErrors: figures.socketErrors,
    statusCounts: figures.statusCounts,
    checkoutsCompleted: figures.checkoutsCompleted,
    checkoutsPerSecond: durationSeconds > 0 ? round(figures.checkoutsCompleted / durationSeconds) : 0,
    steps,
    perCheckout: spent && figures.checkoutsCompleted > 0 ? perCheckout(spent, figures.checkoutsCompleted) : undefined,
    all,
    errorSamples,
  };
}

/** The server's CPU time and statements between two samples (undefined without a probe). */
async function serverSpent(start: Promise<ServerSample> | undefined, end: Promise<ServerSample> | undefined) {
  if (!start || !end) return undefined;
  const [before, after] = await Promise.all([start, end]);
  // No PostgreSQL process on this machine (a database elsewhere): not measured.
  const postgresCpuMs =
    before.postgresCpu && after.postgresCpu && after.postgresCpu.size > 0
      ? postgresCpuBetween(before.postgresCpu, after.postgresCpu)
      : undefined;
  return {
    cpuMs: after.cpuMs - before.cpuMs,
    postgresCpuMs,
    statements:
      after.statements !== undefined && before.statements !== undefined
        ? after.statements - before.statements
        : undefined,
  };
}

function perCheckout(
  spent: NonNullable<Awaited<ReturnType<typeof serverSpent>>>,
  checkouts: number,
): NonNullable<CheckoutLoadResult['perCheckout']> {
  return {
    serverCpuMs: round(spent.cpuMs / checkouts),
    postgresCpuMs: spent.postgresCpuMs === undefined ? undefined : round(spent.postgresCpuMs / checkouts),
    statements: spent.statements === undefined ? undefined : round(spent.statements / checkouts, 1),
  };
}
