import { cheapestVariantPrice, DEFAULT_CATEGORY } from './product';

/**
 * What a product needs before it may be active, on sale (docs/shop-rules.md#on-sale): a price above ₹0 (with sizes,
 * every size's: the cheapest is what a card shows), a category of its own (not `Uncategorized`) and a picture. A
 * save that asks for an active product without them stores a draft (inactive) and says which are missing.
 */
export const SALE_REQUIREMENTS = ['price', 'category', 'picture'] as const;
export type SaleRequirement = (typeof SALE_REQUIREMENTS)[number];

export interface SaleFacts {
  /** Rupees: the product's own price (used without sizes). */
  price: number;
  category: string;
  variants: readonly { price: number }[];
  pictures: number;
}

/** The requirements the product lacks, in SALE_REQUIREMENTS's order (none: it may be active). */
export function missingForSale(product: SaleFacts): SaleRequirement[] {
  const lowest = cheapestVariantPrice(product.variants) ?? product.price;
  const category = product.category.trim();
  const missing: SaleRequirement[] = [];
  if (!(lowest > 0)) missing.push('price');
  if (category === '' || category === DEFAULT_CATEGORY) missing.push('category');
  if (product.pictures < 1) missing.push('picture');
  return missing;
}

/** The requirements in words: 'a price above ₹0, a category and a picture'. */
export function saleRequirementsText(missing: readonly SaleRequirement[], withSizes = false): string {
  const words = missing.map((requirement) =>
    requirement === 'price'
      ? withSizes
        ? 'a price above ₹0 for every size'
        : 'a price above ₹0'
      : requirement === 'category'
        ? `a category (not ${DEFAULT_CATEGORY})`
        : 'a picture',
  );
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** The notice of a save kept as a draft, saying exactly what is missing. */
export const draftNotice = (title: string, missing: readonly SaleRequirement[], withSizes = false) =>
  `"${title}" was saved as a draft (not on sale): it needs ${saleRequirementsText(missing, withSizes)} before it can be active.`;

/** The refusal of switching such a product to Active. */
export const notReadyForSale = (title: string, missing: readonly SaleRequirement[], withSizes = false) =>
  `"${title}" cannot be active yet: it needs ${saleRequirementsText(missing, withSizes)}.`;
