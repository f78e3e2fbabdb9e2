/**
 * buildApp(): the whole HTTP application as one Fastify instance (docs/architecture.md). main.ts
 * boots it; tests build one per file and call it with inject(). Plugins load in a fixed order:
 * infrastructure, then the API modules under /api, then static files and the SPA fallback, and the pages for
 * search engines (product and category heads, sitemap, robots.txt).
 */
import path from 'node:path';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT } from '@pumpkart/shared';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { AppContext } from './context';
import { CacheBus, CATALOG_CHANNEL } from './lib/cache-bus';
import { CatalogCache } from './lib/catalog-cache';
import { loadSecrets, type Secrets } from './lib/secrets';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import { chooseRateLimitStore } from './plugins/rate-limit-store';
import securityPlugin from './plugins/security';
import staticFilesPlugin from './plugins/static-files';
import { externalOrigin, LocalDiskStorage, type ImageStorage } from './storage/image-storage';
import type { PaymentGateway } from './gateways/gateway';
import { selectGateway } from './gateways/select-gateway';
import type { IrpClient } from './irp/irp';
import { selectIrp } from './irp/select-irp';
import { httpTransport, ownUrl, WebhookSender, type WebhookTransport } from './gateways/webhook-sender';
import { auditRoutes } from './modules/audit';
import { healthRoutes } from './modules/health';
import { authRoutes } from './modules/auth';
import { productRoutes } from './modules/products';
import { statsRoutes } from './modules/stats';
import { pincodeRoutes } from './modules/pincode';
import { cartRoutes } from './modules/cart';
import { checkoutWorkflows } from './modules/checkout';
import { favoriteRoutes } from './modules/favorites';
import { approvalRoutes, loadOrder, orderRoutes } from './modules/orders';
import { businessRoutes } from './modules/business';
import { assetRoutes, calendarRoutes } from './modules/assets';
import { adminAmcRoutes, businessAmcRoutes } from './modules/amc';
import { dueViewRoutes } from './modules/due-view';
import { paymentRoutes, refundInBackground, refundInstalmentsInBackground } from './modules/payments';
import { settingsRoutes } from './modules/settings';
import { staffRoutes } from './modules/staff';
import { priceListRoutes } from './modules/price-lists';
import { complianceRoutes } from './modules/compliance';
import { customerRoutes } from './modules/customers';
import { createEinvoiceReporter, einvoiceRoutes, gstReportRoutes } from './modules/invoices';
import { reminderRoutes, startReminderJob } from './modules/reminders';
import { returnRoutes } from './modules/returns';
import { adminQuoteRoutes, quoteRoutes } from './modules/quotes';
import { createMailWorker, mailAdminRoutes } from './modules/mail';
import { loadPageTemplate, seoRoutes } from './modules/seo';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  secrets?: Secrets;
  storage?: ImageStorage;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the gateway chosen by the configuration (tests). */
  paymentGateway?: PaymentGateway;
  /** How the sandbox gateway delivers its webhooks; default: HTTP to PUBLIC_URL or this server itself. */
  webhookTransport?: WebhookTransport;
  /** Replaces the e-invoice portal chosen by the configuration (tests). */
  irp?: IrpClient;
  /** Told of every route as it is added (tests list the routes to check each one's guard). */
  onRoute?: (route: RouteOptions) => void;
  /** The prefix of the rate-limit keys in Redis (tests sharing one Redis give each run its own). */
  rateLimitKeyPrefix?: string;
}

