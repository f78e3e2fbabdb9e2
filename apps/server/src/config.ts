/**
 * Configuration: every environment variable the server reads, parsed by one zod schema.
 * The README lists each with its default. Nothing else in src/ reads process.env.
 * configProblems() lists what a production start refuses (docs/decisions/0007-production-safety.md).
 */
import path from 'node:path';
import { ADMIN_PASSWORD_MIN_LENGTH } from '@pumpkart/shared';
import { z } from 'zod';

/** The demo admin password: refused in production. */
export const DEFAULT_ADMIN_PASSWORD = 'admin123';
/** The shortest JWT_SECRET accepted in production, in bytes (HS256 keys should be at least 256 bits). */
export const JWT_SECRET_MIN_BYTES = 32;
/**
 * The fewest different characters a production JWT_SECRET may have: a long secret of few characters ('a' x 32, a
 * word repeated) is guessable whatever its length. A random base64 secret of 64 characters has about 40.
 */
export const JWT_SECRET_MIN_DISTINCT_CHARACTERS = 16;
/** How the refusals tell the operator to make a good secret (base64: 64 symbols, so plenty of variety). */
const JWT_SECRET_HOW_TO = '`openssl rand -base64 48`';

/** The S3 region when S3_REGION is unset: AWS's default region, also what MinIO answers to. */
export const DEFAULT_S3_REGION = 'us-east-1';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalHttpUrl = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'must start with http:// or https://')
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The embedded database and image files live here. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server (postgres://...) instead of the embedded database. */
  DATABASE_URL: optionalText,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs login tokens; generated and kept in the database when unset (lib/secrets.ts). */
  JWT_SECRET: optionalText,
  JWT_EXPIRES_IN: z.string().default('7d'),
  ADMIN_EMAIL: z.string().default('admin@pumpkart.in'),
  ADMIN_PASSWORD: z.string().min(6).default(DEFAULT_ADMIN_PASSWORD),
  /** Seed the demo catalog and the demo customer into an empty database; default: not in production. */
  SEED_DEMO: booleanText.optional(),
  /** Folder of the built web app; served for every path outside /api and /uploads. */
  WEB_DIST: z.string().default(''),
  /** Public base URL of this server, used in webhooks the sandbox gateway sends to itself. */
  PUBLIC_URL: optionalText,
  COD_ENABLED: booleanText.default(false),
  ORDER_PAYMENT_TIMEOUT_MIN: z.coerce.number().min(1).default(30),
  /** Unpaid online orders one account may hold open at once (each holds its stock). */
  MAX_OPEN_UNPAID_ORDERS: z.coerce.number().int().min(1).default(3),
  /** How often the expiry sweeper looks for unpaid online orders. */
  SWEEP_INTERVAL_SEC: z.coerce.number().min(1).default(60),
  /**
   * How often each server looks whether today's reminders of tasks falling due were sent (docs/shop-rules.md#reminders);
   * the day's run happens once across the servers whatever this is. 0 turns the job off in this process.
   */
  REMINDER_INTERVAL_MIN: z.coerce.number().min(0).default(60),
  SANDBOX_KEY_ID: z.string().default('rzp_test_sandbox'),
  SANDBOX_KEY_SECRET: optionalText,
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  /** `sandbox` (takes no money) or `razorpay`; default: razorpay when both keys are set. */
  PAYMENT_GATEWAY: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'razorpay']).optional()),
  /**
   * The Invoice Registration Portal for e-invoices (docs/operations.md#e-invoicing): `sandbox` (built in, no
   * network; the default) or `gsp` (NIC's API through a GST Suvidha Provider, with the GSP_* settings below).
   */
  IRP_PROVIDER: z.enum(['sandbox', 'gsp']).default('sandbox'),
  /** The GSP's base URL, up to where NIC's paths (/eivital/..., /eicore/...) begin. */
  GSP_URL: optionalHttpUrl,
  /** The client id and secret the GSP issues. */
  GSP_CLIENT_ID: optionalText,
  GSP_CLIENT_SECRET: optionalText,
  /** The seller's e-invoice API user and password, made on the e-invoice portal for the GSP. */
  GSP_USERNAME: optionalText,
  GSP_PASSWORD: optionalText,
  /** A file holding the e-invoice portal's public key (PEM) the sign-in is encrypted with. */
  GSP_PUBLIC_KEY_FILE: optionalText,
  /** How often each server reports the B2B documents still waiting for their IRN. */
  EINVOICE_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(10_000),
  /** Requests per minute per client address on login, register, forgot-password and reset-password. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * A Redis server (redis://[:password@]host:6379[/db], rediss:// for TLS) where every process counts the auth rate
   * limits; unset: PostgreSQL's rate_limit_hits table on a PostgreSQL server, the process's memory on the embedded
   * database (docs/decisions/0019-shared-rate-limits.md).
   */
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/i, 'must start with redis:// or rediss://')
      .optional(),
  ),
  /** In-memory catalog cache entries kept (0 turns the cache off). */
  CATALOG_CACHE_SIZE: z.coerce.number().int().min(0).default(500),
  TRUST_PROXY: booleanText.default(false),
  /**
   * The SMTP server e-mails go through, e.g. smtp://user:pass@smtp.example.com:587 (smtps:// for TLS on
   * connect); unset: every message is kept in the outbox and shown on the admin's E-mails page, never sent.
   */
  SMTP_URL: optionalText,
  /** The From of every e-mail. */
  MAIL_FROM: z.string().default('PumpKart <no-reply@pumpkart.in>'),
  /** Where the owner's notifications go (new orders, low stock, refunds to make by hand); default ADMIN_EMAIL. */
  ORDER_NOTIFY_EMAIL: optionalText,
  /** How often each server looks for due messages (besides being woken by its own commits). */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  /** The wait before a failed message's first retry; it doubles after each attempt. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** Attempts before a message is marked failed (the admin can then retry it). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** Where product images are stored: `disk` (DATA_DIR/uploads, served at /uploads/) or `s3` (a bucket). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** The S3-compatible service's address (R2, MinIO); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: optionalHttpUrl,
  /** AWS's region of the bucket; `auto` for Cloudflare R2; MinIO accepts the default. */
  S3_REGION: z.string().default(DEFAULT_S3_REGION),
  S3_BUCKET: optionalText,
  /** Both keys, or neither for the AWS SDK's own credential chain (an IAM role, ~/.aws, AWS_* variables). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Where browsers fetch the bucket's objects (r2.dev, a CDN, a public bucket); image URLs are this plus the key. */
  S3_PUBLIC_URL: optionalHttpUrl,
  /** Address the bucket as <endpoint>/<bucket>/<key> instead of <bucket>.<endpoint>/<key> (MinIO). */
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  /** Milliseconds one call to the bucket may take before the upload answers 503 (a silent or unreachable service). */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR' | 'WEB_DIST' | 'SEED_DEMO' | 'PAYMENT_GATEWAY'> {
  DATA_DIR: string;
  WEB_DIST: string;
  SEED_DEMO: boolean;
  /**
   * Which payment gateway the calls use: PAYMENT_GATEWAY when set, else razorpay when both keys are
   * set, else the sandbox outside production. A production start without keys resolves to razorpay,
   * which configProblems() then refuses: the sandbox is never a silent production default.
   */
  PAYMENT_GATEWAY: 'sandbox' | 'razorpay';
}

