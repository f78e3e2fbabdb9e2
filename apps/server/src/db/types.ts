/** The database handle's types, apart from the code that opens it (client.ts) and the statements run on it (statement.ts). */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { schema } from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Data functions take either the database or a transaction. */
export type DbOrTx = Database | Transaction;
