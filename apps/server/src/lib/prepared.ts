/**
 * Hot queries prepared once (docs/decisions/0015-checkout-statements.md): drizzle builds their SQL a single time
 * and, on PostgreSQL, node-postgres parses them once per connection under their name (a named prepared statement)
 * instead of building and parsing the text on every request. A prepared query belongs to the database handle it
 * was made on, so it is made on first use for each handle (tests open several) and must never be used for a read
 * that has to be inside a transaction: it always runs on the handle's pool.
 */
import type { Database } from '../db/client';

export function preparedPerDatabase<Q>(prepare: (db: Database) => Q): (db: Database) => Q {
  const byDatabase = new WeakMap<Database, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = prepare(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
