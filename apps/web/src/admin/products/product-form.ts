/**
 * The admin product form's values, checks and multipart body (limits: docs/shop-rules.md#catalog).
 * - the checks are the shared product form schema's, the one the server applies to the same body:
 *   title required (at most 200 characters), a variant's price required, prices 0 to
 *   MAX_PRODUCT_PRICE, stock and threshold whole numbers 0 to MAX_PRODUCT_STOCK, and the text limits.
 * - price, stock and lowStockThreshold are sent as numbers, 0 when empty; the server uses price and
 *   stock only when there are no variants (with variants they come from the variants).
 * - mrp (and variants[i][mrp]): the MRP in rupees, empty for none; never below the price, which the shared
 *   schema checks (docs/shop-rules.md#mrp). With variants the product's own MRP is not used, as its price.
 * - active is sent as the text 'true' or 'false'.
 * - per variant i: variants[i][size] only when non-empty, variants[i][price] and variants[i][stock]
 *   (0 when empty), and variants[i][_id] for an existing variant so that its identity is kept.
 * - new image files under `images`.
 * - an edit sends `version`: the product's version when the form was (re)loaded. The server refuses
 *   the save with 409 when the product changed since (an order moved its stock, another edit).
 * - the tax data (docs/shop-rules.md#tax-data): hsnCode, gstRate (one of GST_RATES, 18 by default),
 *   countryOfOrigin (India by default), manufacturer, bisLicence, pesoApproval and legalMetrologyApproval,
 *   as text; an empty field clears the value (the rate and the country go back to their defaults). A product
 *   whose answer carried no tax data sends only the tax fields typed, so the stored ones are never wiped.
 * - the equipment data (docs/shop-rules.md#assets), sent with the tax data: complianceCategory (empty: not
 *   equipment), extinguisherType (fire extinguishers only) and warrantyMonths (whole months, empty for none).
 * - the kind (docs/shop-rules.md#service-products): kind (goods, service, amc) and taskKeys (the schedule's task keys,
 *   sent as one text separated by commas; empty: none), sent as the tax data is (all of them, or only what was chosen).
 */
import { AMC_DEFAULT_VISITS_PER_YEAR, formatQuantityBreaks, productFormSchema, type Product } from '@pumpkart/shared';

export interface VariantRow {
  /** A stable React key for the row. */
  key: string;
  /** Set for a variant that already exists on the server. */
  _id?: string;
  size: string;
  price: string;
  /** Empty: no MRP. */
  mrp: string;
  stock: string;
}

export interface ProductFormValues {
  title: string;
  description: string;
  category: string;
  brand: string;
  price: string;
  /** Empty: no MRP. */
  mrp: string;
  stock: string;
  lowStockThreshold: string;
  /** Business prices (docs/shop-rules.md#business-prices): whole numbers from 1, and breaks as '10:5, 50:10'. */
  minOrderQty: string;
  packSize: string;
  quantityBreaks: string;
  active: 'true' | 'false';
  /** Sold only through a quote (docs/shop-rules.md#quotes). */
  priceOnRequest: 'true' | 'false';
  variants: VariantRow[];
  hsnCode: string;
  /** One of GST_RATES as text, e.g. '18'. */
  gstRate: string;
  countryOfOrigin: string;
  manufacturer: string;
  bisLicence: string;
  pesoApproval: string;
  legalMetrologyApproval: string;
  /** One of COMPLIANCE_CATEGORY_KEYS, or empty: not compliance equipment. */
  complianceCategory: string;
  /** One of EXTINGUISHER_TYPES, or empty. */
  extinguisherType: string;
  warrantyMonths: string;
  /** One of PRODUCT_KINDS. */
  kind: string;
  /** Keys of the compliance schedule's tasks the product does. */
  taskKeys: string[];
  /** An AMC's visits a year, one of AMC_VISITS_PER_YEAR. */
  amcVisitsPerYear: string;
}

