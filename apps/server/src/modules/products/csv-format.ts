/**
 * The products CSV (docs/shop-rules.md#products-csv), the one home of its format (its columns are PRODUCT_CSV_COLUMNS
 * in @pumpkart/shared): a product (with its variants and images) as rows for the export, and the rows of a file gathered back into products, each as the
 * fields the admin form sends, for the import to validate with the form's own schema.
 */
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_OPTIONAL_COLUMNS,
  toPaise,
  type ProductDto,
  type ProductTaxData,
} from '@pumpkart/shared';
import { csvAmount, textCell } from '../../lib/csv-stream';

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export type ProductCsvRecord = Record<ProductCsvColumn, string>;

/** The columns that describe one variant: a row with any of them filled is a variant row. */
const VARIANT_COLUMNS = ['variant_id', 'variant_size', 'variant_price', 'variant_mrp', 'variant_stock'] as const;

/** Between the image URLs of the images cell. */
export const IMAGE_SEPARATOR = '|';

/** A product as the export writes it: the admin's view of it, tax data included. */
export type ExportedProduct = ProductDto & ProductTaxData;

const rupeesCell = (rupees: number) => csvAmount(toPaise(rupees));
/** An MRP's cell: rupees with two decimals, empty when none. */
const mrpCell = (rupees: number | null) => (rupees === null ? '' : rupeesCell(rupees));

/** One row per variant (one row with empty variant cells without variants); the product's cells repeat on each. */
export function productCsvRows(product: ExportedProduct): string[][] {
  const productCells: Omit<ProductCsvRecord, (typeof VARIANT_COLUMNS)[number]> = {
    id: product._id,
    // The same on each of its rows: a variant moves its product's version (orders take both rows' stock).
    version: String(product.version),
    title: product.title,
    description: product.description,
    brand: product.brand,
    category: product.category,
    price: rupeesCell(product.price),
    mrp: mrpCell(product.mrp),
    stock: String(product.stock),
    low_stock_threshold: String(product.lowStockThreshold),
    active: String(product.active),
    hsn_code: product.hsnCode ?? '',
    gst_rate: String(product.gstRate),
    country_of_origin: product.countryOfOrigin,
    manufacturer: product.manufacturer ?? '',
    bis_licence: product.bisLicence ?? '',
    peso_approval: product.pesoApproval ?? '',
    legal_metrology_approval: product.legalMetrologyApproval ?? '',
    kind: product.kind,
    task_keys: product.taskKeys.join(', '),
    images: product.images.map((image) => image.url).join(` ${IMAGE_SEPARATOR} `),
  };
  const variantCells = product.variants.length
    ? product.variants.map((variant) => ({
        variant_id: variant._id,
        variant_size: variant.size ?? '',
        variant_price: rupeesCell(variant.price),
        variant_mrp: mrpCell(variant.mrp),
        variant_stock: String(variant.stock),
      }))
    : [{ variant_id: '', variant_size: '', variant_price: '', variant_mrp: '', variant_stock: '' }];
  return variantCells.map((variant) => {
    const record: ProductCsvRecord = { ...productCells, ...variant };
    return PRODUCT_CSV_COLUMNS.map((column) => record[column]);
  });
}

/**
 * A cell as it was before the export made it spreadsheet-safe: the apostrophe textCell puts before a text that
 * starts like a formula is taken off again, so a file exported and imported unchanged changes nothing.
 */
export const importedCell = (cell: string) =>
  cell.startsWith("'") && textCell(cell.slice(1)) === cell ? cell.slice(1) : cell;

/** A line of the file: its number in the file (the header is line 1) and its cells by column. */
export interface CsvLine {
  line: number;
  cells: ProductCsvRecord;
  /** The columns of PRODUCT_CSV_KEPT_WHEN_ABSENT the file leaves out: their fields are not sent (kept). */
  absent?: ReadonlySet<ProductCsvColumn>;
}

/** The consecutive lines of one product: the same id, or for a new product (no id) the same title. */
export interface CsvProduct {
  id: string;
  lines: CsvLine[];
}

/** What is wrong with a header, in words; none when it has every column (optional ones aside) once and no other. */
export function headerProblems(header: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) problems.push(`Unknown column '${name}'.`);
    else if (seen.has(name)) problems.push(`The column '${name}' appears twice.`);
    seen.add(name);
  }
  const missing = PRODUCT_CSV_COLUMNS.filter(
    (column) => !seen.has(column) && !PRODUCT_CSV_OPTIONAL_COLUMNS.includes(column),
  );
  if (missing.length) problems.push(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  return problems;
}

