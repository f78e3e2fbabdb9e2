/**
 * The server process: read the configuration, open and migrate the database, seed an empty one,
 * listen, and shut down gracefully on SIGTERM/SIGINT (in-flight requests finish, then the database
 * closes and the data-directory lock is released).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { DEMO_CUSTOMER, seedDatabase } from './db/seed/index';
import { loadSecrets } from './lib/secrets';

const DEFAULT_ADMIN_PASSWORD = 'admin123';

async function main() {
  const startedAt = performance.now();
  const loaded = loadConfig();
  // The web app is built to apps/web/dist: the same relative place from src/ (tsx) and dist/ (bundle).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = { ...loaded, WEB_DIST: loaded.WEB_DIST || path.resolve(here, '../../web/dist') };

  const releaseLock = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'db'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await migrateDatabase(database);

  const app = await buildApp({ config, database, secrets: loadSecrets(config) });
  const seeded = await seedDatabase(app.ctx);
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
  const password = config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD ? DEFAULT_ADMIN_PASSWORD : '(from ADMIN_PASSWORD)';
  app.log.info(`Admin login: ${config.ADMIN_EMAIL} / ${password}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack && !error.message.includes('in use by another')) console.error(error.stack);
  process.exit(1);
});
