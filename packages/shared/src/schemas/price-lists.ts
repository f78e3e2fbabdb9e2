/**
 * Contracts of /api/admin/price-lists (docs/shop-rules.md#business-prices): the owner's price lists, their rules
 * (a category's percentage off, a product's or size's fixed price in rupees) and the businesses they are assigned to.
 */
import { z } from 'zod';
import { textSchema } from './fields';

export const PRICE_LIST_MESSAGES = {
  notFound: 'Price list not found.',
  saved: 'The price list was saved.',
  deleted: 'The price list was deleted; its businesses now buy at list prices.',
  assigned: 'The businesses of this price list were saved.',
  ruleTarget: 'A rule is either a category with a percentage off, or a product (optionally one size) with a price.',
  productNotFound: 'A rule names a product that does not exist.',
  variantNotOfProduct: 'A rule names a size that is not of its product.',
  duplicateRule: 'Two rules name the same category, product or size.',
  businessNotFound: 'A business to assign does not exist.',
} as const;

export const priceListRuleSchema = z.object({
  category: z.string().trim().min(1).max(100).nullable(),
  productId: z.uuid().nullable(),
  variantId: z.uuid().nullable(),
  /** A category's rule: percent off (above 0, below 100). */
  percentOff: z.number().gt(0).lt(100).nullable(),
  /** A product's or size's rule: the fixed unit price in rupees. */
  price: z.number().min(0).max(10_000_000).nullable(),
});
export type PriceListRuleInput = z.infer<typeof priceListRuleSchema>;

export const priceListBodySchema = z.object({
  name: textSchema('Name').trim().min(1, 'Name is required.').max(100),
  notes: textSchema('Notes').trim().max(1000).default(''),
  rules: z.array(priceListRuleSchema).max(2000),
});
export type PriceListBody = z.infer<typeof priceListBodySchema>;

export const assignPriceListBodySchema = z.object({ businessIds: z.array(z.uuid()).max(10_000) });
export type AssignPriceListBody = z.infer<typeof assignPriceListBodySchema>;

/** A rule as the owner's screen shows it: the names of what it targets beside their ids. */
export const priceListRuleDtoSchema = priceListRuleSchema.extend({
  productTitle: z.string().nullable(),
  size: z.string().nullable(),
  /** The product's (or size's) list price in rupees, to compare with. */
  listPrice: z.number().nullable(),
});
export type PriceListRuleDto = z.infer<typeof priceListRuleDtoSchema>;

export const priceListSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  notes: z.string(),
  ruleCount: z.number().int(),
  businessCount: z.number().int(),
  updatedAt: z.string(),
});
export type PriceListSummary = z.infer<typeof priceListSummarySchema>;

export const priceListDtoSchema = priceListSummarySchema.extend({
  rules: z.array(priceListRuleDtoSchema),
  /** The businesses it is assigned to. */
  businessIds: z.array(z.string()),
});
export type PriceListDto = z.infer<typeof priceListDtoSchema>;

/** Every business by legal name, with its list: the assignment picker's choices. */
export const priceListBusinessesSchema = z.array(
  z.object({ _id: z.string(), legalName: z.string(), priceListId: z.string().nullable() }),
);
export type PriceListBusiness = z.infer<typeof priceListBusinessesSchema>[number];

/** A product's quantity break as the form and the product page show it. */
export const quantityBreakSchema = z.object({
  minQty: z.number().int().min(2).max(1_000_000),
  percentOff: z.number().gt(0).lt(100),
});

/** Quantity breaks as the product form and the CSV write them: "10:5, 50:12.5" (from 10 units 5 % off, from 50 12.5 %). */
export function formatQuantityBreaks(breaks: readonly { minQty: number; percentOff: number }[]): string {
  return breaks.map((entry) => `${entry.minQty}:${entry.percentOff}`).join(', ');
}

export const QUANTITY_BREAKS_FORMAT =
  'Quantity breaks are written "10:5, 50:10": from 10 units 5 % off, from 50 units 10 % off.';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const orderQuantityField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a whole number of 1 or more.` })
      .int(`${label} must be a whole number of 1 or more.`)
      .min(1, `${label} must be a whole number of 1 or more.`)
      .max(1_000_000)
      .optional(),
  );

/**
 * The product form's order quantities and quantity breaks (docs/shop-rules.md#business-prices); a field not sent
 * keeps the product's value on an edit (1, 1 and none for a new product); breaks sent empty are cleared.
 */
export const productOrderFormFields = {
  minOrderQty: orderQuantityField('Minimum order quantity'),
  packSize: orderQuantityField('Pack size'),
  quantityBreaks: z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return [];
      return value.split(',').map((part) => {
        const [minQty, percentOff] = part.split(':').map((text) => Number(text.trim().replace(/%$/, '')));
        return { minQty, percentOff };
      });
    },
    z
      .array(quantityBreakSchema, { error: QUANTITY_BREAKS_FORMAT })
      .max(10)
      .refine((breaks) => breaks.every((entry, i) => i === 0 || entry.minQty > breaks[i - 1]!.minQty), {
        message: 'Quantity breaks go up: each starts at a larger quantity than the one before.',
      })
      .optional(),
  ),
};

export const priceListSummariesSchema = z.array(priceListSummarySchema);
