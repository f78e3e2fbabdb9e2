/**
 * Requests for quote (docs/shop-rules.md#quotes): the routes app.ts registers under /api/quotes and
 * /api/admin/quotes. Depends on business (membership), checkout (the accepted quote's order), invoices (the
 * proforma), mail, audit and settings; no module imports quotes.
 */
export { adminQuoteRoutes, quoteRoutes } from './routes';
