/**
 * Preloaded into the benchmark's server process (`node --import`) when it runs on PostgreSQL: counts
 * the SQL statements the server sends, by wrapping node-postgres' Client.prototype.query as
 * bench/admin-lists.ts does in its own process (each statement of a transaction, BEGIN and COMMIT
 * included, is one call). On SIGWINCH it writes the count to BENCH_STATEMENTS_FILE, so that the
 * checkout load can read it at the start and the end of its measured phase (bench/lib/server-probe.ts).
 * SIGWINCH because its default action is to be ignored and the server's shutdown handler
 * (close-with-grace) takes SIGUSR2 and the terminating signals; SIGUSR1 belongs to the inspector.
 * The server bundle keeps `pg` external, so it resolves the same module as this file does.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENTS_FILE;
if (!file) throw new Error('count-statements.mjs needs BENCH_STATEMENTS_FILE');

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};
process.on('SIGWINCH', () => writeFileSync(file, String(statements)));
