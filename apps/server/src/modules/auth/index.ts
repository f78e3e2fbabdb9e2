/**
 * Accounts and sessions (docs/shop-rules.md#accounts), and the password reset by e-mail
 * (docs/shop-rules.md#password-reset). Others use: the routes (app.ts), the session lookup behind
 * the auth plugin, account creation and password hashing (seed, the operator's command, test
 * factories), and the password links and session cache that staff invites use (modules/staff). Depends on
 * `mail` (the welcome, account-exists and reset e-mails go through its outbox).
 */
export { default as authRoutes } from './routes';
export { createPasswordLink, revokePasswordLinks } from './store/password-links';
export { setPasswordUrl } from './password-reset';
export { createUser, ensureAdmin, hashPassword, NO_PASSWORD_HASH } from './service';
export { forgetSession, sessionAccount } from './sessions';
export { passwordPolicyProblem } from './password-policy';
