/**
 * The products CSV's columns (docs/shop-rules.md#products-csv), in the export's order; an import file has all of them
 * but the optional ones, in any order. The server's csv-format.ts reads and writes them; the browser journey writes a
 * file with them.
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'version',
  'title',
  'description',
  'brand',
  'category',
  'price',
  'mrp',
  'stock',
  'low_stock_threshold',
  'active',
  'hsn_code',
  'gst_rate',
  'country_of_origin',
  'manufacturer',
  'bis_licence',
  'peso_approval',
  'legal_metrology_approval',
  'kind',
  'task_keys',
  'variant_id',
  'variant_size',
  'variant_price',
  'variant_mrp',
  'variant_stock',
  'images',
] as const;

/**
 * The columns an import file may leave out (read as empty). `version`: the product's version when it was exported,
 * so that an import never writes back what changed since (stock that buyers took); a hand-made file for new
 * products has no use for it. `mrp` and `variant_mrp`: optional values, absent from files exported before they existed.
 * `kind` and `task_keys` (docs/shop-rules.md#service-products): absent, a product keeps its kind and tasks (a new one
 * is goods doing none); present and empty, goods and none (PRODUCT_CSV_KEPT_WHEN_ABSENT).
 */
export const PRODUCT_CSV_KEPT_WHEN_ABSENT: readonly (typeof PRODUCT_CSV_COLUMNS)[number][] = ['kind', 'task_keys'];
export const PRODUCT_CSV_OPTIONAL_COLUMNS: readonly (typeof PRODUCT_CSV_COLUMNS)[number][] = [
  'version',
  'mrp',
  'variant_mrp',
  'kind',
  'task_keys',
];
