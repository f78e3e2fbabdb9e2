/** What the orchestrator asks of the load process (bench/load.ts), and what it answers. */
import type { ServerProbe } from './server-probe';
import type { LatencySummary } from './stats';

export interface HttpLoadRequest {
  mode: 'http';
  url: string;
  method?: string;
  headers?: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Statuses that count as success (default: any 2xx). */
  expectStatus?: number[];
  /** Upper bound on requests in the measured run (autocannon's maxOverallRequests). */
  maxRequests: number;
  /** Sample CPU time over the measured run: of this server process, and of PostgreSQL's processes when asked. */
  cpu?: { serverPid: number; postgres: boolean };
}

export interface CheckoutLoadRequest {
  mode: 'checkout';
  baseUrl: string;
  buyers: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Upper bound on checkouts started (warm-up and measured together). */
  maxCheckouts: number;
  seed: number;
  /** The server process, sampled at the start and the end of the measured phase. */
  server?: ServerProbe;
}

/** The soak: a mixed storefront load for a while, the server's resident memory sampled at a fixed period. */
export interface SoakLoadRequest {
  mode: 'soak';
  baseUrl: string;
  /** Concurrent shoppers, each sending one request after the other. */
  connections: number;
  durationSeconds: number;
  /** How often the server's VmRSS is read. */
  sampleSeconds: number;
  seed: number;
  server: ServerProbe;
}

export type LoadRequest = HttpLoadRequest | CheckoutLoadRequest | SoakLoadRequest;

export interface LoadFigures {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  /** Responses with a status outside the expected ones (non-2xx by default). */
  unexpectedStatus: number;
  /** Connection errors and time-outs: requests that got no response at all. */
  socketErrors: number;
  statusCounts: Record<string, number>;
}

export interface HttpLoadResult extends LoadFigures {
  mode: 'http';
  timeouts: number;
  bytesPerSecond: number;
  /** Average size of a 2xx response as sent (status line, headers and body). */
  bytesPerResponse: number;
  /** CPU time per response over the measured run, when asked (`cpu`): the server's, and PostgreSQL's. */
  cpuMsPerRequest?: { server: number; postgres?: number };
}

export interface StepFigures {
  requests: number;
  latency: LatencySummary;
  unexpectedStatus: number;
  socketErrors: number;
}

export interface CheckoutLoadResult extends LoadFigures {
  mode: 'checkout';
  buyers: number;
  /** SQL LIKE pattern of the buyers' emails: their orders are the run's (the demo data has others). */
  buyerEmailPattern: string;
  registrationSeconds: number;
  /** Completed checkouts (payment verified as success) in the measured window. */
  checkoutsCompleted: number;
  checkoutsPerSecond: number;
  steps: Record<string, StepFigures>;
  /**
   * The server's CPU time and (on PostgreSQL) SQL statements over the measured phase, per completed checkout:
   * every request of it, the sandbox's webhook included; also the measured phase's idle and closing requests
   * (GET /api/health, one `select 1` each, one per buyer at the end).
   */
  /** PostgreSQL's CPU: every `postgres` process of this machine (other databases' work included), when there are any. */
  perCheckout?: { serverCpuMs: number; statements?: number; postgresCpuMs?: number };
  /** Over warm-up and measured run together: what the database should show afterwards. */
  all: { checkoutsStarted: number; ordersCreated: number; paymentsVerified: number; failedCheckouts: number };
  /** A few failures, for the report (status and message). */
  errorSamples: string[];
}

/** The soak's request kinds; a checkout is its five steps (product, order, payment, sandbox pay, verify). */
export const SOAK_KINDS = ['home', 'category', 'search', 'suggest', 'product', 'product page', 'checkout'] as const;
export type SoakKind = (typeof SOAK_KINDS)[number];

export interface SoakLoadResult extends LoadFigures {
  mode: 'soak';
  connections: number;
  /** The server's VmRSS, every sampleSeconds from the start of the load (0 s: just before it). */
  samples: { seconds: number; rssMb: number }[];
  kinds: Record<SoakKind, StepFigures>;
  checkoutsCompleted: number;
  /** Buyers' e-mails (SQL LIKE), and what they saw: for the integrity check afterwards. */
  buyerEmailPattern: string;
  paymentsVerified: number;
  failedCheckouts: number;
  errorSamples: string[];
}

export type LoadResult = HttpLoadResult | CheckoutLoadResult | SoakLoadResult;
