/**
 * Session advisory locks on a PostgreSQL server (docs/architecture.md#database): work that several server
 * processes starting at once must not do side by side (migrating, seeding an empty database) runs while one
 * process holds a lock. The lock is held by a dedicated connection, not one of the pool's: a pooled connection
 * goes back to the pool between statements, and a session lock taken on it would stay with whichever request
 * uses it next. If the process dies, its connection ends and PostgreSQL releases the lock, so the next process
 * takes over. The embedded database needs none of this: one process holds its data directory (db/lock.ts).
 */
import pg from 'pg';

/** Every advisory lock key the server takes, in one place so that no two uses share one by accident. */
export const ADVISORY_LOCK_KEYS = {
  /** Applying the migrations (db/migrate.ts). */
  migrations: 7_240_417,
  /** The whole start-up: migrations, generated secrets, first-start data (startup.ts). */
  startUp: 7_240_418,
} as const;

/**
 * Runs `work` while this process holds the session advisory lock `key` on the server at `url`, waiting for
 * another holder to finish first. `work` gets the lock's connection (the migrator runs on it).
 */
export async function withAdvisoryLock<T>(
  url: string,
  key: number,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A connection that breaks while idle emits 'error': without a listener that would end the process. The
  // unlock below then fails too, and the server releases the lock with the broken session anyway.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
