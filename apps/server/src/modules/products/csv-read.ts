/**
 * Reading an import file (docs/shop-rules.md#products-csv): the request body parsed as it arrives by csv-parse,
 * within the size and row limits, its header checked against the format's columns, and each row's cells by
 * column. A file that is not a CSV, is malformed, empty, too large or has a wrong header is refused whole (400)
 * with what is wrong in words; judging the rows is csv-import.ts's work.
 */
import { Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { PRODUCT_IMPORT_MAX_BYTES, PRODUCT_IMPORT_MAX_ROWS } from '@pumpkart/shared';
import { BadRequestError } from '../../lib/errors';
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

/** Counts the bytes going through and refuses a body past the size limit, or one holding a NUL byte (not text). */
function checkedBytes(): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > PRODUCT_IMPORT_MAX_BYTES) return done(new BadRequestError(IMPORT_MESSAGES.tooLarge));
      if (chunk.includes(0)) return done(new BadRequestError(IMPORT_MESSAGES.notCsv));
      done(null, chunk);
    },
  });
}

/**
 * The rows of an import body, each with its row number (the header is row 1) and its cells by column. The body
 * is parsed as it arrives; the rows (at most PRODUCT_IMPORT_MAX_ROWS) are kept, since a product's rows are
 * judged together and duplicates are looked for across the file.
 */
export async function readProductCsv(body: unknown): Promise<CsvLine[]> {
  if (body === undefined || body === null) throw new BadRequestError(IMPORT_MESSAGES.empty);
  if (!(body instanceof Readable)) throw new BadRequestError(IMPORT_MESSAGES.notText);
  const checker = checkedBytes();
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: false });
  body.on('error', (error) => checker.destroy(error));
  checker.on('error', (error) => parser.destroy(error));
  body.pipe(checker).pipe(parser);

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
      const cells = {} as ProductCsvRecord;
      header.forEach((column, index) => (cells[column] = importedCell(record[index] ?? '')));
      lines.push({ line: row, cells });
    }
  } catch (error) {
    body.unpipe(checker);
    body.resume();
    if (error instanceof CsvError) throw malformed(error);
    throw error;
  }
  if (!header) throw new BadRequestError(IMPORT_MESSAGES.empty);
  if (lines.length === 0) throw new BadRequestError(IMPORT_MESSAGES.noRows);
  return lines;
}