/** Parses the environment (or any record, for tests) into the configuration; throws on bad values. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const razorpayKeys = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    WEB_DIST: env.WEB_DIST ? path.resolve(env.WEB_DIST) : '',
    SEED_DEMO: env.SEED_DEMO ?? !production,
    PAYMENT_GATEWAY: env.PAYMENT_GATEWAY ?? (razorpayKeys || production ? 'razorpay' : 'sandbox'),
  };
}

/**
 * Every reason this configuration must not start a server, each saying what to set; empty when it
 * may start. Outside production only a Razorpay gateway without its keys and STORAGE=s3 without its bucket
 * or with half its keys are refused; in production
 * also the sandbox unless chosen explicitly, the demo admin password, a short or uniform JWT_SECRET and Razorpay
 * without its webhook secret (docs/decisions/0007-production-safety.md).
 */
export function configProblems(config: Config): string[] {
  const problems: string[] = [...storageProblems(config), ...irpProblems(config)];
  const missingKeys = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const).filter((name) => !config[name]);
  if (config.NODE_ENV !== 'production') {
    if (config.PAYMENT_GATEWAY === 'razorpay' && missingKeys.length > 0) {
      problems.push(
        `PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (${missingKeys.join(' and ')} not set): set them, or unset PAYMENT_GATEWAY to use the sandbox gateway.`,
      );
    }
    return problems;
  }

  if (config.PAYMENT_GATEWAY === 'razorpay') {
    if (missingKeys.length > 0) {
      problems.push(
        `No payment gateway: ${missingKeys.join(' and ')} not set. Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments, or set PAYMENT_GATEWAY=sandbox to run a demo that takes no money (anyone can then "pay" any order).`,
      );
    } else if (!config.RAZORPAY_WEBHOOK_SECRET) {
      problems.push(
        'RAZORPAY_WEBHOOK_SECRET is not set: add a webhook to https://<your host>/api/payments/webhook in the Razorpay dashboard and set its secret, or a payment whose buyer never comes back is not recorded.',
      );
    }
  }
  if (config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
    problems.push(
      `ADMIN_PASSWORD is the demo default '${DEFAULT_ADMIN_PASSWORD}': set ADMIN_PASSWORD to a password of at least ${ADMIN_PASSWORD_MIN_LENGTH} characters (it is used when the admin account is first created; change an existing account's password with \`npm run admin -- set-password <email>\`).`,
    );
  } else if (config.ADMIN_PASSWORD.length < ADMIN_PASSWORD_MIN_LENGTH) {
    problems.push(
      `ADMIN_PASSWORD has ${config.ADMIN_PASSWORD.length} characters: set it to at least ${ADMIN_PASSWORD_MIN_LENGTH}.`,
    );
  }
  if (config.JWT_SECRET !== undefined) problems.push(...jwtSecretProblems(config.JWT_SECRET));
  return problems;
}

