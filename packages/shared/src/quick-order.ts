/**
 * The quick order form's text (docs/shop-rules.md#buying-again): one line per item, "SKU, quantity", separated by a
 * comma, a semicolon or a tab (a paste from a spreadsheet), cells optionally in double quotes, with or without a
 * header line. Read the same way by the server, which checks each line, and by the web page, which counts them.
 */

/** One non-empty line of the text: its number (from 1), its SKU and its quantity cell as typed. */
export interface QuickOrderRow {
  row: number;
  sku: string;
  quantityText: string;
}

const unquote = (cell: string) => {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replace(/""/g, '"').trim()
    : trimmed;
};

/** A quantity cell as a whole number, or null ("10", " 10 ", "10.0" are 10; "ten", "1.5", "" are not). */
export function quickOrderQuantity(text: string): number | null {
  const value = Number(text.replace(/,/g, ''));
  return text.trim() !== '' && Number.isInteger(value) ? value : null;
}

/**
 * The rows of the text. A line with one cell is that SKU with the quantity 1. The first line is a header, and
 * skipped, when its quantity cell is not a number and it names a SKU column ("sku", "item code"...), as a
 * spreadsheet's first row does.
 */
export function parseQuickOrder(text: string): QuickOrderRow[] {
  const rows: QuickOrderRow[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const separator = line.includes('\t') ? '\t' : line.includes(';') && !line.includes(',') ? ';' : ',';
    const [first = '', second, ...rest] = line.split(separator).map(unquote);
    // A quantity written with Indian grouping ("1,000") in an unquoted comma line spills into a third cell.
    const quantityText = second === undefined ? '1' : [second, ...rest].join(separator === ',' ? ',' : '');
    const isHeader =
      rows.length === 0 && quickOrderQuantity(quantityText) === null && /sku|code|item|product/i.test(first);
    if (!isHeader) rows.push({ row: index + 1, sku: first, quantityText });
  });
  return rows;
}
