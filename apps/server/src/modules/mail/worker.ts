/**
 * The outbox worker (docs/shop-rules.md#emails, docs/decisions/0010-email-outbox.md): delivers the messages
 * enqueueMail wrote, each by one server process at a time.
 *
 * - Claim: in one statement, the due messages (pending, next_attempt_at passed) are locked with FOR
 *   UPDATE SKIP LOCKED, their attempt counted and next_attempt_at moved past a lease (2 minutes). Another
 *   process skips them; if this one dies before it records the outcome, they are due again when the lease ends.
 * - Render once: a message without a subject is rendered (renderMail) and the result stored on the row before
 *   it is sent, so every retry sends the identical e-mail with the same Message-ID `<id@domain of MAIL_FROM>`.
 * - Without a transport (no SMTP_URL) a rendered message is kept, never sent.
 * - A password link is stored and rendered redacted; the token (link_token) goes only into the copy handed to SMTP,
 *   and is cleared once the message is sent.
 * - Outcome: sent; or the error recorded and the next attempt MAIL_RETRY_BASE_MS x 2^(attempts - 1) later;
 *   failed after MAIL_MAX_ATTEMPTS. Each outcome is written only while the claim is still this worker's (same
 *   attempt count), so a worker that outlived its lease never overwrites the one that took over.
 * - When: wake() (after a commit) runs a cycle at once and keeps claiming until nothing is due; a poll every
 *   MAIL_POLL_INTERVAL_MS finds retries and messages committed by other processes.
 */
import type { OrderDto } from '@pumpkart/shared';
import { shopUrlOf, type Config } from '../../config';
import type { Log, MailRuntime } from '../../context';
import type { Database } from '../../db/client';
import { findStoreSettings } from '../settings';
import { attachmentsOf } from './attachments';
import type { MailMessage, RenderedMail } from './messages';
import { renderMail, type MailContext } from './render';
import {
  anyMessageDue,
  claimDueMessages,
  claimOf,
  recordFailed,
  RECORDS,
  recordRetry,
  type OutboxRow,
} from './store/claims';
import { withLinkToken } from './store/outbox';
import { smtpTransport, type MailTransport } from './transport';

/** How long a claimed message is this worker's before another may take it. */
export const DEFAULT_LEASE_MS = 2 * 60_000;
/** Messages claimed (and sent side by side) at once. */
const BATCH_SIZE = 5;
/** The longest one SMTP conversation may take: well inside the lease. */
const MAX_SEND_MS = 60_000;
/** The longest wait between two attempts, however many came before. */
const MAX_RETRY_DELAY_MS = 24 * 60 * 60_000;
const MAX_ERROR_LENGTH = 1000;
/** The shop's name in e-mails until the store settings are entered. */
const DEFAULT_STORE_NAME = 'PumpKart';

export type MailWorkerConfig = Pick<
  Config,
  'MAIL_FROM' | 'MAIL_POLL_INTERVAL_MS' | 'MAIL_RETRY_BASE_MS' | 'MAIL_MAX_ATTEMPTS' | 'PUBLIC_URL' | 'PORT'
>;

export interface MailWorkerOptions {
  db: Database;
  config: MailWorkerConfig;
  /** Null without SMTP_URL: messages are rendered and kept. */
  transport: MailTransport | null;
  /** The order DTO a message reports (app.ts wires the orders module's loader). */
  loadOrder(orderId: string): Promise<OrderDto | undefined>;
  log: Log;
  leaseMs?: number;
  batchSize?: number;
}