/** The tax fields of the form, in the order the form shows them. */
export const TAX_FIELDS = [
  'hsnCode',
  'gstRate',
  'countryOfOrigin',
  'manufacturer',
  'bisLicence',
  'pesoApproval',
  'legalMetrologyApproval',
  'complianceCategory',
  'extinguisherType',
  'warrantyMonths',
] as const;
export type TaxField = (typeof TAX_FIELDS)[number];

/** A new product's tax data (docs/shop-rules.md#tax-data). */
export const DEFAULT_GST_RATE = '18';
export const DEFAULT_COUNTRY_OF_ORIGIN = 'India';

function taxValuesOf(product?: Product): Pick<ProductFormValues, TaxField> {
  // Not carried by the answer: every field starts empty, and only what is typed is sent.
  if (product && product.gstRate === undefined) {
    return Object.fromEntries(TAX_FIELDS.map((field) => [field, ''])) as Pick<ProductFormValues, TaxField>;
  }
  return {
    hsnCode: product?.hsnCode ?? '',
    gstRate: product?.gstRate !== undefined ? String(product.gstRate) : DEFAULT_GST_RATE,
    countryOfOrigin: product?.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN,
    manufacturer: product?.manufacturer ?? '',
    bisLicence: product?.bisLicence ?? '',
    pesoApproval: product?.pesoApproval ?? '',
    legalMetrologyApproval: product?.legalMetrologyApproval ?? '',
    complianceCategory: product?.complianceCategory ?? '',
    extinguisherType: product?.extinguisherType ?? '',
    warrantyMonths: product?.warrantyMonths == null ? '' : String(product.warrantyMonths),
  };
}

/** Whether the product's answer carried its tax data (an edit then sends every tax field). */
export const hasTaxData = (product?: Product) => product === undefined || product.gstRate !== undefined;

/** Field name -> message; variant fields are named like 'variants.0.price'. */
export type ProductFormErrors = Record<string, string>;

/**
 * The shared normaliser gives a variant without a size the size 'Default'
 * (docs/shop-rules.md#catalog). The admin reads that back as "no size": the card shows a dash and
 * the form leaves the size empty, so that saving a product never turns a missing size into the text
 * 'Default' (both display the same).
 */
const NORMALISED_EMPTY_SIZE = 'Default';
export const ownSize = (size: string) => (size === NORMALISED_EMPTY_SIZE ? '' : size);

let rowCounter = 0;
export const newVariantRow = (): VariantRow => ({
  key: `new-${++rowCounter}`,
  size: '',
  price: '',
  mrp: '',
  stock: '',
});

/** An MRP as the form shows it: empty when none. */
const mrpText = (mrp: number | null | undefined) => (mrp == null ? '' : String(mrp));

export function valuesFromProduct(product?: Product): ProductFormValues {
  if (!product) {
    return {
      title: '',
      description: '',
      category: '',
      brand: '',
      price: '',
      mrp: '',
      stock: '',
      lowStockThreshold: '',
      minOrderQty: '1',
      packSize: '1',
      quantityBreaks: '',
      active: 'true',
      priceOnRequest: 'false',
      variants: [],
      ...taxValuesOf(),
      kind: 'goods',
      taskKeys: [],
      amcVisitsPerYear: String(AMC_DEFAULT_VISITS_PER_YEAR),
    };
  }
  return {
    title: product.title,
    description: product.description,
    category: product.category,
    brand: product.brand,
    price: String(product.price),
    // With sizes the product's MRP is the cheapest size's, not the form's own (which is then not used).
    mrp: product.variants.length ? '' : mrpText(product.mrp),
    stock: String(product.stock),
    lowStockThreshold: String(product.lowStockThreshold),
    minOrderQty: String(product.minOrderQty),
    packSize: String(product.packSize),
    quantityBreaks: formatQuantityBreaks(product.quantityBreaks),
    active: product.active ? 'true' : 'false',
    priceOnRequest: product.priceOnRequest ? 'true' : 'false',
    variants: product.variants.map((variant) => ({
      key: variant._id || `existing-${++rowCounter}`,
      _id: variant._id || undefined,
      size: ownSize(variant.size),
      price: String(variant.price),
      mrp: mrpText(variant.mrp),
      stock: String(variant.stock),
    })),
    ...taxValuesOf(product),
    kind: product.kind ?? 'goods',
    taskKeys: product.taskKeys ?? [],
    amcVisitsPerYear: String(product.amcVisitsPerYear ?? AMC_DEFAULT_VISITS_PER_YEAR),
  };
}

