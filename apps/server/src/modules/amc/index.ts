/**
 * Annual maintenance contracts (docs/shop-rules.md#amc). Others use: the routes (app.ts: adminAmcRoutes under
 * /api/admin, businessAmcRoutes under /api/business), recordContractsOfDelivery (orders: an admin's "delivered" makes
 * the contracts in its transaction) and visitsDue (the due view). Depends on assets (the covered tasks recorded),
 * business (who the caller is) and compliance (the schedule).
 */
export { adminAmcRoutes, businessAmcRoutes } from './routes';
export { recordContractsOfDelivery, visitsDue } from './service';
