/**
 * A CSV file sent as a download while it is read from the database (docs/shop-rules.md#orders-csv and
 * #products-csv): the rows come in batches from an async iterable and go out through csv-stringify, which writes
 * RFC 4180 lines (CRLF, quotes where needed) after a UTF-8 byte-order mark, so that Excel reads the rupee sign and
 * Indian names as UTF-8. The next batch is read only when the client has taken the rows before it (the stream's
 * backpressure), and a client that goes away ends the reading: Fastify destroys the stream, the pipeline ends the
 * iterable. Every text cell is written spreadsheet-safe (textCell).
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | null;
export type CsvRow = readonly CsvCell[];

export interface CsvDownload {
  /** The attachment's name, e.g. 'orders-2026-11-25.csv' (letters, digits, dot, dash and underscore only). */
  fileName: string;
  /** The header row. */
  columns: readonly string[];
  /** The rows, a batch at a time, each row a cell per column. */
  batches: AsyncIterable<readonly CsvRow[]>;
}

/** = + - @ (and their full-width forms, which Apple Numbers reads as them), tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell as a spreadsheet may open it: a text starting with = + - @, a tab or a carriage return would be
 * read as a formula, so it gets a leading apostrophe ('+91 98…, '=HYPERLINK(…)); a plain number such as -0.05
 * is left as it is.
 */
export const textCell = (text: string) => (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text);

/** An amount in paise as rupees with two decimals and no separators: 12345 -> '123.45', -5 -> '-0.05'. */
export function csvAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

async function* rowsOf(batches: AsyncIterable<readonly CsvRow[]>): AsyncGenerator<CsvRow> {
  for await (const batch of batches) yield* batch;
}

/** Answers the request with the rows as a CSV attachment, streamed. */
export function sendCsv(reply: FastifyReply, { fileName, columns, batches }: CsvDownload): FastifyReply {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    // Quote a cell holding a line break of either kind, not only the record delimiter itself.
    quote_record_delimiter: true,
    cast: { string: textCell },
  });
  // A failure part-way (the database, or the client leaving) destroys `csv`, and Fastify reports it on the
  // response; destroying the rows' stream ends the iterable, so no further batch is read.
  pipeline(Readable.from(rowsOf(batches)), csv, () => undefined);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
