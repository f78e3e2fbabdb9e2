/**
 * Accounts and sessions (docs/shop-rules.md#accounts), and the password reset by e-mail
 * (docs/shop-rules.md#password-reset). Others use: the routes (app.ts), the session lookup behind
 * the auth plugin, and account creation and password hashing (seed, the operator's command, test
 * factories). Depends on `mail` (the welcome and reset e-mails go through its outbox).
 */
export { default as authRoutes } from './routes';
export { createUser, ensureAdmin, hashPassword } from './service';
export { sessionAccount } from './sessions';
