/**
 * Configuration: every environment variable the server reads, parsed by one zod schema (STYLE rule 8).
 * The README lists each with its default. Nothing else in src/ reads process.env.
 */
import path from 'node:path';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database, image files and generated secrets live here. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server (postgres://...) instead of the embedded database. */
  DATABASE_URL: optionalText,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs login tokens; generated and kept in DATA_DIR when unset. */
  JWT_SECRET: optionalText,
  JWT_EXPIRES_IN: z.string().default('7d'),
  ADMIN_EMAIL: z.string().default('admin@pumpkart.in'),
  ADMIN_PASSWORD: z.string().min(6).default('admin123'),
  /** Seed the demo catalog and the demo customer into an empty database. */
  SEED_DEMO: booleanText.default(true),
  /** Folder of the built web app; served for every path outside /api and /uploads. */
  WEB_DIST: z.string().default(''),
  /** Public base URL of this server, used in webhooks the sandbox gateway sends to itself. */
  PUBLIC_URL: optionalText,
  COD_ENABLED: booleanText.default(false),
  ORDER_PAYMENT_TIMEOUT_MIN: z.coerce.number().min(1).default(30),
  /** How often the expiry sweeper looks for unpaid online orders. */
  SWEEP_INTERVAL_SEC: z.coerce.number().min(1).default(60),
  SANDBOX_KEY_ID: z.string().default('rzp_test_sandbox'),
  SANDBOX_KEY_SECRET: optionalText,
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  /** Requests per minute per client address on login and register. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** In-memory catalog cache entries kept (0 turns the cache off). */
  CATALOG_CACHE_SIZE: z.coerce.number().int().min(0).default(500),
  TRUST_PROXY: booleanText.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR' | 'WEB_DIST'> {
  DATA_DIR: string;
  WEB_DIST: string;
  /** Which payment gateway the calls use (DESIGN section 3.6). */
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
  const razorpay = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    WEB_DIST: env.WEB_DIST ? path.resolve(env.WEB_DIST) : '',
    PAYMENT_GATEWAY: razorpay ? 'razorpay' : 'sandbox',
  };
}
