/**
 * Business accounts (docs/shop-rules.md#business-accounts). Others use: the routes (app.ts), membershipOf (which
 * business a user buys for, and as what), businessOutlet and approverEmails (checkout: the outlet an order goes to,
 * who approves it), businessApproval (an accepted quote's order waits for approval as checkout's does), isColleague (orders and returns: who reads a business's order). Depends on audit and mail; the approvals' routes live in the orders module (orders depends on business, never the reverse).
 */
export { default as businessRoutes } from './routes';
export { membershipOf, type Membership } from './store';
export { approverEmails, businessApproval, businessOutlet, isColleague, type BusinessPlacement } from './checkout';
