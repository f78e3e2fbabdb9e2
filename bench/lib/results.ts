/** The shape of bench/results/*.json: what one run measured. bench/README.md's tables are made from it. */
import type { CheckoutLoadResult, StepFigures } from './load-types';
import type { MachineInfo } from './machine';
import type { DbKind } from './options';

export interface ScenarioRow {
  db: DbKind;
  id: string;
  name: string;
  /** Method and path as sent, e.g. 'GET /api/products?view=home'. */
  request: string;
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** requestsPerSecond over the baseline's of the same database (absent for the baseline itself). */
  ratioToBaseline?: number;
  p50Ms: number;
  p99Ms: number;
  unexpectedStatus: number;
  socketErrors: number;
  peakRssMb: number;
  /** The 1-minute load average just before the scenario started (how busy the machine was). */
  loadAverageBefore: number;
  notes: string[];
  /** The same request from one connection (search rows): latency without queueing behind others. */
  singleConnection?: { requestsPerSecond: number; p50Ms: number; p99Ms: number };
  checkout?: CheckoutRowDetails;
  soak?: SoakRowDetails;
}

/** The soak row's memory figures (bench/lib/memory.ts computes them from the samples). */
export interface SoakRowDetails {
  minutes: number;
  connections: number;
  products: number;
  /** The server's VmRSS every sampleSeconds from the start of the load. */
  sampleSeconds: number;
  samples: { seconds: number; rssMb: number }[];
  /** VmRSS at 1, 5 and 10 minutes (those within the run) and at its end. */
  rssAt: { minute: number; rssMb: number }[];
  /** Least-squares slope of VmRSS over the last slopeMinutes (5, or half a shorter run): ~0 is flat. */
  slopeMbPerMinute: number;
  slopeMinutes: number;
  kinds: Record<string, StepFigures>;
  checkoutsCompleted: number;
  failedCheckouts: number;
  errorSamples: string[];
  integrity: IntegrityCheck;
}

/** What one server held: after its start, and at its peak while the read rows ran on it. */
export interface MemoryFigure {
  catalog: 'demo' | 'generated';
  products: number;
  restMb: number;
  peakMb: number;
  /** The read rows measured on that server. */
  rows: number;
}

export interface IntegrityCheck {
  pass: boolean;
  negativeProductStock: number;
  negativeVariantStock: number;
  orders: number;
  processingOrders: number;
  successfulPayments: number;
  ordersWithSeveralSuccessfulPayments: number;
  processingOrdersWithoutSuccessfulPayment: number;
  successfulPaymentsOfOrdersNotProcessing: number;
  /** Payments the buyers saw verified as success (warm-up included). */
  paymentsVerifiedByBuyers: number;
  /** Stock rows whose decrease differs from the units in live (not cancelled) orders. */
  stockRowsNotConserved: number;
  unitsTakenFromStock: number;
  unitsInLiveOrders: number;
  /** Products with variants whose own stock is not the sum of their variants' (reported, not failed). */
  productsWithStockNotSumOfVariants: number;
  problems: string[];
}

export interface CheckoutRowDetails {
  buyers: number;
  checkoutsCompleted: number;
  checkoutsPerSecond: number;
  registrationSeconds: number;
  steps: Record<string, StepFigures>;
  /** The server's CPU ms and SQL statements (PostgreSQL only) per completed checkout; absent in older results. */
  perCheckout?: CheckoutLoadResult['perCheckout'];
  all: CheckoutLoadResult['all'];
  errorSamples: string[];
  integrity: IntegrityCheck;
}

export interface DatabaseResults {
  db: DbKind;
  skipped?: string;
  rows: ScenarioRow[];
  seeding?: { products: number; variants: number; seconds: number };
  /** Per server of read rows (demo catalog, generated catalog); absent in older results. */
  memory?: MemoryFigure[];
  notes: string[];
  /** Scenarios that failed (the harness broke): the run exits non-zero. */
  errors: string[];
}

export interface PageWeight {
  page: string;
  url: string;
  files: {
    url: string;
    type: 'script' | 'stylesheet';
    rawBytes: number;
    gzipBytes: number;
    /** Bytes on the wire as the server sent them (compressed when it compressed). */
    transferBytes: number;
    contentEncoding: string;
    /** From the file's source map: whether it holds admin-area code or the charting library. */
    admin: boolean;
    charting: boolean;
  }[];
  scriptRawBytes: number;
  scriptGzipBytes: number;
  styleRawBytes: number;
  styleGzipBytes: number;
  transferBytes: number;
}

export interface ImageFinding {
  viewport: string;
  imagesDownloaded: number;
  imageBytes: number;
  largest?: {
    url: string;
    bytes: number;
    naturalWidth: number;
    naturalHeight: number;
    displayedWidth: number;
    displayedHeight: number;
    devicePixelRatio: number;
  };
  /** Images whose natural width is more than 1.5x what the screen shows (displayed width x DPR). */
  oversized: { url: string; bytes: number; naturalWidth: number; neededWidth: number }[];
}

export interface StorefrontWeight {
  pages: PageWeight[];
  homeImages: ImageFinding[];
  homeDownloadsAdminCode: string[];
  homeDownloadsCharting: string[];
}

export interface LighthouseResult {
  page: string;
  url: string;
  performanceScore: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Lighthouse's own estimates of avoidable bytes. */
  unusedJavascriptBytes: number | null;
  responsiveImagesSavingsBytes: number | null;
  seconds: number;
  error?: string;
  /** How many failed runs came before this one. */
  retried?: number;
}

export interface BenchResults {
  version: 1;
  mode: 'full' | 'quick';
  partial: boolean;
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  settings: {
    connections: number;
    warmupSeconds: number;
    durationSeconds: number;
    buyers: number;
    checkoutSeconds: number;
    /** Absent in older results. */
    soakMinutes?: number;
    generatedProducts: number;
    serverLogLevel: string;
  };
  build: { built: boolean; seconds: number };
  machine: MachineInfo;
  databases: DatabaseResults[];
  storefront?: { weight?: StorefrontWeight; lighthouse?: LighthouseResult[]; error?: string };
}
