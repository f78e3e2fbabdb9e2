/**
 * The configuration's defaults and the start-up refusals of an unsafe production configuration
 * (docs/decisions/0007-production-safety.md): the sandbox is never a silent production default, and
 * every refusal says what to set.
 */
import { describe, expect, it } from 'vitest';
import { assertStartableConfig, ConfigError, configProblems, loadConfig } from './config';

const KEYS = { RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 'key-secret' };
/** A production configuration that starts: Razorpay with its webhook secret and a real admin password. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  ...KEYS,
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
  ADMIN_PASSWORD: 'a-long-admin-password',
};

/** What `openssl rand -base64 48` prints: 64 characters, 57 of them different. */
const GOOD_SECRET = 'q3Jb0x7Vt9Kf2LwZ8mYc1RnHs4Pd6GeA/uTo+iXk5BjNv0zQyWr3Ea7Mh2Sg9Fd1';

const problemsOf = (env: Record<string, string>) => configProblems(loadConfig(env));

describe('PAYMENT_GATEWAY', () => {
  it('defaults to razorpay when both keys are set, and to the sandbox outside production otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development', ...KEYS }).PAYMENT_GATEWAY).toBe('razorpay');
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test', RAZORPAY_KEY_ID: 'rzp_test_only_the_id' }).PAYMENT_GATEWAY).toBe('sandbox');
  });

  it('is never a silent sandbox in production: without keys production resolves to razorpay', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENT_GATEWAY).toBe('razorpay');
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('razorpay'); // NODE_ENV defaults to production
  });

  it('honours an explicit choice, and rejects an unknown one', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'development', ...KEYS, PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe(
      'sandbox',
    );
    expect(loadConfig({ NODE_ENV: 'development', PAYMENT_GATEWAY: '' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
  });

  it('refuses razorpay without its keys outside production too', () => {
    const problems = problemsOf({ NODE_ENV: 'development', PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: 'rzp_x' });
    expect(problems).toEqual([expect.stringContaining('PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID')]);
    expect(problems[0]).toContain('RAZORPAY_KEY_SECRET not set');
  });
});

describe('IRP_PROVIDER', () => {
  it('is the sandbox by default; gsp needs every GSP_* setting, named, in any environment', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).IRP_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ IRP_PROVIDER: 'nic' })).toThrow(/IRP_PROVIDER/);
    const problems = problemsOf({ NODE_ENV: 'development', IRP_PROVIDER: 'gsp', GSP_URL: 'https://gsp.example/nic' });
    expect(problems).toEqual([
      'IRP_PROVIDER=gsp needs GSP_CLIENT_ID, GSP_CLIENT_SECRET, GSP_USERNAME, GSP_PASSWORD, GSP_PUBLIC_KEY_FILE: set them (docs/operations.md#e-invoicing), or unset IRP_PROVIDER to use the sandbox portal.',
    ]);
    const all = {
      GSP_URL: 'https: //x',
      GSP_CLIENT_ID: 'id',
      GSP_CLIENT_SECRET: 'secret',
      GSP_USERNAME: 'user',
      GSP_PASSWORD: 'password',
      GSP_PUBLIC_KEY_FILE: '/etc/pumpkart/einvoice.pem',
    };
    expect(
      problemsOf({ NODE_ENV: 'development', IRP_PROVIDER: 'gsp', ...all, GSP_URL: 'https://gsp.example/nic' }),
    ).toEqual([]);
  });
});

