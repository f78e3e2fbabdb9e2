/** What every module gets from the app (built once in app.ts): configuration and shared resources. */
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { CatalogCache } from './lib/catalog-cache';
import type { Secrets } from './lib/secrets';
import type { PaymentGateway } from './gateways/gateway';
import type { WebhookSender } from './gateways/webhook-sender';
import type { ImageStorage } from './storage/image-storage';

export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  secrets: Secrets;
  storage: ImageStorage;
  /** Catalog read cache; call invalidate() after anything that changes what the catalog shows. */
  catalogCache: CatalogCache;
  /**
   * The payment gateway chosen by the configuration, and the sandbox's webhook sender
   * (docs/decisions/0004-sandbox-payment-gateway.md).
   */
  payments: PaymentsRuntime;
}

export interface PaymentsRuntime {
  gateway: PaymentGateway;
  webhooks: WebhookSender;
}

export interface ModuleOptions {
  ctx: AppContext;
}
