/**
 * Returns and debit notes (docs/shop-rules.md#returns, #debit-notes): the routes under /api/orders (app.ts). The
 * writes that span modules live here, each one transaction: a return's steps read and lock the order (its own store
 * reads the orders' rows it needs), put goods back through orders' returnStock, issue the credit note and debit
 * notes through invoices, refund through payments, and write mail and audit. No module imports returns.
 */
export { default as returnRoutes } from './routes';