export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Fastify answers 503 to new requests while closing; in-flight ones finish (graceful shutdown).
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A response that finishes after close() began leaves its keep-alive connection idle for the
  // keep-alive timeout (72 s), and server.close() waits for it until close-with-grace kills the
  // process. Close such connections as soon as their response is done (graceful shutdown).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });

  // The generated secrets live in the database, so it must be migrated already (main.ts, the tests' templates).
  const secrets = options.secrets ?? (await loadSecrets(database.db, config));
  // The e-mail outbox's worker (docs/shop-rules.md#emails): ctx.mail, started when the app is ready.
  const mail = createMailWorker({
    db: database.db,
    config,
    log: app.log,
    loadOrder: (orderId) => loadOrder(ctx, orderId),
  });
  // E-invoicing (docs/decisions/0029-e-invoicing.md): B2B documents go to the IRP after they are issued.
  const irp = options.irp ?? selectIrp(config);
  const reporter = createEinvoiceReporter(database.db, irp, app.log, config.EINVOICE_POLL_INTERVAL_MS);
  app.addHook('onReady', async () => reporter.start());
  app.addHook('onClose', () => reporter.stop());
  const catalogCache = new CatalogCache(config.CATALOG_CACHE_SIZE);
  // Several processes on one PostgreSQL tell each other of catalog changes (docs/shop-rules.md#catalog-cache).
  const catalogBus =
    database.kind === 'postgres' && database.url
      ? new CacheBus({
          url: database.url,
          db: database.db,
          channel: CATALOG_CHANNEL,
          listen: catalogCache.enabled,
          onRemoteChange: () => catalogCache.invalidateLocally(),
          log: app.log,
        })
      : undefined;
  if (catalogBus) catalogCache.onInvalidate = () => catalogBus.publish();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    secrets,
    storage:
      options.storage ??
      (config.STORAGE === 's3'
        ? // The AWS SDK is loaded only by a shop that stores its images on S3 (docs/decisions/0018-embedded-memory.md).
          (await import('./storage/s3-storage')).s3StorageOf(config)
        : new LocalDiskStorage(path.join(config.DATA_DIR, 'uploads'))),
    catalogCache,
    payments: {
      gateway: options.paymentGateway ?? selectGateway(config, secrets, (message) => app.log.error(message)),
      webhooks: new WebhookSender(
        options.webhookTransport ?? httpTransport(() => config.PUBLIC_URL ?? ownUrl(app.addresses())),
        app.log,
      ),
    },
    // Cancellation (orders) asks for refunds through this port; the payments module makes them.
    refunds: {
      requestRefund: (paymentId, log) => refundInBackground(ctx, paymentId, log),
      refundInstalments: (orderId, log) => refundInstalmentsInBackground(ctx, orderId, log),
    },
    // Placing an order and settling a payment span modules: the routes that start them call the checkout module here.
    checkout: {
      placeOrder: (...args) => checkout.placeOrder(...args),
      settleCapturedPayment: (...args) => checkout.settleCapturedPayment(...args),
    },
    mail,
    einvoice: { irp, runNow: () => reporter.runNow() },
  };
  const checkout = checkoutWorkflows(ctx);
  app.decorate('ctx', ctx);
  app.addHook('onReady', async () => mail.start());
  // onClose: after the last request (which may have woken it), waiting for the attempts under way.
  app.addHook('onClose', () => mail.stop());
  // The daily reminders of tasks falling due (docs/shop-rules.md#reminders): a look every REMINDER_INTERVAL_MIN.
  let reminders: ReturnType<typeof startReminderJob> | undefined;
  app.addHook('onReady', async () => {
    reminders = startReminderJob(ctx, app.log);
  });
  app.addHook('preClose', async () => reminders?.stop());
  if (catalogBus) {
    app.addHook('onReady', () => catalogBus.start());
    // onClose, before the caller closes the pool: the last NOTIFYs go out, then the listener closes.
    app.addHook('onClose', () => catalogBus.stop());
  }

  // Infrastructure
  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  // The auth rate limits count across processes: in Redis, else PostgreSQL, else memory (docs/decisions/0019-shared-rate-limits.md).
  const rateLimitStore = await chooseRateLimitStore(config, database, app.log, options.rateLimitKeyPrefix);
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(securityPlugin, {
    razorpay: config.PAYMENT_GATEWAY === 'razorpay',
    imageOrigin: externalOrigin(ctx.storage),
    rateLimitStore: rateLimitStore.options,
  });
  await app.register(authPlugin, { secret: ctx.secrets.jwtSecret, expiresIn: config.JWT_EXPIRES_IN, db: ctx.db });
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES_PER_PRODUCT, fields: 200, fieldSize: 64 * 1024 },
  });
  await app.register(docsPlugin);

  // API modules
  await app.register(healthRoutes, { prefix: '/api', ctx });
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  await app.register(productRoutes, { prefix: '/api/products', ctx });
  await app.register(statsRoutes, { prefix: '/api/products', ctx });
  await app.register(pincodeRoutes, { prefix: '/api/pincode', ctx });
  await app.register(cartRoutes, { prefix: '/api/cart', ctx });
  await app.register(favoriteRoutes, { prefix: '/api/favorites', ctx });
  await app.register(orderRoutes, { prefix: '/api/orders', ctx });
  await app.register(returnRoutes, { prefix: '/api/orders', ctx });
  await app.register(businessRoutes, { prefix: '/api/business', ctx });
  await app.register(approvalRoutes, { prefix: '/api/business', ctx });
  await app.register(assetRoutes, { prefix: '/api/business', ctx });
  await app.register(businessAmcRoutes, { prefix: '/api/business', ctx });
  await app.register(calendarRoutes, { prefix: '/api/calendar', ctx });
  await app.register(paymentRoutes, { prefix: '/api/payments', ctx });
  await app.register(settingsRoutes, { prefix: '/api/settings', ctx });
  await app.register(gstReportRoutes, { prefix: '/api/admin', ctx });
  await app.register(einvoiceRoutes, { prefix: '/api/admin', ctx });
  await app.register(mailAdminRoutes, { prefix: '/api/admin', ctx });
  await app.register(auditRoutes, { prefix: '/api/admin', ctx });
  await app.register(staffRoutes, { prefix: '/api/admin', ctx });
  await app.register(priceListRoutes, { prefix: '/api/admin', ctx });
  await app.register(complianceRoutes, { prefix: '/api/admin', ctx });
  await app.register(quoteRoutes, { prefix: '/api/quotes', ctx });
  await app.register(adminQuoteRoutes, { prefix: '/api/admin/quotes', ctx });
  await app.register(customerRoutes, { prefix: '/api/admin', ctx });
  await app.register(adminAmcRoutes, { prefix: '/api/admin', ctx });
  await app.register(dueViewRoutes, { prefix: '/api/admin', ctx });
  await app.register(reminderRoutes, { prefix: '/api/admin', ctx });

  // Static files last: uploads, the web app and the fallback; with the web app, the pages search engines read
  await app.register(staticFilesPlugin, {
    uploadsDir: path.join(config.DATA_DIR, 'uploads'),
    webDist: config.WEB_DIST,
  });
  const template = await loadPageTemplate(config.WEB_DIST);
  if (template) await app.register(seoRoutes, { ctx, template });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
