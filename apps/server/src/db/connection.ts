/**
 * The connection each database handle and each transaction runs on, for the statements prepared once per connection
 * (statement.ts). A handle opened by client.ts is registered here with a drizzle instance of its connection, and its
 * transactions register theirs:
 *
 * - On PostgreSQL a transaction checks out a pool connection itself and runs on a drizzle instance of that connection,
 *   kept for as long as the connection lives, so that what is prepared for it is made once per connection and reused
 *   by every later transaction on it.
 * - PGlite is one connection, and runs one transaction at a time (PGlite's own lock), so one drizzle instance serves
 *   all its transactions: its client hands each statement to the transaction open at that moment.
 */
import type { PGlite, QueryOptions, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { schema } from './schema';
import type { Database, DbOrTx, Transaction } from './types';

export interface Connection {
  /** A drizzle instance whose statements run on this connection (its transaction's, for a transaction). */
  db: Database;
  /** Whether the driver keeps a statement it was sent by name, parsed once per connection (node-postgres). */
  named: boolean;
  /** Runs a statement's text with its parameters (under `name` where `named`); answers its rows as the driver parses them. */
  query(name: string | undefined, text: string, params: unknown[]): Promise<unknown[]>;
  /** What statement.ts has prepared for this connection, by the statement's name. */
  prepared: Map<string, unknown>;
}

const connections = new WeakMap<DbOrTx, Connection>();

/** The connection `db` runs on; undefined for a handle made elsewhere (a test's own drizzle instance). */
export const connectionOf = (db: DbOrTx): Connection | undefined => connections.get(db);

/**
 * `connection.db.transaction`, registering each transaction it opens on `connection`, and each savepoint's transaction
 * within it (the same connection).
 */
function transactionOn(connection: Connection): Database['transaction'] {
  const registered = <T extends Transaction>(tx: T): T => {
    connections.set(tx, connection);
    const savepoint = tx.transaction.bind(tx);
    tx.transaction = (run) => savepoint((nested) => run(registered(nested)));
    return tx;
  };
  return (run, config) => connection.db.transaction((tx) => run(registered(tx)), config);
}

function postgresConnection(client: pg.Pool | pg.PoolClient): Connection {
  return {
    db: drizzleNodePostgres(client, { schema }),
    named: true,
    query: async (name, text, values) => (await client.query({ name, text, values })).rows,
    prepared: new Map(),
  };
}

/** The database over a node-postgres pool, each transaction on a connection it checks out (see above). */
export function postgresDatabase(pool: pg.Pool): Database {
  const connection = postgresConnection(pool);
  const { db } = connection;
  connections.set(db, connection);
  const byClient = new WeakMap<pg.PoolClient, Connection>();
  db.transaction = async (run, config) => {
    const client = await pool.connect();
    try {
      let own = byClient.get(client);
      if (!own) {
        own = postgresConnection(client);
        byClient.set(client, own);
      }
      return await transactionOn(own)(run, config);
    } finally {
      client.release();
    }
  };
  return db;
}

/** The database over one PGlite instance (see above). */
export function pgliteDatabase(pglite: PGlite): Database {
  const pgliteQuery = (client: Pick<PGlite, 'query'>) =>
    (async (_name, text, params) => (await client.query(text, params)).rows) satisfies Connection['query'];
  const connection: Connection = {
    db: drizzlePglite(pglite, { schema }),
    named: false,
    query: pgliteQuery(pglite),
    prepared: new Map(),
  };
  connections.set(connection.db, connection);

  let open: PgliteTransaction | undefined;
  const current = () => {
    if (!open) throw new Error('No PGlite transaction is open.');
    return open;
  };
  // The client of every transaction's statements; `transaction` hands itself over, as BEGIN is PGlite's own (below).
  const inTransaction: PgliteTransaction & Pick<PGlite, 'transaction'> = {
    query: (text: string, params?: unknown[], options?: QueryOptions) => current().query(text, params, options),
    sql: (strings: TemplateStringsArray, ...params: unknown[]) => current().sql(strings, ...params),
    exec: (text: string, options?: QueryOptions) => current().exec(text, options),
    rollback: () => current().rollback(),
    listen: (channel: string, callback: (payload: string) => void) => current().listen(channel, callback),
    get closed() {
      return current().closed;
    },
    transaction: (callback) => callback(inTransaction),
  };
  const transactions: Connection = {
    // drizzle's PGlite driver types its client as PGlite but calls only `query` and `transaction` on it (its session
    // takes a PGlite Transaction as well), which this client has.
    db: drizzlePglite({ client: inTransaction as unknown as PGlite, schema }),
    named: false,
    query: pgliteQuery(inTransaction),
    prepared: new Map(),
  };
  connection.db.transaction = (run, config) =>
    pglite.transaction(async (tx) => {
      open = tx;
      try {
        return await transactionOn(transactions)(run, config);
      } finally {
        open = undefined;
      }
    });
  return connection.db;
}
