/**
 * The statement primitive (db/statement.ts) on the database the suite runs on: a statement answers what the same
 * query run as is answers, outside and inside transactions (a savepoint's included), and a rolled-back transaction
 * leaves it usable. It is built once per connection, PGlite's transactions sharing one; on PostgreSQL each pool
 * connection prepares it under its name, and statementByShape names each shape up to its limit.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { rowsOf } from '../lib/raw-rows';
import { onPostgres } from '../test/app';
import { openDatabase, type DatabaseHandle, type DbOrTx } from './client';
import { statement, statementByShape } from './statement';

/** A table of this run's own (the PostgreSQL server is shared). */
const tableName = `statement_test_${randomBytes(4).toString('hex')}`;
const numbers = pgTable(tableName, { id: integer('id').primaryKey(), label: text('label').notNull() });

let builds = 0;
const byId = statement('statement_test_by_id', ({ db }) => {
  builds += 1;
  return db
    .select()
    .from(numbers)
    .where(eq(numbers.id, sql.placeholder('id')));
});
const insertRaw = statement<{ id: number; label: string }>(
  'statement_test_insert',
  ({ value }) => sql`insert into ${numbers} (id, label) values (${value('id')}, ${value('label')}) returning id, label`,
);
const above = statementByShape<{ id: number; label: string }>('statement_test_above', 2);
/** A read whose text depends on its shape (the sort), with the bound as a value. */
const aboveQuery = (order: 'asc' | 'desc', bound: unknown) =>
  sql`select id, label from ${numbers} where id > ${bound} order by id ${sql.raw(order)}`;

