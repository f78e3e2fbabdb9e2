/**
 * The audit trail (docs/shop-rules.md#audit): recordAudit, which the admin's write paths (products, orders,
 * payments, settings) call inside the transaction of their change, changedFields for their before/after, and the
 * admin's read-only routes (auditRoutes, /api/admin) that app.ts registers. Depends on no other module.
 */
export {
  changedFields,
  recordAudit,
  recordAudits,
  type AuditActor,
  type AuditChanges,
  type AuditEventInput,
} from './record';
export { default as auditRoutes } from './routes';
