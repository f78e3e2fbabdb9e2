/**
 * Reading a long result a batch at a time by keyset (docs/shop-rules.md#orders-csv and #products-csv): each batch
 * starts after the key of the last row of the one before, so every batch costs the same however far into the
 * result it is, and only one batch is held at a time. The caller's query orders by a unique key and reads rows
 * after `after` (all rows when it is undefined), at most `size` of them.
 */
export async function* keysetBatches<Row, Key>(
  readBatch: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await readBatch(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}
