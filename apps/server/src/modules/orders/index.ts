/**
 * Orders (docs/shop-rules.md#orders, #order-status, #cancellation, #stock, #invoices). Others use: the routes
 * (app.ts), the rules and store functions of placing and settling an order (the checkout module), cancelOrderInTransaction (the payments module's expiry sweeper), orderItemRows (the seed's
 * demo history), returnStock (a test) and loadOrder (the order DTO, which app.ts hands to the mail worker).
 * Depends on cart, products and invoices (an order's tax invoice at "shipped", its credit note at
 * cancellation, and their downloads; docs/shop-rules.md#invoices), never on payments: a
 * cancellation asks for a refund through ctx.refunds (RefundRequester in context.ts), which the
 * payments module implements. The dependency between the two runs one way, payments -> orders.
 */
export { default as orderRoutes } from './routes';
export { default as approvalRoutes } from './approval-routes';
export { cancelOrderInTransaction } from './cancellation';
export { loadOrder } from './store/order-dto';
export { orderItemRows } from './pricing';
export { returnStock } from './store/stock';
export { orderDtoOf } from './store/order-dto';
export { priceOrder } from './pricing';
export {
  buyerTaxDetails,
  getOrder,
  orderBodyHash,
  placedItems,
  refuseTooManyUnpaid,
  refuseUnitsBeyondLimit,
  replayableOrder,
  type PlacedOrder,
} from './service';
export {
  countOpenUnpaidOrders,
  findOrderByKey,
  insertOrder,
  insertOrderItems,
  lockBuyer,
  moveToProcessing,
} from './store/orders';
export { reserveStock } from './store/stock';