/** A production JWT_SECRET must be long and varied (docs/decisions/0007-production-safety.md). */
function jwtSecretProblems(secret: string): string[] {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < JWT_SECRET_MIN_BYTES) {
    return [
      `JWT_SECRET has ${bytes} bytes: set it to at least ${JWT_SECRET_MIN_BYTES} random bytes (e.g. ${JWT_SECRET_HOW_TO}), or unset it to have one generated and kept in the database.`,
    ];
  }
  // Counted in code points, so that a secret of accented letters is judged by its letters, not their bytes.
  const distinct = new Set(secret).size;
  if (distinct < JWT_SECRET_MIN_DISTINCT_CHARACTERS) {
    return [
      `JWT_SECRET has only ${distinct} different characters: a secret with so little variety can be guessed. Set it to a random one of at least ${JWT_SECRET_MIN_DISTINCT_CHARACTERS} different characters (e.g. ${JWT_SECRET_HOW_TO}), or unset it to have one generated and kept in the database.`,
    ];
  }
  return [];
}

/** The GSP's settings IRP_PROVIDER=gsp needs, in any environment: never a silent fall-back to the sandbox. */
export const GSP_SETTINGS = [
  'GSP_URL',
  'GSP_CLIENT_ID',
  'GSP_CLIENT_SECRET',
  'GSP_USERNAME',
  'GSP_PASSWORD',
  'GSP_PUBLIC_KEY_FILE',
] as const;

function irpProblems(config: Config): string[] {
  if (config.IRP_PROVIDER !== 'gsp') return [];
  const missing = GSP_SETTINGS.filter((name) => !config[name]);
  if (missing.length === 0) return [];
  return [
    `IRP_PROVIDER=gsp needs ${missing.join(', ')}: set them (docs/operations.md#e-invoicing), or unset IRP_PROVIDER to use the sandbox portal.`,
  ];
}

/** STORAGE=s3 needs a bucket, and both keys or neither (half a key pair would silently use other credentials). */
function storageProblems(config: Config): string[] {
  if (config.STORAGE !== 's3') return [];
  const problems: string[] = [];
  if (!config.S3_BUCKET) {
    problems.push(
      'STORAGE=s3 needs S3_BUCKET: set it to the bucket that holds the product images, or unset STORAGE to keep them on disk.',
    );
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(
      `STORAGE=s3 has only one of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (${missing} not set): set both, or neither to use the AWS SDK's default credentials (an IAM role, AWS_ACCESS_KEY_ID...).`,
    );
  }
  return problems;
}

/**
 * The shop's public address without a trailing slash: PUBLIC_URL, else http://localhost:PORT. Links in e-mails
 * (orders, password reset) start with it.
 */
export const shopUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/** Thrown by assertStartableConfig: its message lists every problem, one per line. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    nodeEnv: Config['NODE_ENV'],
  ) {
    const lines = problems.map((problem) => `  - ${problem}`).join('\n');
    super(`PumpKart will not start with this configuration (NODE_ENV=${nodeEnv}):\n${lines}`);
    this.name = 'ConfigError';
  }
}

/** Throws a ConfigError listing every problem configProblems() finds. */
export function assertStartableConfig(config: Config): void {
  const problems = configProblems(config);
  if (problems.length > 0) throw new ConfigError(problems, config.NODE_ENV);
}
