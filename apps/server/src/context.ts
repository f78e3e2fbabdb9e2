/** What every module gets from the app (built once in app.ts): configuration and shared resources. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { CatalogCache } from './lib/catalog-cache';
import type { Secrets } from './lib/secrets';
import type { PaymentGateway } from './gateways/gateway';
import type { IrpClient } from './irp/irp';
import type { WebhookSender } from './gateways/webhook-sender';
import type { ImageStorage } from './storage/image-storage';
import type { CheckoutWorkflows } from './modules/checkout';

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
  /** How a cancellation asks for a refund (the payments module makes it; app.ts wires it in). */
  refunds: RefundRequester;
  /** The writes that span modules (modules/checkout), as the routes that start them call them; app.ts wires them in. */
  checkout: CheckoutWorkflows;
  /** The e-mail outbox's worker (modules/mail): wake() after committing a message sends it at once. */
  mail: MailRuntime;
  /** E-invoicing (docs/decisions/0029-e-invoicing.md): the IRP IRP_PROVIDER chose and its reporter. */
  einvoice: EinvoiceRuntime;
}

export interface EinvoiceRuntime {
  irp: IrpClient;
  /** Reports the documents due now rather than at the next poll; resolves when that pass is done. */
  runNow(): Promise<void>;
}

/** The e-mail outbox's worker (docs/shop-rules.md#emails), as services and tests see it. */
export interface MailRuntime {
  /** Sends what is due now rather than at the next poll; call it after committing a message. Never throws. */
  wake(): void;
  /** Resolves once no message is due and no attempt is under way (tests; what a retry's backoff holds back waits). */
  drain(): Promise<void>;
}

/** Where services log what happens after their answer (a request's or the app's logger). */
export type Log = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

/**
 * The one thing the orders module needs from refunds: a cancellation that recorded a captured
 * payment's refund as due (REFUND_DUE) asks for it after commit, without waiting for the gateway.
 * Implemented by the payments module, so orders never imports payments.
 */
export interface RefundRequester {
  requestRefund(paymentId: string, log: Log): void;
  /** A cancelled bank-transfer order's instalments paid online, refunded through the gateway. */
  refundInstalments(orderId: string, log: Log): void;
}

export interface PaymentsRuntime {
  gateway: PaymentGateway;
  webhooks: WebhookSender;
}

export interface ModuleOptions {
  ctx: AppContext;
}
