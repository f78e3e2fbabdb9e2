/**
 * Accounts and sessions (docs/shop-rules.md#accounts). Others use: the routes (app.ts), the
 * session lookup behind the auth plugin, and account creation and password hashing (seed, the
 * operator's command, test factories). Depends on no other module.
 */
export { default as authRoutes } from './routes';
export { createUser, ensureAdmin, hashPassword } from './service';
export { sessionAccount } from './sessions';