/** The names this connection has prepared that start with `prefix` (PostgreSQL). */
async function preparedOn(db: DbOrTx, prefix: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select name from pg_prepared_statements where name like ${`${prefix}%`} order by name`),
  );
  return rows.map((row) => row.name);
}

describe('statement', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 2 });
    await database.db.execute(sql.raw(`create table ${tableName} (id int primary key, label text not null)`));
    for (const id of [1, 2, 3]) await insertRaw(database.db, { id, label: `n${id}` });
  });
  afterAll(async () => {
    await database.db.execute(sql.raw(`drop table if exists ${tableName}`));
    await database.close();
  });

  it('answers what the same query run as is answers, outside and inside a transaction', async () => {
    const { db } = database;
    const simple = (handle: DbOrTx, id: number) => handle.select().from(numbers).where(eq(numbers.id, id));
    expect(await byId(db, { id: 2 })).toEqual(await simple(db, 2));
    expect(await byId(db, { id: 2 })).toEqual([{ id: 2, label: 'n2' }]);
    await db.transaction(async (tx) => {
      expect(await byId(tx, { id: 3 })).toEqual(await simple(tx, 3));
      // Raw SQL: the driver's rows, as db.execute answers them.
      const inserted = await insertRaw(tx, { id: 10, label: 'ten' });
      expect(inserted).toEqual([{ id: 10, label: 'ten' }]);
      expect(await byId(tx, { id: 10 })).toEqual([{ id: 10, label: 'ten' }]);
      await tx.transaction(async (savepoint) => {
        expect(await byId(savepoint, { id: 10 })).toEqual(await simple(savepoint, 10));
      });
    });
    expect(await byId(db, { id: 99 })).toEqual([]);
    const raw = rowsOf(await db.execute(sql`select id, label from ${numbers} where id = ${10}`));
    expect(raw).toEqual([{ id: 10, label: 'ten' }]);
  });

  it('leaves nothing of a rolled-back transaction, and runs again after it', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await insertRaw(tx, { id: 20, label: 'twenty' });
        expect(await byId(tx, { id: 20 })).toEqual([{ id: 20, label: 'twenty' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId(db, { id: 20 })).toEqual([]);
    // A statement that fails (a duplicate key) rolls its transaction back too.
    await expect(db.transaction((tx) => insertRaw(tx, { id: 1, label: 'again' }))).rejects.toThrow();
    expect(await db.transaction((tx) => byId(tx, { id: 1 }))).toEqual([{ id: 1, label: 'n1' }]);
  });

  it('builds a statement once per connection, however many transactions run it', async () => {
    const { db } = database;
    const before = builds;
    for (let run = 0; run < 5; run++) {
      await db.transaction(async (tx) => {
        expect(await byId(tx, { id: 1 })).toEqual([{ id: 1, label: 'n1' }]);
        await tx.transaction((savepoint) => byId(savepoint, { id: 2 }));
      });
      await byId(db, { id: 3 });
    }
    // PGlite: its transactions share one connection, built for already. PostgreSQL: at most each pool connection's.
    expect(builds - before).toBeLessThanOrEqual(database.kind === 'pglite' ? 0 : 2);
  });

  it('refuses a second statement of the same name', () => {
    expect(() => statement('statement_test_by_id', ({ db }) => db.select().from(numbers))).toThrow(/Two statements/);
  });

  it('names each shape of a read up to its limit, and answers past it as the query run as is', async () => {
    const { db } = database;
    const simple = async (order: 'asc' | 'desc', bound: number) => rowsOf(await db.execute(aboveQuery(order, bound)));
    const keyed = (order: 'asc' | 'desc', bound: number) =>
      above(db, order, ({ value }) => aboveQuery(order, value('bound')), { bound });
    expect(await keyed('asc', 1)).toEqual(await simple('asc', 1));
    expect(await keyed('asc', 2)).toEqual(await simple('asc', 2));
    expect(await keyed('asc', 2)).toEqual([
      { id: 3, label: 'n3' },
      { id: 10, label: 'ten' },
    ]);
    expect(await keyed('desc', 1)).toEqual(await simple('desc', 1));
    // A shape by its text: the values are its parameters.
    const byText = (bound: number) => above(db, undefined, () => sql`${aboveQuery('asc', bound)} limit 1`);
    expect(await byText(1)).toEqual([{ id: 2, label: 'n2' }]);
    expect(await byText(2)).toEqual([{ id: 3, label: 'n3' }]);
    expect(
      await db.transaction((tx) => above(tx, 'desc', ({ value }) => aboveQuery('desc', value('bound')), { bound: 2 })),
    ).toEqual([
      { id: 10, label: 'ten' },
      { id: 3, label: 'n3' },
    ]);
  });
});

describe.skipIf(!onPostgres)('statement on PostgreSQL (named statements, each connection its own)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 2 });
  });
  afterAll(() => database.close());

  it('prepares a statement on each connection that runs it, inside a transaction too', async () => {
    const { db } = database;
    const twice = statement<{ n: number }>(
      'statement_test_twice',
      ({ value }) => sql`select ${value('n')}::int * 2 as n`,
    );
    // Two transactions open at once hold both connections of the pool.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let open = 0;
    let bothOpen!: () => void;
    const opened = new Promise<void>((resolve) => (bothOpen = resolve));
    const inTransaction = (n: number) =>
      db.transaction(async (tx) => {
        const rows = await twice(tx, { n });
        const names = await preparedOn(tx, 'statement_test_twice');
        const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [
          { pid: number },
        ];
        if (++open === 2) bothOpen();
        await held;
        return { rows, names, pid };
      });
    const runs = Promise.all([inTransaction(1), inTransaction(2)]);
    await opened;
    release();
    const [first, second] = await runs;
    expect(first.pid).not.toBe(second.pid);
    expect([first.rows, second.rows]).toEqual([[{ n: 2 }], [{ n: 4 }]]);
    expect([first.names, second.names]).toEqual([['statement_test_twice'], ['statement_test_twice']]);
    // Outside any transaction, on the pool: the connections keep it.
    expect(await twice(db, { n: 5 })).toEqual([{ n: 10 }]);
  });

  it('names the shapes of a read, no more than its limit', async () => {
    const { db } = database;
    const shaped = statementByShape<{ n: number }>('statement_test_shaped', 2);
    for (const factor of [2, 3, 4, 5]) {
      await db.transaction(async (tx) => {
        const [row] = await shaped(
          tx,
          String(factor),
          ({ value }) => sql`select ${value('n')}::int * ${sql.raw(String(factor))} as n`,
          {
            n: 7,
          },
        );
        expect(row).toEqual({ n: 7 * factor });
        const names = await preparedOn(tx, 'statement_test_shaped');
        expect(names.length).toBeLessThanOrEqual(2);
      });
    }
  });
});
