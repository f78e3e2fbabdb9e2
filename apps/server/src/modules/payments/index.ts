/**
 * Payments (docs/shop-rules.md#payments, #webhook, #cod, #refunds). Others use: the routes
 * (app.ts), refundInBackground (app.ts wires it into ctx.refunds, the port through which orders
 * asks for refunds), and the sweeper and refund markers (tests); the checkout module settles a capture through
 * the store functions below and refundCapturedPayment. Depends on orders (cancellation) and invoices (a COD "Mark as
 * Paid" issues the tax invoice); orders never imports payments. A capture is settled through ctx.checkout.
 */
export { default as paymentRoutes } from './routes';
export { refundInBackground, REFUND_IN_PROGRESS } from './refund';
export { sweepExpiredOrders } from './sweeper';
export { refundCapturedPayment } from './refund';
export { NO_ONLINE_PAYMENT, refundPartOfPayment } from './refund-part';
export type { SettleOutcome } from './settle';
export { insertPayment, lockOrderAndPayment, recordCapture, setSignature, type LockedPayment } from './store/payments';
export { offeredBankDetails, transferDueMail } from './bank-transfers';
export { refundInstalmentsInBackground } from './bank-online';
