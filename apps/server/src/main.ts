/**
 * The server process: read the configuration, open and migrate the database, seed an empty one
 * (startup.ts: on PostgreSQL one critical section, so that servers starting together seed once),
 * listen, and shut down gracefully on SIGTERM/SIGINT (in-flight requests finish, then the database
 * closes and the data-directory lock is released). A configuration that configProblems() refuses stops
 * it before anything is opened, with one line per problem (docs/decisions/0007-production-safety.md).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { assertStartableConfig, ConfigError, DEFAULT_ADMIN_PASSWORD, loadConfig, type Config } from './config';
import { acquireDataDirLock } from './db/lock';
import { DEMO_CUSTOMER } from './seed/index';
import { startUp } from './startup';

/** The start-up line about the admin account: its password only when it was just created with the demo default. */
function adminLoginMessage(config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>, created: boolean): string {
  const email = config.ADMIN_EMAIL;
  if (!created) {
    return (
      `Admin account ${email} exists; ADMIN_PASSWORD is only used when it is first created: change the password ` +
      `with \`npm run admin -- set-password ${email}\` or in the admin's Change password form`
    );
  }
  if (config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) return `Admin login: ${email} / ${DEFAULT_ADMIN_PASSWORD}`;
  return `Admin account ${email} created from ADMIN_EMAIL / ADMIN_PASSWORD`;
}

async function main() {
  const startedAt = performance.now();
  const loaded = loadConfig();
  assertStartableConfig(loaded);
  // The web app is built to apps/web/dist: the same relative place from src/ (tsx) and dist/ (bundle).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = { ...loaded, WEB_DIST: loaded.WEB_DIST || path.resolve(here, '../../web/dist') };

  const releaseLock = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR);
  // Open, migrate, secrets, app, seed: on PostgreSQL one critical section across the servers starting together.
  const { app, database, seeded } = await startUp(config);
  if (seeded.productsCreated > 0) {
    app.log.info(
      `Seeded the demo catalog: ${seeded.productsCreated} products and ${seeded.ordersCreated} past orders of ${DEMO_CUSTOMER.email}`,
    );
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received: shutting down`);
    await app.close();
    await database.close();
    releaseLock();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  app.log.info(
    `PumpKart is ready on http://localhost:${config.PORT} (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'}, payments: ${config.PAYMENT_GATEWAY}, started in ${seconds} s)`,
  );
  if (config.NODE_ENV === 'production' && config.PAYMENT_GATEWAY === 'sandbox') {
    app.log.warn('PAYMENT_GATEWAY=sandbox: a demo shop; payments take no money and every order can be "paid"');
  }
  app.log.info(adminLoginMessage(config, seeded.adminCreated));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  const expected =
    error instanceof ConfigError ||
    (error instanceof Error && /in use by another|is not writable by|^Invalid configuration/.test(error.message));
  if (error instanceof Error && error.stack && !expected) console.error(error.stack);
  process.exit(1);
});
