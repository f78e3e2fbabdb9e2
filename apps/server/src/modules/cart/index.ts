/**
 * The cart (docs/shop-rules.md#cart). Others use: the routes (app.ts), removeOrderedLines (checkout, placing
 * a COD order) and removeLinesOfOrder (checkout, settling a capture) and the refusals of a line's variant (orders' pricing).
 * Depends on products (line images).
 */
export { default as cartRoutes } from './routes';
export { CART_MESSAGES } from './service';
export { BUY_AGAIN_MESSAGES } from './buy-again';
export { removeLinesOfOrder, removeOrderedLines } from './store';
