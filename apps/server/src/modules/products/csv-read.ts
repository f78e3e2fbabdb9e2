/**
 * Reading an import file (docs/shop-rules.md#products-csv): the request body read within the size limit, decoded
 * from the encoding it is in (csv-encoding.ts) and parsed by csv-parse within the row limit, its header checked against the format's columns, and each row's cells by
 * column. A file that is not a CSV, is malformed, empty, too large or has a wrong header is refused whole (400)
 * with what is wrong in words; judging the rows is csv-import.ts's work.
 */
import { Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  PRODUCT_CSV_KEPT_WHEN_ABSENT,
  PRODUCT_CSV_OPTIONAL_COLUMNS,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  type CsvEncoding,
} from '@pumpkart/shared';
import { BadRequestError } from '../../lib/errors';
import { decodeCsvBytes } from './csv-encoding';
import { headerProblems, importedCell, type CsvLine, type ProductCsvColumn, type ProductCsvRecord } from './csv-format';

const MEGABYTES = PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024;

export const IMPORT_MESSAGES = {
  empty: 'The file is empty. Choose a CSV file exported from the products page, or one in its columns.',
  noRows: 'The file has a header but no product rows.',
  notCsv: 'This is not a CSV file: it holds binary data. Save the sheet as CSV (UTF-8) and upload that.',
  tooLarge: `The file is larger than ${MEGABYTES} MB. Split it into smaller files.`,
  tooManyRows: `The file has more than ${PRODUCT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} product rows. Split it into smaller files.`,
  header: (problems: string[]) => `The first row is not the products CSV header: ${problems.join(' ')}`,
  notText: 'Send the file itself as the body, with Content-Type: text/csv (not as a form or JSON).',
} as const;

/** Why csv-parse stopped, in words; `records` is how many rows it had read whole before it stopped. */
function malformed(error: CsvError & { records?: number }): BadRequestError {
  const row = error.records ?? 0;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new BadRequestError(
        `The file is not a valid CSV: a quoted cell opened at row ${row + 1} is never closed (a " without its pair).`,
      );
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return new BadRequestError(`Row ${row + 1} has a different number of cells than the header.`);
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new BadRequestError(
        `The file is not a valid CSV: at row ${row + 1} a quote is followed by other characters inside a cell.`,
      );
    default:
      return new BadRequestError(`The file is not a valid CSV (row ${row + 1}): ${error.message}`);
  }
}

/** Counts the bytes going through and refuses a body past the size limit. */
function checkedBytes(): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > PRODUCT_IMPORT_MAX_BYTES) return done(new BadRequestError(IMPORT_MESSAGES.tooLarge));
      done(null, chunk);
    },
  });
}

/** The body's bytes, read as they arrive up to the size limit; the rest of a refused body is drained. */
async function bodyBytes(body: Readable): Promise<Buffer> {
  const checker = checkedBytes();
  body.on('error', (error) => checker.destroy(error));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body.pipe(checker) as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch (error) {
    body.unpipe(checker);
    body.resume();
    throw error;
  }
  return Buffer.concat(chunks);
}

/** An import file's rows and the encoding it was read in (csv-encoding.ts). */
export interface ProductCsvFile {
  encoding: CsvEncoding;
  lines: CsvLine[];
}

/**
 * The rows of an import body, each with its row number (the header is row 1) and its cells by column. The body is
 * read whole (at most PRODUCT_IMPORT_MAX_BYTES) before it is decoded, since an accent that tells Windows-1252 from
 * UTF-8 may come on its last row; the rows (at most PRODUCT_IMPORT_MAX_ROWS) are kept anyway, since a product's rows
 * are judged together and duplicates are looked for across the file.
 */
export async function readProductCsv(body: unknown): Promise<ProductCsvFile> {
  if (body === undefined || body === null) throw new BadRequestError(IMPORT_MESSAGES.empty);
  if (!(body instanceof Readable)) throw new BadRequestError(IMPORT_MESSAGES.notText);
  const { encoding, text } = decodeCsvBytes(await bodyBytes(body));
  // A NUL character is in no spreadsheet's text: the file is binary (or UTF-16 without its byte-order mark).
  if (text.includes('\0')) throw new BadRequestError(IMPORT_MESSAGES.notCsv);
  const parser = parse({ skip_empty_lines: true, relax_column_count: false });
  parser.end(text);

  let header: ProductCsvColumn[] | undefined;
  const lines: CsvLine[] = [];
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      if (!header) {
        const names = record.map((name) => name.trim().toLowerCase());
        const problems = headerProblems(names);
        if (problems.length) throw new BadRequestError(IMPORT_MESSAGES.header(problems));
        header = names as ProductCsvColumn[];
        continue;
      }
      if (lines.length === PRODUCT_IMPORT_MAX_ROWS) throw new BadRequestError(IMPORT_MESSAGES.tooManyRows);
      // An optional column the file leaves out reads as empty; the kind's and tasks' are not sent at all.
      const cells = Object.fromEntries(PRODUCT_CSV_OPTIONAL_COLUMNS.map((column) => [column, ''])) as ProductCsvRecord;
      header.forEach((column, index) => (cells[column] = importedCell(record[index] ?? '')));
      const absent = PRODUCT_CSV_KEPT_WHEN_ABSENT.filter((column) => !header!.includes(column));
      lines.push({ line: row, cells, ...(absent.length ? { absent: new Set(absent) } : {}) });
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError) throw malformed(error);
    throw error;
  }
  if (!header) throw new BadRequestError(IMPORT_MESSAGES.empty);
  if (lines.length === 0) throw new BadRequestError(IMPORT_MESSAGES.noRows);
  return { encoding, lines };
}
