/** The catalog's price filters and sorts (docs/shop-rules.md#filters), shared by the storefront and the server. */

export const PRICE_RANGES = ['0-500', '500-1000', '1000+'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/**
 * The price filter's own minimum and maximum (docs/shop-rules.md#filters): whole rupees from 0 to PRICE_BOUND_MAX,
 * both inclusive, beside the spec's ranges, which are too coarse for a catalogue from ₹145 to lakhs.
 */
export const PRICE_BOUND_MAX = 10_000_000;

/** A minimum or maximum price as typed or read from an address: whole rupees within the bounds, else undefined. */
export function parsePriceBound(value: string | null | undefined): number | undefined {
  const text = value?.trim().replace(/,/g, '') ?? '';
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const rupees = Number(text);
  return rupees <= PRICE_BOUND_MAX ? rupees : undefined;
}

/**
 * Orders of the catalog list (docs/shop-rules.md#filters, #search): `relevance` (for a search: the term as a whole
 * word in the title, then inside a title word, then as a whole word in the description, then inside a description
 * word; newest first within each; without a search it is `newest`), by price either way, or `newest`. Ties go by
 * id, so pages are stable.
 */
export const CATALOG_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Price-range filter (docs/shop-rules.md#filters): 0-500 inclusive, above 500 up to 1000, above 1000. */
export function inPriceRange(price: number, range: PriceRange): boolean {
  switch (range) {
    case '0-500':
      return price >= 0 && price <= 500;
    case '500-1000':
      return price > 500 && price <= 1000;
    case '1000+':
      return price > 1000;
  }
}