/** The domain of MAIL_FROM's address ('PumpKart <no-reply@pumpkart.in>' -> 'pumpkart.in'): the Message-ID's. */
export function messageIdDomain(mailFrom: string): string {
  const address = (/<([^<>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const at = address.lastIndexOf('@');
  return at > 0 && at < address.length - 1 ? address.slice(at + 1) : 'localhost';
}

/** The wait after the `attempts`-th failed attempt: base, 2 x base, 4 x base ..., at most a day. */
export const retryDelayMs = (baseMs: number, attempts: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);

const renderingOf = (row: OutboxRow): RenderedMail | null =>
  row.subject !== null && row.html !== null && row.text !== null
    ? { subject: row.subject, html: row.html, text: row.text }
    : null;

export class MailWorker implements MailRuntime {
  private readonly db: Database;
  private readonly config: MailWorkerConfig;
  private readonly transport: MailTransport | null;
  private readonly log: Log;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly sendTimeoutMs: number;
  private readonly domain: string;
  private readonly loadOrder: MailWorkerOptions['loadOrder'];

  private timer: NodeJS.Timeout | undefined;
  private scheduled: NodeJS.Immediate | undefined;
  private running: Promise<void> | undefined;
  /** Set by wake(); a cycle that finds nothing due looks once more when it was woken meanwhile. */
  private wanted = false;
  private stopped = false;

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.config = options.config;
    this.transport = options.transport;
    this.log = options.log;
    this.loadOrder = options.loadOrder;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.sendTimeoutMs = Math.min(MAX_SEND_MS, Math.max(1, Math.floor(this.leaseMs / 2)));
    this.domain = messageIdDomain(options.config.MAIL_FROM);
  }

  /** Starts the poll (app ready) and looks for due messages at once. */
  start(): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.wake(), this.config.MAIL_POLL_INTERVAL_MS);
    this.timer.unref();
    if (!this.transport) this.log.info("SMTP_URL is not set: e-mails are kept for the admin's E-mails page, not sent");
    this.wake();
  }

  /** Stops polling, waits for the attempts under way (app close), then closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearImmediate(this.scheduled);
    this.scheduled = undefined;
    await this.running;
    this.transport?.close();
  }

  wake(): void {
    if (this.stopped) return;
    this.wanted = true;
    if (this.scheduled || this.running) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      this.running = this.cycle()
        .catch((err: unknown) => this.log.error({ err }, 'the e-mail worker could not claim messages'))
        .finally(() => {
          this.running = undefined;
          if (this.wanted) this.wake();
        });
    });
  }

  async drain(): Promise<void> {
    while (!this.stopped) {
      this.wake();
      await this.idle();
      if (!(await this.anyDue())) return;
      // Due but not claimed: another process is claiming it right now.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Resolves when no cycle is scheduled or running. */
  private async idle(): Promise<void> {
    while (this.scheduled || this.running) {
      await (this.running ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }

  private anyDue(): Promise<boolean> {
    return anyMessageDue(this.db);
  }

  /** Claims and attempts batches until nothing is due (and nobody woke it meanwhile). */
  private async cycle(): Promise<void> {
    while (!this.stopped) {
      this.wanted = false;
      const claimed = await claimDueMessages(this.db, this.batchSize, this.leaseMs);
      if (claimed.length === 0 && !this.wanted) return;
      // A paid order's buyer and owner messages are usually claimed together: their order is loaded once.
      const contexts = new Map<string | null, Promise<MailContext>>();
      await Promise.all(claimed.map((row) => this.attempt(row, contexts)));
      // A short batch was everything due when it was claimed; what this process enqueued since woke it (wanted),
      // and what other processes enqueued the poll finds: no claim that would come back empty.
      if (claimed.length < this.batchSize && !this.wanted) return;
    }
  }

  /** One attempt at one claimed message; never throws (a failure is recorded on the row). */
  private async attempt(row: OutboxRow, contexts: Map<string | null, Promise<MailContext>>): Promise<void> {
    try {
      const stored = renderingOf(row);
      const rendered =
        stored ?? (await renderMail(row.data as unknown as MailMessage, await this.contextOf(row, contexts)));
      if (!this.transport) {
        if (await this.recorded(row, RECORDS.kept(this.db, { ...claimOf(row), ...rendered }))) {
          this.log.info({ mailId: row.id, kind: row.kind }, 'e-mail kept (no SMTP_URL)');
        }
        return;
      }
      // Stored before the first send, so that every retry sends exactly this.
      if (!stored && !(await this.recorded(row, RECORDS.rendered(this.db, { ...claimOf(row), ...rendered })))) {
        return;
      }
      await this.transport.send(
        {
          messageId: `<${row.id}@${this.domain}>`,
          from: this.config.MAIL_FROM,
          to: row.recipient,
          // The stored rendering shows a password link redacted; the recipient's copy carries its token.
          ...withLinkToken(rendered, row.linkToken),
          attachments: await attachmentsOf(this.db, row),
        },
        AbortSignal.timeout(this.sendTimeoutMs),
      );
      if (await this.recorded(row, RECORDS.sent(this.db, claimOf(row)))) {
        this.log.info({ mailId: row.id, kind: row.kind, attempts: row.attempts }, 'e-mail sent');
      }
    } catch (err) {
      await this.recordFailure(row, err).catch((recordErr: unknown) =>
        this.log.error({ err: recordErr, mailId: row.id }, 'the outcome of an e-mail attempt could not be recorded'),
      );
    }
  }

  /** The shop, the store's details and the order, as the templates see them: once per order in a batch. */
  private contextOf(row: OutboxRow, contexts: Map<string | null, Promise<MailContext>>): Promise<MailContext> {
    const orderId = typeof row.data.orderId === 'string' ? row.data.orderId : null;
    let context = contexts.get(orderId);
    if (!context) {
      context = this.loadContext(orderId);
      contexts.set(orderId, context);
    }
    return context;
  }

  private async loadContext(orderId: string | null): Promise<MailContext> {
    const settings = await findStoreSettings({ db: this.db });
    const store = settings
      ? { name: settings.tradeName, email: settings.email || null, phone: settings.phone || null }
      : { name: DEFAULT_STORE_NAME, email: null, phone: null };
    const order = orderId ? await this.loadOrder(orderId) : undefined;
    if (orderId && !order) throw new Error(`The order ${orderId} no longer exists.`);
    return { shopUrl: shopUrlOf(this.config), store, order: order ?? null };
  }

  private async recordFailure(row: OutboxRow, err: unknown): Promise<void> {
    const lastError = errorText(err);
    const context = { mailId: row.id, kind: row.kind, attempts: row.attempts, reason: lastError };
    if (row.attempts >= this.config.MAIL_MAX_ATTEMPTS) {
      if (await this.recorded(row, recordFailed(this.db, row, lastError))) {
        this.log.error(context, 'e-mail failed its last attempt; an admin can send it again from the E-mails page');
      }
      return;
    }
    const delayMs = retryDelayMs(this.config.MAIL_RETRY_BASE_MS, row.attempts);
    if (await this.recorded(row, recordRetry(this.db, row, lastError, delayMs))) {
      this.log.warn({ ...context, retryInMs: delayMs }, 'e-mail attempt failed; it will be retried');
    }
  }

  /**
   * Whether an update of the claimed message (made only while the claim is still this worker's: pending, same
   * attempt count) found it still claimed; logs when another sender took it over after the lease ended.
   */
  private async recorded(row: OutboxRow, update: Promise<{ id: string }[]>): Promise<boolean> {
    const updated = await update;
    if (updated.length === 0) {
      this.log.warn({ mailId: row.id, kind: row.kind }, 'e-mail taken over by another sender after its lease ended');
    }
    return updated.length > 0;
  }
}

/** The worker of this configuration: SMTP through SMTP_URL, or, when it is unset, every message kept. */
export function createMailWorker(
  options: Omit<MailWorkerOptions, 'transport' | 'config'> & { config: MailWorkerConfig & Pick<Config, 'SMTP_URL'> },
): MailWorker {
  const transport = options.config.SMTP_URL ? smtpTransport(options.config.SMTP_URL) : null;
  return new MailWorker({ ...options, transport });
}
