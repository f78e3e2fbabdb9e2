/**
 * The cart (docs/shop-rules.md#cart). Others use: the routes (app.ts), removeOrderedLines (orders
 * at a COD order) and removeLinesOfOrder (payments after a capture) and the refusals of a line's variant (orders' pricing).
 * Depends on products (line images).
 */
export { default as cartRoutes } from './routes';
export { CART_MESSAGES, removeLinesOfOrder, removeLinesOfOrderSql, removeOrderedLines } from './service';
