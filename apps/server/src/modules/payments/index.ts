/**
 * Payments (docs/shop-rules.md#payments, #webhook, #cod, #refunds). Others use: the routes
 * (app.ts), refundInBackground (app.ts wires it into ctx.refunds, the port through which orders
 * asks for refunds), and the sweeper and refund markers (tests). Depends on orders (cancellation),
 * cart (ordered lines leave the cart) and invoices (a settled payment and a COD "Mark as Paid"
 * issue the tax invoice); orders never imports payments.
 */
export { default as paymentRoutes } from './routes';
export { refundInBackground, REFUND_IN_PROGRESS } from './refund';
export { sweepExpiredOrders } from './sweeper';
