/** Contracts of /api/cart and /api/favorites (docs/shop-rules.md#cart). */
import { z } from 'zod';
import { PRODUCT_KINDS } from '../constants';
import { idSchema, indiaDaySchema } from './fields';
import { productImageSchema, variantSchema } from './products';

const variantIdSchema = z.preprocess(
  (value) => (value === '' || value === 'base' || value === undefined ? null : value),
  idSchema.nullable(),
);

/**
 * A service's booked day (docs/shop-rules.md#service-products), India's calendar: required for a service, from
 * tomorrow up to a year ahead, and refused for goods (the server checks it against the product). Empty: none.
 */
export const serviceDateSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  indiaDaySchema('Visit date').nullable().optional(),
);

export const cartAddBodySchema = z.object({
  productId: idSchema,
  variantId: variantIdSchema,
  quantity: z.coerce.number().int('Quantity must be a whole number.').default(1),
  serviceDate: serviceDateSchema,
});

export const cartUpdateBodySchema = z.object({
  productId: idSchema,
  variantId: variantIdSchema,
  quantity: z.coerce.number().int('Quantity must be a whole number.'),
  /** A service line's new day; not sent keeps the booked one. */
  serviceDate: serviceDateSchema,
});

export const cartRemoveBodySchema = z.object({
  productId: idSchema,
  variantId: variantIdSchema,
});

export const cartProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.number(),
  stock: z.number().int(),
  active: z.boolean(),
  images: z.array(productImageSchema),
  /** What quantities the line may hold (docs/shop-rules.md#business-prices). */
  minOrderQty: z.number().int(),
  packSize: z.number().int(),
  /** A service's line carries its booked day (docs/shop-rules.md#service-products). */
  kind: z.enum(PRODUCT_KINDS),
});

/** One cart line with its current price and stock, so the client can show what is out of stock. */
export const cartLineSchema = z.object({
  _id: z.string(),
  product: cartProductSchema,
  variant: variantSchema.nullable(),
  variantId: z.string().nullable(),
  /** At most the live stock when there is some: the quantity stored above it is answered clamped. */
  quantity: z.number().int(),
  /** A service's booked day (YYYY-MM-DD, India); null for goods, and for a service not booked yet (Order again). */
  serviceDate: z.string().nullable(),
  /** The buyer's unit price at this quantity (docs/shop-rules.md#business-prices). */
  price: z.number(),
  /** The list unit price, only when the buyer's price is lower. */
  listPrice: z.number().optional(),
  stock: z.number().int(),
  /**
   * Set when the line holds less than asked (docs/shop-rules.md#cart): more than the stock was added or typed, or
   * the stock fell under the line's quantity. E.g. 'Only 1 item in stock.'
   */
  notice: z.string().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartResponseSchema = z.object({ items: z.array(cartLineSchema) });
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const favoritesResponseSchema = z.object({ ids: z.array(z.string()) });
export const productIdParamsSchema = z.object({ productId: idSchema });
