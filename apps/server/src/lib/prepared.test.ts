/**
 * runNamed (lib/prepared.ts): on PostgreSQL a text is prepared once per connection under one name, and no more than
 * MAX_NAMED_STATEMENTS texts are ever named, since every connection keeps what it has prepared; the texts past that
 * run unnamed, with the same answers. On the embedded database it is an ordinary execute. runTemplate builds a
 * statement once per key and fills its placeholders on every run. A statement with parameters that drizzle sends
 * inside a transaction is named once it has been sent HOT_AFTER times (hotStatementName); one sent outside any is not.
 * preparedInTransaction builds a transaction's statement once and runs it on each transaction's own connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createTestApp, onPostgres, type TestApp } from '../test/app';
import {
  HOT_AFTER,
  MAX_NAMED_STATEMENTS,
  placeholder,
  placeholderOf,
  preparedInsert,
  preparedInTransaction,
  runNamed,
  runTemplate,
} from './prepared';
import { rowsOf } from './raw-rows';

/** A statement whose text holds `text` (so that each is one more text) and whose answer is text + value. */
const statement = (text: number, value: number) => sql`select ${sql.raw(String(text))}::int + ${value}::int as "n"`;

describe.skipIf(!onPostgres)('runNamed on PostgreSQL (one connection)', () => {
  let database: DatabaseHandle;
  const prepared = async () =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as "n" from pg_prepared_statements`))[0]!
      .n;

  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
  });
  afterAll(() => database.close());

  // First: the next test spends the rest of the process's budget of names.
  it('sends a statement drizzle builds in a transaction unnamed until it is hot, then prepared once', async () => {
    const { db } = database;
    const hot = (value: number) => sql`select ${value}::int * 2 as "twice"`;
    const preparedLike = async (pattern: string) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as "n" from pg_prepared_statements where statement like ${pattern}`),
      )[0]!.n;
    const preparedHot = () => preparedLike('%as "twice"');
    // Outside a transaction, never: such a read is named only where the code asks for it (runNamed, runTemplate).
    const outside = (value: number) => sql`select ${value}::int * 3 as "thrice"`;
    for (let run = 0; run <= HOT_AFTER; run++)
      expect(rowsOf(await db.execute(outside(run)))).toEqual([{ thrice: 3 * run }]);
    expect(await preparedLike('%as "thrice"')).toBe(0);
    for (let run = 1; run < HOT_AFTER; run++) {
      expect(rowsOf(await db.transaction((tx) => tx.execute(hot(run))))).toEqual([{ twice: 2 * run }]);
      expect(await preparedHot()).toBe(0);
    }
    expect(rowsOf(await db.transaction((tx) => tx.execute(hot(10))))).toEqual([{ twice: 20 }]);
    expect(await preparedHot()).toBe(1);
    // Prepared once: later runs, a rolled-back transaction's and one outside any, reuse it with their own values.
    await expect(
      db.transaction(async (tx) => {
        expect(rowsOf(await tx.execute(hot(11)))).toEqual([{ twice: 22 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(rowsOf(await db.execute(hot(12)))).toEqual([{ twice: 24 }]);
    expect(await preparedHot()).toBe(1);
  });

  it('prepares a text once, and names at most MAX_NAMED_STATEMENTS texts', async () => {
    const { db } = database;
    expect(await runNamed(db, statement(0, 1))).toEqual([{ n: 1 }]);
    expect(await runNamed(db, statement(0, 2))).toEqual([{ n: 2 }]);
    expect(await prepared()).toBe(2); // with the hot statement of the test before
    for (let text = 1; text < MAX_NAMED_STATEMENTS + 25; text++) {
      expect(await runNamed(db, statement(text, 3))).toEqual([{ n: text + 3 }]);
    }
    expect(await prepared()).toBe(MAX_NAMED_STATEMENTS);
    // A named text stays named; one past the limit is answered all the same.
    expect(await runNamed(db, statement(0, 4))).toEqual([{ n: 4 }]);
    expect(await runNamed(db, statement(MAX_NAMED_STATEMENTS + 24, 5))).toEqual([{ n: MAX_NAMED_STATEMENTS + 29 }]);
    expect(await prepared()).toBe(MAX_NAMED_STATEMENTS);
  });
});

describe.skipIf(!onPostgres)('runTemplate on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 2 });
  });
  afterAll(() => database.close());

  it('builds a statement once per key and answers each run for its own values', async () => {
    const { db } = database;
    let builds = 0;
    const build = (offset: number) => () => {
      builds += 1;
      return sql`select ${sql.raw(String(offset))} + ${placeholder('a', 0)}::int * ${placeholder('b', 0)}::int as "n"`;
    };
    expect(await runTemplate(db, 'template-test:100', build(100), { a: 2, b: 3 })).toEqual([{ n: 106 }]);
    expect(await runTemplate(db, 'template-test:100', build(100), { a: 4, b: 5 })).toEqual([{ n: 120 }]);
    expect(builds).toBe(1);
    // Another key is another statement.
    expect(await runTemplate(db, 'template-test:200', build(200), { a: 1, b: 1 })).toEqual([{ n: 201 }]);
    expect(builds).toBe(2);
    // A value missing is an error of the caller, not a silent null.
    await expect(runTemplate(db, 'template-test:100', build(100), { a: 1 })).rejects.toThrow(/b/);
  });
});

