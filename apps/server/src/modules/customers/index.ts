/**
 * The back office's Customers page (docs/shop-rules.md#customers-page): businesses and people, their figures, a
 * customer's detail and the CSV export, under /api/admin/customers. Reads businesses, users, orders and payments.
 */
export { default as customerRoutes } from './routes';