const isBlank = (text: string) => text.trim() === '';

/**
 * Checks the values with the shared product form schema, as the server will check the body built
 * from them (variant ids and the version are the server's own, not typed, so they are left to it).
 * One message per field, keyed like 'price' or 'variants.0.price'; the threshold shares the stock
 * rules, and its messages name it.
 */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const checked = productFormSchema.safeParse({
    title: values.title,
    description: values.description,
    category: values.category,
    brand: values.brand,
    price: values.price,
    mrp: values.variants.length ? '' : values.mrp,
    stock: values.stock,
    lowStockThreshold: values.lowStockThreshold,
    minOrderQty: values.minOrderQty,
    packSize: values.packSize,
    quantityBreaks: values.quantityBreaks,
    active: values.active,
    priceOnRequest: values.priceOnRequest,
    variants: values.variants.map(({ size, price, mrp, stock }) => ({ size, price, mrp, stock })),
    ...Object.fromEntries(TAX_FIELDS.map((field) => [field, values[field]])),
    kind: values.kind,
    taskKeys: values.taskKeys.join(','),
    amcVisitsPerYear: values.amcVisitsPerYear,
  });
  const errors: ProductFormErrors = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const name = issue.path.join('.');
    if (errors[name]) continue;
    errors[name] =
      name === 'lowStockThreshold' ? issue.message.replace(/^Stock\b/, 'Low-stock threshold') : issue.message;
  }
  return errors;
}

/** A number input's text as a number, 0 when empty. */
const numberOrZero = (text: string) => (isBlank(text) ? 0 : Number(text));

export function buildProductFormData(
  values: ProductFormValues,
  files: readonly File[],
  version?: number,
  { allTaxFields = true }: { allTaxFields?: boolean } = {},
): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('description', values.description.trim());
  form.append('category', values.category.trim());
  form.append('brand', values.brand.trim());
  form.append('price', String(numberOrZero(values.price)));
  form.append('mrp', values.variants.length ? '' : values.mrp.trim());
  form.append('stock', String(numberOrZero(values.stock)));
  form.append('lowStockThreshold', String(numberOrZero(values.lowStockThreshold)));
  form.append('minOrderQty', values.minOrderQty.trim());
  form.append('packSize', values.packSize.trim());
  form.append('quantityBreaks', values.quantityBreaks.trim());
  form.append('active', values.active);
  form.append('priceOnRequest', values.priceOnRequest);
  if (version !== undefined) form.append('version', String(version));
  values.variants.forEach((variant, index) => {
    if (variant._id) form.append(`variants[${index}][_id]`, variant._id);
    if (!isBlank(variant.size)) form.append(`variants[${index}][size]`, variant.size.trim());
    form.append(`variants[${index}][price]`, String(numberOrZero(variant.price)));
    form.append(`variants[${index}][mrp]`, variant.mrp.trim());
    form.append(`variants[${index}][stock]`, String(numberOrZero(variant.stock)));
  });
  for (const field of TAX_FIELDS) {
    const text = values[field].trim();
    if (allTaxFields || text) form.append(field, text);
  }
  // Like the tax fields: a product whose answer came without its data sends only what was chosen.
  if (allTaxFields || values.kind !== 'goods') form.append('kind', values.kind);
  if (allTaxFields || values.taskKeys.length) form.append('taskKeys', values.taskKeys.join(','));
  if (values.kind === 'amc') form.append('amcVisitsPerYear', values.amcVisitsPerYear);
  for (const file of files) form.append('images', file);
  return form;
}
