/**
 * How the sandbox gateway delivers its webhooks to this server
 * (docs/decisions/0004-sandbox-payment-gateway.md): a signed POST to /api/payments/webhook, shortly
 * after the payment window's answer, exactly as Razorpay would. The transport is injectable: the
 * default one speaks HTTP to PUBLIC_URL (or this process's own listening address); integration
 * tests, which never listen, deliver through app.inject. A failed delivery is logged and never
 * crashes anything: the browser's verify call settles the payment too.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export const WEBHOOK_PATH = '/api/payments/webhook';

export interface WebhookDelivery {
  /** Path on this server, always WEBHOOK_PATH. */
  path: string;
  headers: Record<string, string>;
  /** The exact bytes that were signed. */
  body: string;
}

export type WebhookTransport = (delivery: WebhookDelivery) => Promise<void>;

/** `http://127.0.0.1:<port>` of a listening server (a wildcard host is reached on loopback). */
export function ownUrl(addresses: ReadonlyArray<string | { address: string; family: string; port: number }>) {
  const tcp = addresses.filter((a) => typeof a !== 'string');
  const first = tcp.find((a) => a.family === 'IPv4') ?? tcp[0];
  if (!first) return undefined;
  const wildcard = first.address === '0.0.0.0' || first.address === '::';
  const host = wildcard ? '127.0.0.1' : first.family === 'IPv6' ? `[${first.address}]` : first.address;
  return `http://${host}:${first.port}`;
}

export interface WebhookLogger {
  warn(object: object, message: string): void;
}

/**
 * Posts to `<base URL><path>`; any non-2xx answer is an error. Each delivery uses its own connection,
 * closed after the answer (no agent, `Connection: close`): a keep-alive socket from this process to
 * itself would otherwise stay open and hold up the server's graceful shutdown.
 */
export function httpTransport(baseUrl: () => string | undefined): WebhookTransport {
  return (delivery) => {
    const base = baseUrl();
    if (!base) return Promise.reject(new Error('the server is not listening and PUBLIC_URL is not set'));
    const url = new URL(`${base.replace(/\/+$/, '')}${delivery.path}`);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<void>((resolve, reject) => {
      const request = send(
        url,
        {
          method: 'POST',
          agent: false,
          headers: { ...delivery.headers, connection: 'close', 'content-length': Buffer.byteLength(delivery.body) },
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else reject(new Error(`the webhook answered ${status}`));
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('the webhook did not answer within 10 s')));
      request.on('error', reject);
      request.end(delivery.body);
    });
  };
}

export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    public transport: WebhookTransport,
    private readonly logger: WebhookLogger,
    /** How long after the window's answer the webhook leaves ("shortly after"). */
    public delayMs = 250,
  ) {}

  /** Schedules one delivery; never throws and never rejects. */
  send(delivery: WebhookDelivery): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const attempt = this.transport(delivery)
        .catch((err: unknown) => {
          this.logger.warn({ err, path: delivery.path }, 'sandbox webhook delivery failed');
        })
        .finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }, this.delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Resolves once every scheduled delivery has been attempted (tests wait on this). */
  async drain(): Promise<void> {
    while (this.timers.size > 0 || this.inFlight.size > 0) {
      if (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Drops deliveries not yet started and waits for the ones under way (graceful shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.inFlight]);
  }
}