const isVariantLine = (cells: ProductCsvRecord) => VARIANT_COLUMNS.some((column) => cells[column] !== '');

/**
 * Gathers lines into products: a run of lines with the same id, or without an id and with the same title, is one
 * product. Where the id or the title changes, the next product starts.
 */
export function groupProductLines(lines: Iterable<CsvLine>): CsvProduct[] {
  const groups: CsvProduct[] = [];
  let current: CsvProduct | undefined;
  for (const line of lines) {
    const id = line.cells.id;
    const sameProduct =
      current !== undefined &&
      id === current.id &&
      (id !== '' || line.cells.title.trim() === current.lines[0]!.cells.title.trim());
    if (sameProduct) current!.lines.push(line);
    else {
      current = { id, lines: [line] };
      groups.push(current);
    }
  }
  return groups;
}

/** The product's own columns (all but the variant ones) whose cells on `line` differ from its first line's. */
export function differingProductColumns(first: ProductCsvRecord, line: ProductCsvRecord): ProductCsvColumn[] {
  return PRODUCT_CSV_COLUMNS.filter(
    (column) => !(VARIANT_COLUMNS as readonly string[]).includes(column) && first[column] !== line[column],
  );
}

/** The column of each field of productFormFields (variant fields: variantColumn). */
export const FORM_FIELD_COLUMNS: Record<string, ProductCsvColumn> = {
  title: 'title',
  description: 'description',
  brand: 'brand',
  category: 'category',
  price: 'price',
  mrp: 'mrp',
  stock: 'stock',
  lowStockThreshold: 'low_stock_threshold',
  active: 'active',
  hsnCode: 'hsn_code',
  gstRate: 'gst_rate',
  countryOfOrigin: 'country_of_origin',
  manufacturer: 'manufacturer',
  bisLicence: 'bis_licence',
  pesoApproval: 'peso_approval',
  legalMetrologyApproval: 'legal_metrology_approval',
  kind: 'kind',
  taskKeys: 'task_keys',
};

/** The column of a variant field of productFormFields: _id, size, price, mrp, stock. */
export const variantColumn = (field: string): ProductCsvColumn =>
  field === '_id' ? 'variant_id' : (`variant_${field}` as ProductCsvColumn);

/** The variant lines of a product, and the lines that leave the variant cells empty. */
export function splitVariantLines(product: CsvProduct) {
  return {
    variantLines: product.lines.filter((line) => isVariantLine(line.cells)),
    plainLines: product.lines.filter((line) => !isVariantLine(line.cells)),
  };
}

/**
 * A product's fields as the admin form sends them (productFormSchema validates them): from its first line, with
 * the variants of its variant lines. An empty cell is a field left empty, as in the form; only `active` empty
 * means the form's default (true).
 */
export function productFormFields(product: CsvProduct): Record<string, unknown> {
  const first = product.lines[0]!.cells;
  const absent = product.lines[0]!.absent;
  const { variantLines } = splitVariantLines(product);
  return {
    title: first.title,
    description: first.description,
    brand: first.brand,
    category: first.category,
    price: first.price,
    mrp: first.mrp,
    stock: first.stock,
    lowStockThreshold: first.low_stock_threshold,
    ...(first.active === '' ? {} : { active: first.active }),
    hsnCode: first.hsn_code,
    gstRate: first.gst_rate,
    countryOfOrigin: first.country_of_origin,
    manufacturer: first.manufacturer,
    bisLicence: first.bis_licence,
    pesoApproval: first.peso_approval,
    legalMetrologyApproval: first.legal_metrology_approval,
    // Empty: goods (a kind left empty is the form's not sent, so a present empty cell is said as goods here).
    ...(absent?.has('kind') ? {} : { kind: first.kind.trim() === '' ? 'goods' : first.kind.trim().toLowerCase() }),
    ...(absent?.has('task_keys') ? {} : { taskKeys: first.task_keys }),
    variants: variantLines.map(({ cells }) => ({
      _id: cells.variant_id,
      size: cells.variant_size,
      price: cells.variant_price,
      mrp: cells.variant_mrp,
      stock: cells.variant_stock,
    })),
  };
}

/** The image references of an images cell, in order (empty: none given). */
export function imageReferences(cell: string): string[] {
  return cell
    .split(IMAGE_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}