describe('SEED_DEMO', () => {
  it('defaults to false in production and to true elsewhere; an explicit value wins', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

describe('configProblems', () => {
  it('accepts the demo configuration outside production', () => {
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'test', JWT_SECRET: 'short' })).toEqual([]);
  });

  it('accepts a safe production configuration, and the sandbox only when chosen explicitly', () => {
    expect(problemsOf(SAFE_PRODUCTION)).toEqual([]);
    expect(
      problemsOf({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', ADMIN_PASSWORD: 'a-long-admin-password' }),
    ).toEqual([]);
    expect(problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: GOOD_SECRET })).toEqual([]);
  });

  it('refuses production without Razorpay keys in one line naming PAYMENT_GATEWAY=sandbox', () => {
    const problems = problemsOf({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-password' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('PAYMENT_GATEWAY=sandbox');
    expect(problems[0]).toContain('RAZORPAY_KEY_ID');
    expect(problems[0]).not.toContain('\n');
    // Explicit razorpay without keys, or only one key, is the same refusal.
    expect(problemsOf({ ...SAFE_PRODUCTION, RAZORPAY_KEY_SECRET: '', PAYMENT_GATEWAY: 'razorpay' })).toEqual([
      expect.stringContaining('RAZORPAY_KEY_SECRET not set'),
    ]);
  });

  it('refuses the default admin password and one shorter than 12 characters', () => {
    const { ADMIN_PASSWORD: _, ...withoutPassword } = SAFE_PRODUCTION;
    expect(problemsOf(withoutPassword)).toEqual([
      expect.stringMatching(/^ADMIN_PASSWORD is the demo default 'admin123'/),
    ]);
    expect(problemsOf({ ...SAFE_PRODUCTION, ADMIN_PASSWORD: 'admin123' })).toHaveLength(1);
    expect(problemsOf({ ...SAFE_PRODUCTION, ADMIN_PASSWORD: 'elevenchars' })).toEqual([
      'ADMIN_PASSWORD has 11 characters: set it to at least 12.',
    ]);
    expect(problemsOf({ ...SAFE_PRODUCTION, ADMIN_PASSWORD: 'twelve-chars' })).toEqual([]);
  });

  it('refuses a JWT_SECRET shorter than 32 bytes, counted in UTF-8', () => {
    expect(problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: 'change-me' })).toEqual([
      expect.stringMatching(
        /^JWT_SECRET has 9 bytes: set it to at least 32 random bytes \(e\.g\. `openssl rand -base64 48`\)/,
      ),
    ]);
    // 16 different two-byte characters are 32 bytes.
    expect(problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: 'àáâãäåæçèéêëìíîï' })).toEqual([]);
    expect(problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: GOOD_SECRET.slice(0, 31) })).toHaveLength(1);
  });

  it('refuses a long production JWT_SECRET with fewer than 16 different characters, saying how to make one', () => {
    const problems = problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: 'a'.repeat(32) });
    expect(problems).toEqual([
      'JWT_SECRET has only 1 different characters: a secret with so little variety can be guessed. Set it to a random one of at least 16 different characters (e.g. `openssl rand -base64 48`), or unset it to have one generated and kept in the database.',
    ]);
    // A word repeated, and 15 characters over and over, are refused too; 16 are enough.
    expect(problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: 'password'.repeat(8) })).toHaveLength(1);
    expect(problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: '0123456789abcde'.repeat(3) })).toHaveLength(1);
    expect(problemsOf({ ...SAFE_PRODUCTION, JWT_SECRET: '0123456789abcdef'.repeat(2) })).toEqual([]);
    // Outside production the demo takes any secret.
    expect(problemsOf({ NODE_ENV: 'development', JWT_SECRET: 'a'.repeat(32) })).toEqual([]);
  });

  it('refuses Razorpay keys without RAZORPAY_WEBHOOK_SECRET', () => {
    expect(problemsOf({ ...SAFE_PRODUCTION, RAZORPAY_WEBHOOK_SECRET: '' })).toEqual([
      expect.stringMatching(/^RAZORPAY_WEBHOOK_SECRET is not set/),
    ]);
    // The sandbox chosen explicitly needs no webhook secret even when keys are set.
    expect(problemsOf({ ...SAFE_PRODUCTION, RAZORPAY_WEBHOOK_SECRET: '', PAYMENT_GATEWAY: 'sandbox' })).toEqual([]);
  });

  it('lists every problem at once, each on its own line of the thrown error', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' });
    expect(configProblems(config)).toHaveLength(3);
    let thrown: unknown;
    try {
      assertStartableConfig(config);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const lines = (thrown as Error).message.split('\n');
    expect(lines[0]).toBe('PumpKart will not start with this configuration (NODE_ENV=production):');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}- No payment gateway: .*PAYMENT_GATEWAY=sandbox/),
      expect.stringMatching(/^ {2}- ADMIN_PASSWORD is the demo default/),
      expect.stringMatching(/^ {2}- JWT_SECRET has 5 bytes/),
    ]);
    expect(() => assertStartableConfig(loadConfig(SAFE_PRODUCTION))).not.toThrow();
  });
});

describe('STORAGE', () => {
  const S3 = { STORAGE: 's3', S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('defaults to disk, and S3_REGION to us-east-1', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.STORAGE).toBe('disk');
    expect(config.S3_REGION).toBe('us-east-1');
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('accepts s3 with a bucket and both keys, or neither key (the SDK default credentials), in production too', () => {
    expect(problemsOf({ NODE_ENV: 'development', ...S3 })).toEqual([]);
    expect(problemsOf({ ...SAFE_PRODUCTION, ...S3 })).toEqual([]);
    expect(problemsOf({ ...SAFE_PRODUCTION, STORAGE: 's3', S3_BUCKET: 'shop-images' })).toEqual([]);
  });

  it('refuses to start s3 without a bucket or with one key of the pair, saying what to set', () => {
    expect(problemsOf({ NODE_ENV: 'development', ...S3, S3_BUCKET: '' })).toEqual([
      expect.stringMatching(/^STORAGE=s3 needs S3_BUCKET/),
    ]);
    expect(problemsOf({ ...SAFE_PRODUCTION, ...S3, S3_SECRET_ACCESS_KEY: '' })).toEqual([
      expect.stringContaining('S3_SECRET_ACCESS_KEY not set'),
    ]);
    expect(() => assertStartableConfig(loadConfig({ NODE_ENV: 'test', STORAGE: 's3' }))).toThrow(/S3_BUCKET/);
  });
});
