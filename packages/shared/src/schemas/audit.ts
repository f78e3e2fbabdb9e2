/**
 * Contracts of the audit trail (docs/shop-rules.md#audit): every admin change, recorded append-only with who,
 * when and what, and read back by the History sections (an order's, a product's) and the admin's Activity page.
 */
import { z } from 'zod';

/** Every kind of recorded change, with the words the History and Activity lists use. */
export const AUDIT_KIND_LABELS = {
  'product.created': 'Product created',
  'product.updated': 'Product edited',
  'product.stock_adjusted': 'Stock adjusted',
  'product.activated': 'Product activated',
  'product.deactivated': 'Product deactivated',
  'product.deleted': 'Product deleted',
  'order.status_changed': 'Order status changed',
  'order.cod_paid': 'Cash on delivery marked paid',
  'order.refund_issued': 'Refund issued',
  'order.return_approved': 'Return approved',
  'order.return_refused': 'Return refused',
  'order.return_received': 'Returned goods received',
  'order.return_refunded': 'Return refunded',
  'order.debit_note_issued': 'Debit note issued',
  'quote.answered': 'Quote answered',
  'quote.revised': 'Quote revised',
  'quote.declined': 'Quote declined',
  'order.transfer_confirmed': 'Bank transfer confirmed',
  'order.instalment_paid_online': 'Instalment paid online',
  'order.transfer_rejected': 'Bank transfer rejected',
  'order.terms_changed': 'Payment terms changed',
  'settings.updated': 'Store settings changed',
  'staff.invited': 'Staff invited',
  'staff.role_changed': 'Staff role changed',
  'staff.removed': 'Staff removed',
  'price_list.saved': 'Price list saved',
  'price_list.deleted': 'Price list deleted',
  'price_list.assigned': 'Price list assigned',
  'business.created': 'Business created',
  'business.updated': 'Business edited',
  'business.outlet_added': 'Outlet added',
  'business.outlet_updated': 'Outlet edited',
  'business.outlet_removed': 'Outlet removed',
  'business.invited': 'Person invited to a business',
  'business.joined': 'Person joined a business',
  'business.role_changed': 'Business role changed',
  'business.member_removed': 'Person removed from a business',
  'order.approved': 'Order approved by the business',
  'order.rejected': 'Order rejected by the business',
  'compliance.default_changed': 'Compliance task changed',
  'compliance.default_reset': 'Compliance task back to default',
  'compliance.task_added': 'Compliance task added',
  'compliance.task_edited': 'Compliance task edited',
  'compliance.task_removed': 'Compliance task removed',
} as const;
export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as [AuditKind, ...AuditKind[]];

export const AUDIT_ENTITY_TYPES = [
  'product',
  'order',
  'settings',
  'staff',
  'price_list',
  'quote',
  'business',
  'compliance_task',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), email: z.string().nullable() }),
  kind: z.enum(AUDIT_KINDS),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string().nullable(),
  summary: z.string(),
  /** The changed fields, before and after; null when the change has no fields (e.g. deleted). */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
});
export type AuditEventDto = z.infer<typeof auditEventSchema>;

export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(AUDIT_KINDS).optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z.string().max(100).optional(),
  /** The person: the account's id. */
  actor: z.string().uuid().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditListResponseSchema = z.object({ data: z.array(auditEventSchema), total: z.number().int() });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** A person who appears in the trail (the Activity page's filter), with the e-mail of their latest record. */
export const auditActorSchema = z.object({ _id: z.string(), email: z.string().nullable() });
export type AuditActorDto = z.infer<typeof auditActorSchema>;
export const auditActorsResponseSchema = z.object({ data: z.array(auditActorSchema) });
