/**
 * Tells the other server processes on one PostgreSQL database that a cached read went stale, through
 * LISTEN/NOTIFY (docs/decisions/0020-several-processes.md, docs/shop-rules.md#catalog-cache). app.ts
 * creates one for the catalog cache when the database is PostgreSQL; the embedded database has a
 * single process and needs none.
 *
 * - publish() (the cache's onInvalidate, called after the write committed) sends
 *   `pg_notify(channel, instance id)` through the pool. Invalidations within one tick share one
 *   NOTIFY. A failed NOTIFY is logged and never reaches the request: the others then see the change
 *   when their entries expire (the cache's TTL).
 * - A dedicated connection (a pg.Client, not one of the pool's) LISTENs on the channel. A notification
 *   from another instance calls onRemoteChange (the cache drops its entries without publishing);
 *   this instance's own notifications are ignored.
 * - When that connection drops, it is opened again with a growing wait; every (re)connection calls
 *   onRemoteChange, since notifications sent while it was down were lost.
 * - stop() (app.ts onClose, before the pool closes) waits for NOTIFYs under way and closes the listener.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Log } from '../context';
import type { Database } from '../db/client';

/** The channel of the catalog cache's invalidations. */
export const CATALOG_CHANNEL = 'pumpkart_catalog';

/** The listener's application_name, as pg_stat_activity shows it (operators and tests find it by this). */
export const LISTENER_APPLICATION_NAME = 'pumpkart cache listener';

/** The wait before the first reconnection attempt; it doubles after each failure, up to MAX_RECONNECT_MS. */
const FIRST_RECONNECT_MS = 100;
const MAX_RECONNECT_MS = 10_000;
/** A connection attempt, or one of its statements, that has not succeeded by then fails (and is retried). */
const CONNECT_TIMEOUT_MS = 5_000;

export interface CacheBusOptions {
  /** The PostgreSQL URL the listener connects to (DatabaseHandle.url). */
  url: string;
  /** The pool the NOTIFYs go through. */
  db: Pick<Database, 'execute'>;
  /** A channel name: a plain SQL identifier (it is written into LISTEN as is). */
  channel: string;
  /** Whether this process listens (a process without a cache to drop only publishes). */
  listen: boolean;
  /** Another instance changed what is cached, or notifications may have been missed. Must not throw. */
  onRemoteChange(): void;
  log: Log;
}

export class CacheBus {
  /** This process's id: the payload of its NOTIFYs, so that its listener knows its own. */
  readonly instanceId = randomUUID();
  private client: pg.Client | undefined;
  /** The listener's backend process id while it is connected. */
  private pid: number | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = FIRST_RECONNECT_MS;
  private stopped = false;
  /** A NOTIFY scheduled for the end of this tick, that later invalidations of the tick join. */
  private scheduled: Promise<void> | undefined;
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly options: CacheBusOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`Invalid channel name: ${options.channel}`);
  }

  /** Opens the listener (when this process listens); resolves after the first attempt, connected or not. */
  async start(): Promise<void> {
    if (this.options.listen) await this.connect();
  }

  /**
   * Tells the other instances, at the end of this tick, that what they cache is stale. Call it only
   * after the change committed, or another process could re-read the old rows. Never throws.
   */
  publish(): void {
    if (this.stopped || this.scheduled) return;
    const sent: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        // From here on, an invalidation needs a NOTIFY of its own: this one may reach others before it.
        this.scheduled = undefined;
        return this.notify();
      })
      .finally(() => this.sending.delete(sent));
    this.scheduled = sent;
    this.sending.add(sent);
  }

  /** The listener's backend pid while it is connected (tests terminate it). */
  get listenerPid(): number | undefined {
    return this.pid;
  }

  /**
   * Stops reconnecting, waits for NOTIFYs under way and closes the listener. A connection attempt under way
   * is not waited for (a database that does not answer would hold the shutdown up for the time-out): it
   * closes its own connection when it ends.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    await Promise.all([...this.sending]);
    const client = this.client;
    this.client = undefined;
    this.pid = undefined;
    await client?.end().catch(() => {});
  }

  private async notify(): Promise<void> {
    try {
      await this.options.db.execute(sql`select pg_notify(${this.options.channel}, ${this.instanceId})`);
    } catch (err) {
      this.options.log.error(
        { err, channel: this.options.channel },
        'could not notify the other servers of a cache change; they will see it when their cached entries expire',
      );
    }
  }

  private connect(): Promise<void> {
    this.connecting ??= this.openListener().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async openListener(): Promise<void> {
    const { channel, log } = this.options;
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
      // A connection that silently disappears (a dropped network path) is noticed by TCP keepalives.
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== this.instanceId) this.options.onRemoteChange();
    });
    // Both fire when the server ends the connection; a client that never became the listener is ignored.
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client));
    let pid: number;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      pid = rows[0]!.pid;
    } catch (err) {
      client.end().catch(() => {});
      if (this.stopped) return;
      log.warn({ err, channel }, 'the cache listener could not connect; retrying');
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.pid = pid;
    this.reconnectDelay = FIRST_RECONNECT_MS;
    // Whatever was published while no listener was connected is lost: drop what may be stale.
    this.options.onRemoteChange();
  }

  private dropped(client: pg.Client, err?: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.pid = undefined;
    client.end().catch(() => {});
    if (this.stopped) return;
    this.options.log.warn(
      { err, channel: this.options.channel },
      'the cache listener lost its connection; reconnecting (cached entries expire meanwhile)',
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, MAX_RECONNECT_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}