describe('runNamed on the test database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the statement', async () => {
    expect(await runNamed(t.db, statement(40, 2))).toEqual([{ n: 42 }]);
  });
});

describe('preparedInTransaction on the test database', () => {
  const scratch = pgTable('prepared_in_tx', { n: integer('n').notNull() });
  let t: TestApp;
  let builds = 0;
  const insertRow = preparedInsert(scratch, ['n'], 'prepared_in_tx_insert');
  const countRows = preparedInTransaction((tx) => {
    builds += 1;
    return tx
      .select({ rows: sql<number>`count(*)::int` })
      .from(scratch)
      .prepare('prepared_in_tx_count');
  });
  const doubleRow = preparedInTransaction((tx) =>
    tx
      .update(scratch)
      .set({ n: placeholderOf(scratch.n, 'to') })
      .where(eq(scratch.n, sql.placeholder('from')))
      .returning()
      .prepare('prepared_in_tx_update'),
  );
  const rowsIn = async (tx: Parameters<typeof countRows>[0]) => (await countRows(tx).execute())[0]!.rows;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`create table prepared_in_tx (n int not null)`);
  });
  afterAll(() => t.close());

  it("builds a statement once and runs it on each transaction's own connection, with each run's values", async () => {
    await t.db.transaction(async (a) => {
      expect(await insertRow(a).execute([{ n: 1 }])).toEqual([{ n: 1 }]);
      // Its own uncommitted row: the statement ran on this transaction's connection.
      expect(await rowsIn(a)).toBe(1);
      // Another transaction at the same time does not see it (the embedded database runs one at a time).
      if (onPostgres) await t.db.transaction(async (b) => expect(await rowsIn(b)).toBe(0));
    });
    await expect(
      t.db.transaction(async (tx) => {
        await insertRow(tx).execute([{ n: 2 }]);
        expect(await doubleRow(tx).execute({ from: 2, to: 4 })).toEqual([{ n: 4 }]);
        expect(await rowsIn(tx)).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // In a savepoint too, and after a rolled-back transaction on the same connection.
    await t.db.transaction(async (tx) => {
      await tx.transaction(async (sp) => {
        expect(await doubleRow(sp).execute({ from: 1, to: 3 })).toEqual([{ n: 3 }]);
      });
      expect(await rowsIn(tx)).toBe(1);
    });
    expect(await t.db.select().from(scratch)).toEqual([{ n: 3 }]);
    // Built once for all of those runs.
    expect(builds).toBe(1);
  });
});
