/**
 * Staff accounts (docs/shop-rules.md#staff): the owner's invites, role changes and removals under /api/admin/staff.
 * Depends on `auth` (password links, sessions), `mail` (the invite e-mail) and `audit`.
 */
export { default as staffRoutes } from './routes';
