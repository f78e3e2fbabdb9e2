/**
 * Buying again (docs/shop-rules.md#buying-again): "Order again" of a past order and the quick order form (SKUs and
 * quantities typed or pasted from a spreadsheet). Both answer one report per line, in words, and the cart.
 */
import { z } from 'zod';
import { idSchema } from './fields';
import { cartLineSchema } from './cart';

/** What became of a line: added as it was, added with a change (price, quantity), or left out. */
export const BUY_AGAIN_STATES = ['added', 'changed', 'skipped'] as const;
export type BuyAgainState = (typeof BUY_AGAIN_STATES)[number];

export const reorderBodySchema = z.object({ orderId: idSchema });

/** One line of the past order and what the cart now holds of it, with what changed said plainly. */
export const reorderLineSchema = z.object({
  title: z.string(),
  size: z.string().nullable(),
  /** The quantity of the past order. */
  ordered: z.number().int(),
  /** What this call added to the cart (0 when left out). */
  added: z.number().int(),
  /** The current price in rupees, null when the line cannot be bought any more. */
  price: z.number().nullable(),
  state: z.enum(BUY_AGAIN_STATES),
  /** Sentences such as 'Price was ₹1,850/-, now ₹1,990/-.' or 'No longer sold.' */
  changes: z.array(z.string()),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

export const reorderResponseSchema = z.object({
  lines: z.array(reorderLineSchema),
  /** Lines that reached the cart. */
  added: z.number().int(),
  items: z.array(cartLineSchema),
});
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;

/** The most lines a quick order takes at once, and the most characters of its text. */
export const QUICK_ORDER_MAX_LINES = 200;
export const QUICK_ORDER_MAX_CHARS = 20_000;
export const QUICK_ORDER_MAX_QUANTITY = 10_000;

/** POST /api/cart/quick-order: the text as typed or pasted; `add` puts the valid lines in the cart (checked again). */
export const quickOrderBodySchema = z.object({
  text: z
    .string()
    .max(QUICK_ORDER_MAX_CHARS, `Paste at most ${QUICK_ORDER_MAX_CHARS.toLocaleString('en-IN')} characters.`),
  add: z.boolean().default(false),
});
export type QuickOrderBody = z.input<typeof quickOrderBodySchema>;

/** ok: can be added as asked; capped: can be added at the stock; refused: cannot be added (the message says why). */
export const QUICK_ORDER_STATES = ['ok', 'capped', 'refused'] as const;

export const quickOrderLineSchema = z.object({
  /** The text's line numbers holding this SKU (several when duplicate lines were merged), from 1. */
  rows: z.array(z.number().int()),
  sku: z.string(),
  /** The quantity asked (duplicates summed); null when it was not a whole number. */
  quantity: z.number().int().nullable(),
  state: z.enum(QUICK_ORDER_STATES),
  /** Why it is refused or capped, or that duplicate lines were merged; null when there is nothing to say. */
  message: z.string().nullable(),
  title: z.string().nullable(),
  size: z.string().nullable(),
  price: z.number().nullable(),
  /** What would be (or was) added: the quantity capped at the stock; 0 when refused. */
  toAdd: z.number().int(),
});
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>;

export const quickOrderResponseSchema = z.object({
  lines: z.array(quickOrderLineSchema),
  /** Lines that can be added (ok or capped). */
  valid: z.number().int(),
  /** With `add`: lines added and the cart after. */
  added: z.number().int().optional(),
  items: z.array(cartLineSchema).optional(),
});
export type QuickOrderResponse = z.infer<typeof quickOrderResponseSchema>;
